import { createHash, createHmac } from 'node:crypto';
import { errorBodySchema, signInResponseSchema } from '@latchkey/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectCaptchaRefused, setCaptcha, solveCaptcha } from '../../test/captcha.js';
import { telegramFlow } from '../../test/telegramFlow.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { telegramDataCheckString, telegramHash } from './telegramLogin.js';
import { TELEGRAM_MAX_AUTH_AGE_S, telegramMessages } from './telegramSignIn.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const { freshState, login } = telegramFlow(() => t);
let counter = 0;
const unregisteredState = () => `tg-state-${Date.now().toString(36)}-${++counter}-abcdefgh`;

const expectError = (response: { status: number; body: unknown }, status: number, code: string) => {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(errorBodySchema.parse(response.body).error.code).toBe(code);
};

describe('Telegram sign-in', () => {
  it('default: the simulator signs like Telegram (HMAC-SHA-256 keyed with SHA-256 of the bot token); signin creates the user once', async () => {
    // The algorithm, checked against an independent computation.
    const sample = { id: 1, first_name: 'A', username: 'a', auth_date: 1700000000 };
    expect(telegramDataCheckString(sample)).toBe('auth_date=1700000000\nfirst_name=A\nid=1\nusername=a');
    const secret = createHash('sha256').update('123:token').digest();
    expect(telegramHash('123:token', sample)).toBe(createHmac('sha256', secret).update('auth_date=1700000000\nfirst_name=A\nid=1\nusername=a').digest('hex'));

    const state = await freshState();
    const { location, telegramAuth } = await login(state);
    expect(location.origin + location.pathname).toBe(`${t.sdk}/telegram/auth`);
    expect(location.searchParams.get('state')).toBe(state);
    const returnPage = await fetch(location.href);
    expect(returnPage.status).toBe(200);
    const html = await returnPage.text();
    expect(html).toContain('data-target-origin="http://localhost:5173"');
    expect(html).not.toMatch(/<script>[^<]/);

    const response = await t.call('POST', '/telegram/signin', { body: { telegramAuth, state } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = signInResponseSchema.parse(response.body);
    expect(body.user.newUser).toBe(true);
    expect(body.user.verifiedCredentials).toEqual([expect.objectContaining({ format: 'oauth', oauth_provider: 'telegram', oauth_account_id: '4242', oauth_username: 'ada' })]);

    // Another login (a second later: the same second's login is the same signed data, which signs in once).
    t.clock.advance(1000);
    const again = await login(await freshState());
    const second = await t.call('POST', '/telegram/signin', { body: { telegramAuth: again.telegramAuth, state: new URL(again.location).searchParams.get('state') } });
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(body.user.id);
  });

  it('default: initAuth binds the state to the caller\'s Origin; the popup needs no Referer (Referrer-Policy: no-referrer)', async () => {
    const state = await freshState('http://127.0.0.1:6006');
    const { location } = await login(state);
    const returnPage = await fetch(location.href, { headers: { referer: 'http://evil.example/' } });
    expect(await returnPage.text()).toContain('data-target-origin="http://127.0.0.1:6006"');
  });

  it('error: a state the app never registered opens the error page, whatever the Referer says; initAuth without an accepted Origin is 400', async () => {
    const page = await fetch(`${t.sdk}/telegram/auth?state=${unregisteredState()}`, { redirect: 'manual', headers: { referer: 'http://localhost:5173/app' } });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('This Telegram sign-in attempt is unknown, expired or already used.');
    for (const headers of [{}, { origin: 'http://evil.example' }, { origin: 'null' }] as Record<string, string>[]) {
      const response = await t.call('POST', '/telegram/initAuth', { body: {}, headers });
      expectError(response, 400, 'invalid_request');
    }
  });

  it('behavior: automaticEmbeddedWalletCreation gives a Telegram sign-up its embedded Solana wallet', async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { embeddedWallets: { automaticEmbeddedWalletCreation: true } } } });
    try {
      const state = await freshState();
      const { telegramAuth } = await login(state, { id: String(900_000 + counter), username: `auto${counter}` });
      const response = await t.call('POST', '/telegram/signin', { body: { telegramAuth, state } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const body = signInResponseSchema.parse(response.body);
      expect(body.user.newUser).toBe(true);
      expect(body.user.verifiedCredentials.filter((credential) => credential.format === 'blockchain' && credential.wallet_provider === 'embeddedWallet')).toHaveLength(1);
    } finally {
      await t.call('POST', '/sandbox/admin/reset-settings');
    }
  });

  it('error: tampered hash, tampered data, wrong state, replay, missing fields, wrong types — 4xx, nothing stored', async () => {
    const state = await freshState();
    const { telegramAuth } = await login(state, { id: '5151', username: 'grace' });
    const signIn = (body: unknown) => t.call('POST', '/telegram/signin', { body });
    const flipped = telegramAuth.hash.slice(0, -1) + (telegramAuth.hash.endsWith('0') ? '1' : '0');
    const tamperedHash = await signIn({ telegramAuth: { ...telegramAuth, hash: flipped }, state });
    expectError(tamperedHash, 400, 'invalid_verification');
    expect(tamperedHash.body.error.path).toBe('telegramAuth.hash');
    expectError(await signIn({ telegramAuth: { ...telegramAuth, id: 5152 }, state }), 400, 'invalid_verification');
    expectError(await signIn({ telegramAuth: { ...telegramAuth, username: 'mallory' }, state }), 400, 'invalid_verification');
    const wrongState = await signIn({ telegramAuth, state: unregisteredState() });
    expectError(wrongState, 400, 'invalid_verification');
    expect(wrongState.body.error.message).toBe('Failed to connect telegram account: Invalid random state');
    expectError(await signIn({ state }), 400, 'invalid_request');
    expectError(await signIn({ telegramAuth: { ...telegramAuth, id: '5151' }, state }), 400, 'invalid_request');
    expectError(await signIn({ telegramAuth: { ...telegramAuth, hash: 'zz' }, state }), 400, 'invalid_request');
    expectError(await t.call('GET', '/telegram/auth'), 400, 'invalid_request');

    const ok = await signIn({ telegramAuth, state });
    expect(ok.status).toBe(200);
    expect(ok.body.user.newUser).toBe(true); // none of the refused attempts created the user
    expectError(await signIn({ telegramAuth, state }), 400, 'invalid_verification'); // replay
  });

  it('error: a field holding a line break is refused: the data-check string joins fields with line breaks, so one could shift them (sign for id 6161, sign in as 6162)', async () => {
    const state = await freshState();
    const { telegramAuth } = await login(state, { id: '6161', username: 'x\nid=6162' });
    // The same data-check string ("first_name=…\nid=…\nusername=…"), its fields moved: another id under the same hash.
    const shifted = { id: 6162, firstName: 'Ada\nid=6161\nusername=x', authDate: telegramAuth.authDate, hash: telegramAuth.hash };
    const refused = await t.call('POST', '/telegram/signin', { body: { telegramAuth: shifted, state } });
    expectError(refused, 400, 'invalid_request');
    expect(refused.body.error.path).toBe('telegramAuth.firstName');
    for (const field of ['firstName', 'lastName', 'username'] as const) {
      const response = await t.call('POST', '/telegram/signin', { body: { telegramAuth: { ...telegramAuth, [field]: 'a\u0000b' }, state } });
      expectError(response, 400, 'invalid_request');
      expect(response.body.error.path).toBe(`telegramAuth.${field}`);
    }
    expectError(await t.call('POST', '/telegram/signin', { body: { telegramAuth, state } }), 400, 'invalid_request');
  });

  it("error: one login's signed data signs in once: replayed under fresh states (at once, concurrently, or 23 hours later, after the states are swept) it is 400 invalid_verification 'already used'", async () => {
    const { telegramAuth } = await login(await freshState(), { id: '6161', username: 'ada' });
    expect((await t.call('POST', '/telegram/signin', { body: { telegramAuth, state: await freshState() } })).status).toBe(200);
    const replay = async () => t.call('POST', '/telegram/signin', { body: { telegramAuth, state: await freshState() } });
    const again = await replay();
    expectError(again, 400, 'invalid_verification');
    expect(again.body.error.message).toBe(telegramMessages.alreadyUsed);
    const together = await Promise.all(Array.from({ length: 5 }, replay));
    expect(together.map((response) => response.status)).toEqual(Array(5).fill(400));
    // The states' sweep (an hour past their expiry) keeps what remembers the data for as long as it is good.
    t.clock.advance(23 * 3_600_000);
    for (let i = 0; i < 3; i++) await freshState();
    expectError(await replay(), 400, 'invalid_verification');
  });

  it('error: data older than a day is refused', async () => {
    const state = await freshState();
    const { telegramAuth } = await login(state, { id: '6161' });
    t.clock.advance((TELEGRAM_MAX_AUTH_AGE_S + 5) * 1000);
    // The state would have expired too: start a fresh one for the same (old) data.
    const fresh = await freshState();
    const response = await t.call('POST', '/telegram/signin', { body: { telegramAuth, state: fresh } });
    expectError(response, 400, 'invalid_verification');
    expect(response.body.error.path).toBe('telegramAuth.authDate');
  });

  it('default: link to a signed-in user; already linked and somebody else’s are refused', async () => {
    const owner = await t.signIn('tg-owner@example.com');
    const state = await freshState();
    const { telegramAuth } = await login(state, { id: '7171' });
    const linked = await t.call('POST', '/telegram/verify', { token: owner.jwt, body: { telegramAuth, state } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.user.verifiedCredentials.map((credential: { format: string }) => credential.format)).toEqual(['email', 'oauth']);
    t.clock.advance(1000);
    const again = await login(await freshState(), { id: '7171' });
    expectError(await t.call('POST', '/telegram/verify', { token: owner.jwt, body: { telegramAuth: again.telegramAuth, state: again.location.searchParams.get('state') } }), 400, 'account_already_linked');
    const other = await t.signIn('tg-other@example.com');
    t.clock.advance(1000);
    const theirs = await login(await freshState(), { id: '7171' });
    expectError(await t.call('POST', '/telegram/verify', { token: other.jwt, body: { telegramAuth: theirs.telegramAuth, state: theirs.location.searchParams.get('state') } }), 400, 'social_account_already_exists');
  });
});

describe('Telegram sign-in with the captcha on (security.hCaptcha)', () => {
  afterEach(() => setCaptcha(t, false));

  it('error: no token is captcha_required; a fresh one signs in; replayed it is invalid_captcha', async () => {
    const state = await freshState();
    const { telegramAuth } = await login(state, { id: '777001', first_name: 'Captcha' });
    await setCaptcha(t, true);
    expectCaptchaRefused(await t.call('POST', '/telegram/signin', { body: { telegramAuth, state } }), 'captcha_required');
    const captchaToken = await solveCaptcha(t);
    const response = await t.call('POST', '/telegram/signin', { body: { telegramAuth, state, captchaToken } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const again = await freshState();
    const next = await login(again, { id: '777001', first_name: 'Captcha' });
    expectCaptchaRefused(await t.call('POST', '/telegram/signin', { body: { telegramAuth: next.telegramAuth, state: again, captchaToken } }), 'invalid_captcha');
  });
});
