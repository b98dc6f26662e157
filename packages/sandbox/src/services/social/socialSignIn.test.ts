import { randomBytes } from 'node:crypto';
import { errorBodySchema, signInResponseSchema, totpRegistrationSchema } from '@latchkey/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectCaptchaRefused, setCaptcha, solveCaptcha } from '../../test/captcha.js';
import { APP_ORIGIN, oauthFlow, pkce } from '../../test/oauthFlow.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { MFA_NEXT_VIEW } from '../mfa/mfa.js';
import { OAUTH_STATE_TTL_MS } from './socialSignIn.js';
import { totpCode } from '../mfa/totp.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const { init, authorize, codeFor } = oauthFlow(() => t);

async function fullSignIn(provider = 'google', email = 'ada@example.test') {
  const attempt = await init(provider);
  const { location } = await authorize(attempt.authorizationUrl, email);
  const code = location.searchParams.get('code')!;
  const response = await t.call('POST', `/providers/${provider}/signIn`, { body: { code, codeVerifier: attempt.verifier, state: attempt.state } });
  return { attempt, code, response };
}


describe('social sign-in: the provider says whether the e-mail is verified', () => {
  it("error: an e-mail the provider did not verify (email_verified false) enters nothing: not the new user's profile, not the token's claims, not the linked account's e-mails", async () => {
    const email = `unverified-${Date.now()}@example.test`;
    const attempt = await init('google');
    const { location } = await authorize(attempt.authorizationUrl, email, true);
    const response = await t.call('POST', '/providers/google/signIn', { body: { code: location.searchParams.get('code'), codeVerifier: attempt.verifier, state: attempt.state } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.user.email).toBeUndefined();
    expect(JSON.stringify(response.body.user)).not.toContain(email);
    const claims = JSON.parse(Buffer.from(String(response.body.jwt).split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims['email']).toBeUndefined();
    // The same account verified later brings its e-mail in.
    const verified = await init('google');
    const again = await authorize(verified.authorizationUrl, email);
    const signedIn = await t.call('POST', '/providers/google/signIn', { body: { code: again.location.searchParams.get('code'), codeVerifier: verified.verifier, state: verified.state } });
    expect(signedIn.body.user.id).toBe(response.body.user.id);
    expect(JSON.stringify(signedIn.body.user.verifiedCredentials)).toContain(email);
  });
});

describe('social sign-in (OIDC provider on its own origin)', () => {
  it('default: initAuth → provider sign-in page → redirect page posts to the opener → signIn', async () => {
    const attempt = await init('google');
    expect(attempt.state.length).toBeGreaterThanOrEqual(43);
    expect(attempt.redirectUrl).toBe(`${t.sdk}/providers/google/redirect`);
    const authUrl = new URL(attempt.authorizationUrl);
    expect(authUrl.origin).toBe(t.sandbox.info.oauthIssuer);
    expect(authUrl.origin).not.toBe(t.sandbox.url);
    expect(authUrl.searchParams.get('code_challenge')).toBe(attempt.challenge);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('redirect_uri')).toBe(attempt.redirectUrl);

    const { location, page } = await authorize(attempt.authorizationUrl, 'grace@example.test');
    expect(location.href.startsWith(attempt.redirectUrl + '?')).toBe(true);
    expect(location.searchParams.get('state')).toBe(attempt.state);
    const code = location.searchParams.get('code')!;
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain(`data-code="${code}"`);
    expect(html).toContain(`data-target-origin="${APP_ORIGIN}"`);
    expect(html).not.toMatch(/<script>[^<]/);

    const response = await t.call('POST', '/providers/google/signIn', { body: { code, codeVerifier: attempt.verifier, state: attempt.state } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = signInResponseSchema.parse(response.body);
    expect(body.user.newUser).toBe(true);
    expect(body.user.email).toBe('grace@example.test');
    expect(body.user.verifiedCredentials).toEqual([
      expect.objectContaining({ format: 'oauth', oauth_provider: 'google', oauth_emails: ['grace@example.test'], oauth_display_name: 'Grace' }),
    ]);

    // The same account again: the same user, not a new one.
    const again = await fullSignIn('google', 'grace@example.test');
    expect(again.response.status).toBe(200);
    expect(again.response.body.user.id).toBe(body.user.id);
    expect(again.response.body.user.newUser).toBe(false);
  });

  it('behavior: the same e-mail at another provider is another social account', async () => {
    const google = await fullSignIn('google', 'linus@example.test');
    const github = await fullSignIn('github', 'linus@example.test');
    expect(github.response.status).toBe(200);
    expect(github.response.body.user.id).not.toBe(google.response.body.user.id);
  });

  it('behavior: the redirect strategy sends the browser back to the app with code and state', async () => {
    const attempt = await init('github', { redirectUrl: `${APP_ORIGIN}/app?tab=1` });
    const { page } = await authorize(attempt.authorizationUrl);
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${APP_ORIGIN}/app`);
    expect(back.searchParams.get('tab')).toBe('1');
    expect(back.searchParams.get('state')).toBe(attempt.state);
    expect(back.searchParams.get('provider')).toBe('github');
    const response = await t.call('POST', '/providers/github/signIn', { body: { code: back.searchParams.get('code'), codeVerifier: attempt.verifier, state: attempt.state } });
    expect(response.status).toBe(200);
  });

  it('behavior: a refusal at the provider comes back as error on the redirect page', async () => {
    const attempt = await init('google');
    const url = new URL(attempt.authorizationUrl);
    const deny = new URL('/deny', url.origin);
    deny.search = url.search;
    const redirect = await fetch(deny, { redirect: 'manual' });
    const location = new URL(redirect.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    const html = await (await fetch(location)).text();
    expect(html).toContain('data-error="access_denied"');
    expect(html).not.toContain('data-code');
  });

  it('error: an unknown state on the redirect page posts nothing (no target origin)', async () => {
    const page = await t.call('GET', `/providers/google/redirect?code=abc&state=${'x'.repeat(43)}`);
    expect(page.status).toBe(400);
    expect(String(page.body)).not.toContain('data-target-origin');
  });

  it("behavior: the popup's redirect page is titled with branding popupPageTitle (escaped)", async () => {
    const path = `/providers/google/redirect?code=abc&state=${'x'.repeat(43)}`;
    expect(String((await t.call('GET', path)).body)).toContain('<title>Latchkey Demo</title>');
    await t.call('PUT', '/sandbox/admin/settings', { body: { design: { branding: { popupPageTitle: 'Acme <Rewards>' } } } });
    try {
      expect(String((await t.call('GET', path)).body)).toContain('<title>Acme &lt;Rewards&gt;</title>');
    } finally {
      await t.call('PUT', '/sandbox/admin/settings', { body: { design: { branding: { popupPageTitle: 'Latchkey Demo' } } } });
    }
  });
});

describe('social sign-in: bad input changes nothing', () => {
  const expectError = (response: { status: number; body: unknown }, status: number, code: string) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(errorBodySchema.parse(response.body).error.code).toBe(code);
  };

  it('error: missing fields, wrong types, wrong method → 400 invalid_request', async () => {
    expectError(await t.call('POST', '/providers/google/initAuth', { body: {} }), 400, 'invalid_request');
    expectError(await t.call('POST', '/providers/google/initAuth', { body: { codeChallenge: 42 } }), 400, 'invalid_request');
    expectError(await t.call('POST', '/providers/google/initAuth', { body: { codeChallenge: pkce().challenge, codeChallengeMethod: 'plain' } }), 400, 'invalid_request');
    expectError(await t.call('POST', '/providers/google/initAuth', { body: { codeChallenge: pkce().challenge, redirectUrl: 'https://evil.example/cb' } }), 400, 'invalid_request');
    expectError(await t.call('POST', '/providers/google/signIn', { body: { code: 'x', state: 'y'.repeat(20) } }), 400, 'invalid_request');
    expectError(await t.call('POST', '/providers/google/signIn', { body: { code: 1, codeVerifier: pkce().verifier, state: 'y'.repeat(20) } }), 400, 'invalid_request');
    expectError(await t.call('POST', '/providers/google/signIn', { rawBody: '{', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
    expectError(await t.call('POST', '/providers/nosuch/initAuth', { body: { codeChallenge: pkce().challenge } }), 404, 'not_found');
  });

  it('error: a provider the settings do not enable → provider_not_available', async () => {
    expectError(await t.call('POST', '/providers/gitlab/initAuth', { body: { codeChallenge: pkce().challenge } }), 400, 'provider_not_available');
    expectError(await t.call('POST', '/providers/telegram/initAuth', { body: { codeChallenge: pkce().challenge } }), 400, 'provider_not_available');
  });

  it('error: wrong verifier, wrong state, foreign code — then the right exchange still works once', async () => {
    const attempt = await init('google');
    const { location } = await authorize(attempt.authorizationUrl, 'mallory@example.test');
    const code = location.searchParams.get('code')!;
    const signIn = (body: Record<string, unknown>) => t.call('POST', '/providers/google/signIn', { body: { code, codeVerifier: attempt.verifier, state: attempt.state, ...body } });

    const wrongVerifier = await signIn({ codeVerifier: pkce().verifier });
    expectError(wrongVerifier, 400, 'invalid_verification');
    expect(wrongVerifier.body.error.path).toBe('codeVerifier');
    const wrongState = await signIn({ state: randomBytes(32).toString('base64url') });
    expectError(wrongState, 400, 'invalid_verification');
    expect(wrongState.body.error.message).toBe('Invalid random state');
    expectError(await signIn({ code: 'not-a-code-the-provider-issued' }), 400, 'invalid_verification');
    // The code of another attempt, with this attempt's state and verifier.
    const other = await init('google');
    const otherCode = (await authorize(other.authorizationUrl)).location.searchParams.get('code')!;
    expectError(await signIn({ code: otherCode }), 400, 'invalid_verification');
    // Another provider's route for this state.
    expectError(await t.call('POST', '/providers/github/signIn', { body: { code, codeVerifier: attempt.verifier, state: attempt.state } }), 400, 'invalid_verification');

    const ok = await signIn({});
    expect(ok.status).toBe(200);
    expect(ok.body.user.newUser).toBe(true); // nothing before it created the user
    const replay = await signIn({});
    expectError(replay, 400, 'invalid_verification');
  });

  it('error: an expired state', async () => {
    const attempt = await init('google');
    const { location } = await authorize(attempt.authorizationUrl);
    t.clock.advance(OAUTH_STATE_TTL_MS + 1000);
    const response = await t.call('POST', '/providers/google/signIn', { body: { code: location.searchParams.get('code'), codeVerifier: attempt.verifier, state: attempt.state } });
    expectError(response, 400, 'invalid_verification');
  });
});

describe('linking and unlinking social accounts', () => {
  it('default: link a second social account, then unlink it; the last credential cannot go', async () => {
    const signedIn = await t.signIn('link-owner@example.com');
    const link = await t.call('POST', '/providers/github/verify', { token: signedIn.jwt, body: await codeFor('github', 'owner-gh@example.test') });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const credentials = link.body.user.verifiedCredentials as Array<{ id: string; format: string; oauth_provider?: string }>;
    expect(credentials.map((credential) => credential.format)).toEqual(['email', 'oauth']);
    expect(link.body.user.id).toBe(signedIn.user.id);

    // Already mine.
    const again = await t.call('POST', '/providers/github/verify', { token: signedIn.jwt, body: await codeFor('github', 'owner-gh@example.test') });
    expectError(again, 400, 'account_already_linked');
    // Somebody else's.
    const stranger = await fullSignIn('google', 'stranger@example.test');
    expect(stranger.response.status).toBe(200);
    const theirs = await t.call('POST', '/providers/google/verify', { token: signedIn.jwt, body: await codeFor('google', 'stranger@example.test') });
    expectError(theirs, 400, 'social_account_already_exists');
    const user = await t.call('GET', '/users', { token: signedIn.jwt });
    expect(user.body.user.verifiedCredentials).toHaveLength(2);

    // Without a token.
    expectError(await t.call('POST', '/providers/google/verify', { body: await codeFor('google', 'x@example.test') }), 401, 'unauthorized');

    const oauthId = credentials.find((credential) => credential.format === 'oauth')!.id;
    const emailId = credentials.find((credential) => credential.format === 'email')!.id;
    expectError(await t.call('POST', '/verify/unlink', { token: signedIn.jwt, body: { verifiedCrentialId: stranger.response.body.user.verifiedCredentials[0].id } }), 400, 'invalid_unlink_request');
    expectError(await t.call('POST', '/verify/unlink', { token: signedIn.jwt, body: {} }), 400, 'invalid_request');
    const unlinked = await t.call('POST', '/verify/unlink', { token: signedIn.jwt, body: { verifiedCrentialId: oauthId } });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.user.verifiedCredentials.map((credential: { id: string }) => credential.id)).toEqual([emailId]);
    const last = await t.call('POST', '/verify/unlink', { token: signedIn.jwt, body: { verifiedCrentialId: emailId } });
    expectError(last, 400, 'forbidden_unlink_request');
    expect((await t.call('GET', '/users', { token: signedIn.jwt })).body.user.verifiedCredentials).toHaveLength(1);
  });

  function expectError(response: { status: number; body: unknown }, status: number, code: string) {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(errorBodySchema.parse(response.body).error.code).toBe(code);
  }
});

describe('social sign-in and MFA', () => {
  it('behavior: automaticEmbeddedWalletCreation gives a social sign-up its embedded Solana wallet; a returning sign-in gets no second one', async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { embeddedWallets: { automaticEmbeddedWalletCreation: true } } } });
    try {
      const email = `auto-wallet-${Date.now()}@example.test`;
      const first = await fullSignIn('google', email);
      expect(first.response.status, JSON.stringify(first.response.body)).toBe(200);
      const wallets = (body: any) => body.user.verifiedCredentials.filter((credential: any) => credential.format === 'blockchain' && credential.wallet_provider === 'embeddedWallet');
      expect(first.response.body.user.newUser).toBe(true);
      expect(wallets(first.response.body)).toHaveLength(1);
      const again = await fullSignIn('google', email);
      expect(again.response.status).toBe(200);
      expect(wallets(again.response.body).map((credential: any) => credential.address)).toEqual(wallets(first.response.body).map((credential: any) => credential.address));
    } finally {
      await t.call('POST', '/sandbox/admin/reset-settings');
    }
  });

  it('behavior: with a verified TOTP device, a social sign-in answers an MFA challenge, not a session', async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
    try {
      const email = 'mfa-social@example.test';
      const first = await fullSignIn('google', email);
      expect(first.response.status, JSON.stringify(first.response.body)).toBe(200);
      const jwt = signInResponseSchema.parse(first.response.body).jwt;
      expect(jwt).toBeTruthy();
      const registration = totpRegistrationSchema.parse((await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body);
      const verified = await t.call('POST', '/users/mfa/register/totp', {
        token: jwt,
        body: { id: registration.id, code: totpCode(registration.secret, t.clock.now()) },
      });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);

      const second = await fullSignIn('google', email);
      expect(second.response.status, JSON.stringify(second.response.body)).toBe(200);
      const body = signInResponseSchema.parse(second.response.body);
      expect(body).toMatchObject({ mfaToken: expect.any(String), nextView: MFA_NEXT_VIEW });
      expect(body.jwt).toBeUndefined();
    } finally {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: false } } } });
    }
  });
});

describe('social sign-in with the captcha on (security.hCaptcha)', () => {
  afterEach(() => setCaptcha(t, false));

  it('error: no token is captcha_required before the code is exchanged; the code still works once solved', async () => {
    const attempt = await init('google');
    const { location } = await authorize(attempt.authorizationUrl, 'captcha-social@example.test');
    const code = location.searchParams.get('code')!;
    await setCaptcha(t, true);
    const body = { code, codeVerifier: attempt.verifier, state: attempt.state };
    expectCaptchaRefused(await t.call('POST', '/providers/google/signIn', { body }), 'captcha_required');
    expectCaptchaRefused(await t.call('POST', '/providers/google/signIn', { body: { ...body, captchaToken: 'P1_made-up' } }), 'invalid_captcha');
    const captchaToken = await solveCaptcha(t);
    const response = await t.call('POST', '/providers/google/signIn', { body: { ...body, captchaToken } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.jwt).toBeTruthy();
  });

  it('error: a token already used is invalid_captcha', async () => {
    await setCaptcha(t, true);
    const captchaToken = await solveCaptcha(t);
    const first = await init('google');
    const one = (await authorize(first.authorizationUrl, 'captcha-social-1@example.test')).location.searchParams.get('code')!;
    expect((await t.call('POST', '/providers/google/signIn', { body: { code: one, codeVerifier: first.verifier, state: first.state, captchaToken } })).status).toBe(200);
    const second = await init('google');
    const two = (await authorize(second.authorizationUrl, 'captcha-social-2@example.test')).location.searchParams.get('code')!;
    expectCaptchaRefused(await t.call('POST', '/providers/google/signIn', { body: { code: two, codeVerifier: second.verifier, state: second.state, captchaToken } }), 'invalid_captcha');
  });
});
