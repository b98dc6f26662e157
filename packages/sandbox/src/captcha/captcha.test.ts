import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';
import { captchaMessages } from '../services/captcha/assertCaptcha.js';
import { CAPTCHA_TOKEN_TTL_MS } from './captchaTokens.js';

let t: TestSandbox;
let captchaUrl: string;
beforeAll(async () => {
  t = await startTestSandbox();
  captchaUrl = t.sandbox.info.captchaUrl;
});
afterAll(() => t.close());
afterEach(async () => {
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { hCaptcha: { enabled: false } } } });
});

const SITE_KEY = 'site-key-one';
const enable = (siteKey = SITE_KEY) => t.call('PUT', '/sandbox/admin/settings', { body: { security: { hCaptcha: { enabled: true, siteKey } } } });
/** What the widget's `execute` does: asks the emulator for a token. */
async function solve(sitekey = SITE_KEY): Promise<string> {
  const response = await fetch(`${captchaUrl}/challenge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sitekey }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}
let counter = 0;
const sendCode = (body: Record<string, unknown>) => t.call('POST', '/emailVerifications/create', { body: { email: `captcha-${++counter}@example.com`, ...body } });
const expectRefused = (response: { status: number; body: any }, code: 'captcha_required' | 'invalid_captcha') => {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.error).toEqual({ code, message: code === 'captcha_required' ? captchaMessages.required : captchaMessages.invalid, path: 'captchaToken' });
};

describe('captcha (security.hCaptcha)', () => {
  it('default: off, a code is sent without a token', async () => {
    expect((await sendCode({})).status).toBe(200);
  });

  it('default: on, GET /settings points the kit at the emulator\'s script, which the emulator serves', async () => {
    await enable();
    const settings = await t.call('GET', '/settings');
    expect(settings.body.security.hCaptcha).toEqual({ enabled: true, siteKey: SITE_KEY, scriptUrl: `${captchaUrl}/1/api.js` });
    const script = await fetch(`${captchaUrl}/1/api.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('window.hcaptcha = { render: render, execute: execute, reset: reset');
  });

  it('behavior: on, a fresh token sends a code; the same token replayed is refused (invalid_captcha) and sends nothing', async () => {
    await enable();
    const token = await solve();
    expect((await sendCode({ captchaToken: token })).status).toBe(200);
    const before = (await t.call('GET', '/sandbox/inbox', { headers: { accept: 'application/json' } })).body.length;
    expectRefused(await sendCode({ captchaToken: token }), 'invalid_captcha');
    expect((await t.call('GET', '/sandbox/inbox', { headers: { accept: 'application/json' } })).body.length).toBe(before);
  });

  it('error: on, no token is captcha_required; a made-up token is invalid_captcha (SMS too)', async () => {
    await enable();
    expectRefused(await sendCode({}), 'captcha_required');
    expectRefused(await sendCode({ captchaToken: 'P1_made-up' }), 'invalid_captcha');
    expectRefused(await t.call('POST', '/smsVerifications/create', { body: { phoneNumber: '2025550123', phoneCountryCode: '1', isoCountryCode: 'US' } }), 'captcha_required');
    const token = await solve();
    expect((await t.call('POST', '/smsVerifications/create', { body: { phoneNumber: '2025550123', phoneCountryCode: '1', isoCountryCode: 'US', captchaToken: token } })).status).toBe(200);
  });

  it('error: a token is bound to its site key and lives 120 s', async () => {
    await enable();
    const forOldKey = await solve();
    await enable('site-key-two');
    expectRefused(await sendCode({ captchaToken: forOldKey }), 'invalid_captcha');
    const late = await solve('site-key-two');
    t.clock.advance(CAPTCHA_TOKEN_TTL_MS + 1);
    expectRefused(await sendCode({ captchaToken: late }), 'invalid_captcha');
  });

  it('error: the emulator gives no token for a site key other than the project\'s, nor when the captcha is off', async () => {
    await enable();
    const foreign = await fetch(`${captchaUrl}/challenge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sitekey: 'not-ours' }) });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual({ error: 'invalid-sitekey' });
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { hCaptcha: { enabled: false } } } });
    expect((await fetch(`${captchaUrl}/challenge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sitekey: SITE_KEY }) })).status).toBe(400);
  });

  it('behavior: /siteverify answers hCaptcha\'s shape, once per token', async () => {
    await enable();
    const token = await solve();
    const verify = () => fetch(`${captchaUrl}/siteverify`, { method: 'POST', body: new URLSearchParams({ response: token, sitekey: SITE_KEY, secret: 'x' }) }).then((r) => r.json());
    expect(await verify()).toEqual({ success: true, sitekey: SITE_KEY });
    expect(await verify()).toEqual({ success: false, 'error-codes': ['invalid-or-already-seen-response'] });
  });

  it('behavior: two requests racing with one token — exactly one passes', async () => {
    await enable();
    const token = await solve();
    const statuses = (await Promise.all([sendCode({ captchaToken: token }), sendCode({ captchaToken: token })])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
  });
});
