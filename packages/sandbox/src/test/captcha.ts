import { expect } from 'vitest';
import { captchaMessages } from '../services/captcha/assertCaptcha.js';
import type { TestSandbox } from './testSandbox.js';

export const TEST_SITE_KEY = 'site-key-one';

/** Turns `security.hCaptcha` on (or off) for the test sandbox's project. */
export async function setCaptcha(t: TestSandbox, enabled: boolean, siteKey = TEST_SITE_KEY): Promise<void> {
  const response = await t.call('PUT', '/sandbox/admin/settings', { body: { security: { hCaptcha: enabled ? { enabled, siteKey } : { enabled } } } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** What the widget's `execute` does: asks the sandbox's captcha emulator for a fresh token. */
export async function solveCaptcha(t: TestSandbox, sitekey = TEST_SITE_KEY): Promise<string> {
  const response = await fetch(`${t.sandbox.info.captchaUrl}/challenge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sitekey }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A 400 with the captcha error of `assertCaptcha` (missing token, or an unknown/used/foreign one). */
export function expectCaptchaRefused(response: { status: number; body: any }, code: 'captcha_required' | 'invalid_captcha'): void {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.error).toEqual({ code, message: code === 'captcha_required' ? captchaMessages.required : captchaMessages.invalid, path: 'captchaToken' });
}
