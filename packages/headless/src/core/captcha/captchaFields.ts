import type { CaptchaRunner } from './createCaptchaRunner.js';

/** A client that may run the project's captcha (`client.captcha`; absent in some tests and custom clients). */
export interface CaptchaClient {
  captcha?: Pick<CaptchaRunner, 'token'> | undefined;
}

/**
 * The captcha part of a sign-in request: `{ captchaToken }` with a freshly solved token when the project's captcha
 * is on (`security.hCaptcha`), else nothing. Solved right before the request (a token is good once, for 120 s).
 */
export async function captchaFields(client: CaptchaClient): Promise<{ captchaToken?: string }> {
  const captchaToken = await client.captcha?.token();
  return captchaToken === undefined ? {} : { captchaToken };
}
