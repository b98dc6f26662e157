import type { SandboxContext } from '../../context.js';
import { redeemCaptchaToken } from '../../captcha/captchaTokens.js';
import { ApiError } from '../../errors/ApiError.js';

export const captchaMessages = {
  required: 'Complete the captcha first: this request needs a captchaToken.',
  invalid: 'The captcha is invalid, expired or already used; solve it again.',
} as const;

/**
 * With `security.hCaptcha.enabled`, the request's `captchaToken` is redeemed (once, for the project's site key):
 * 400 `captcha_required` without one, 400 `invalid_captcha` for an unknown, used, expired or foreign token.
 * With the captcha off, a token is ignored.
 */
export async function assertCaptcha(ctx: SandboxContext, captchaToken: string | undefined): Promise<void> {
  const captcha = (await ctx.settings.get()).security.hCaptcha;
  if (!captcha?.enabled) return;
  if (captchaToken === undefined || captchaToken === '') throw new ApiError(400, 'captcha_required', captchaMessages.required, 'captchaToken');
  const verdict = await redeemCaptchaToken(ctx.db, ctx.environmentId, captcha.siteKey ?? '', captchaToken, ctx.now());
  if (verdict !== 'ok') throw new ApiError(400, 'invalid_captcha', captchaMessages.invalid, 'captchaToken');
}
