import { createHash, randomBytes } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { errorBodySchema, signInResponseSchema } from '@latchkey/protocol';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { APPLE_SDK_PATH, APPLE_WEB_MESSAGE_PATH } from './appleSdkEmulation.js';

/**
 * Sign in with Apple by its JS SDK, emulated on the OIDC provider's origin: no PKCE; the kit commits
 * to SHA-256(nonce) at initAuth, the ID token carries it, the raw nonce comes with the code.
 */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const APP_ORIGIN = 'http://localhost:5173';
const issuer = () => t.sandbox.info.oauthIssuer;

function newNonce(): { raw: string; hashed: string } {
  const raw = randomBytes(32).toString('base64url');
  return { raw, hashed: createHash('sha256').update(raw).digest('hex') };
}

async function initApple(hashedNonce: string) {
  const response = await t.call('POST', '/providers/apple/initAuth', { body: { nonce: hashedNonce }, headers: { origin: APP_ORIGIN } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { state: string; redirectUrl: string; authorizationUrl: string };
}

/** What the emulated `AppleID.auth.signIn()` popup does: the provider's /authorize in web_message mode, then the web-message page. */
async function popup(parameters: { clientId: string; redirectUri: string; state: string; nonce: string; origin?: string; email?: string }) {
  const authorize = new URL('/authorize', issuer());
  authorize.search = new URLSearchParams({
    provider: 'apple',
    client_id: parameters.clientId,
    redirect_uri: parameters.redirectUri,
    response_type: 'code',
    scope: 'name email',
    state: parameters.state,
    nonce: parameters.nonce,
    response_mode: 'web_message',
    web_message_origin: parameters.origin ?? APP_ORIGIN,
    login_hint: parameters.email ?? 'ada@example.test',
  }).toString();
  const redirect = await fetch(authorize, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const location = new URL(redirect.headers.get('location')!);
  const page = await fetch(location);
  const html = await page.text();
  const data = (name: string) => new RegExp(`data-${name}="([^"]*)"`).exec(html)?.[1];
  return { location, status: page.status, html, code: data('code'), idToken: data('id-token'), state: data('state'), origin: data('origin'), error: data('error') };
}

async function authorizeApple(nonce = newNonce()) {
  const attempt = await initApple(nonce.hashed);
  const clientId = new URL(attempt.authorizationUrl).searchParams.get('client_id')!;
  const answer = await popup({ clientId, redirectUri: attempt.redirectUrl, state: attempt.state, nonce: nonce.hashed });
  return { nonce, attempt, clientId, answer };
}

const expectError = (response: { status: number; body: unknown }, status: number, code: string, field?: string) => {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const { error } = errorBodySchema.parse(response.body);
  expect(error.code).toBe(code);
  if (field !== undefined) expect((error as { path?: string }).path).toBe(field);
};

describe('Sign in with Apple JS (emulated on the OIDC origin)', () => {
  it('default: the settings point Apple at the emulation, which serves the SDK script with CORS', async () => {
    const settings = await t.call('GET', '/settings');
    const apple = (settings.body as { providers: { provider: string; baseAuthUrl?: string }[] }).providers.find((entry) => entry.provider === 'apple');
    expect(apple?.baseAuthUrl).toBe(issuer());
    const script = await fetch(new URL(APPLE_SDK_PATH, issuer()), { headers: { origin: APP_ORIGIN } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    const text = await script.text();
    expect(text).toContain('window.AppleID = { auth: { init: init, signIn: signIn } }');
    expect(text).toContain(JSON.stringify(new URL(issuer()).origin));
  });

  it('default: initAuth with a hashed nonce → web message with code, ID token and state → signIn with the raw nonce', async () => {
    const { nonce, attempt, clientId, answer } = await authorizeApple();
    expect(new URL(attempt.authorizationUrl).searchParams.get('nonce')).toBe(nonce.hashed);
    expect(new URL(attempt.authorizationUrl).searchParams.get('code_challenge')).toBeNull();
    expect(answer.location.origin + answer.location.pathname).toBe(new URL(APPLE_WEB_MESSAGE_PATH, issuer()).href);
    expect(answer.status).toBe(200);
    expect(answer.origin).toBe(APP_ORIGIN);
    expect(answer.state).toBe(attempt.state);
    const claims = decodeJwt(answer.idToken!);
    expect(claims).toMatchObject({ nonce: nonce.hashed, aud: clientId, iss: issuer(), email: 'ada@example.test' });

    const response = await t.call('POST', '/providers/apple/signIn', { body: { code: answer.code, state: attempt.state, nonce: nonce.raw } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const signedIn = signInResponseSchema.parse(response.body);
    expect(signedIn.user.verifiedCredentials.some((credential) => credential.format === 'oauth')).toBe(true);
    // The code and the state are spent.
    expectError(await t.call('POST', '/providers/apple/signIn', { body: { code: answer.code, state: attempt.state, nonce: nonce.raw } }), 400, 'invalid_verification', 'state');
  });

  it('error: wrong nonce, no nonce, a PKCE verifier, wrong state, foreign redirect URI, foreign nonce — then the right exchange still works once', async () => {
    const { nonce, attempt, clientId, answer } = await authorizeApple();
    const exchange = (body: Record<string, unknown>) => t.call('POST', '/providers/apple/signIn', { body: { code: answer.code, state: attempt.state, ...body } });
    expectError(await exchange({ nonce: newNonce().raw }), 400, 'invalid_verification', 'nonce');
    expectError(await exchange({}), 400, 'invalid_request', 'codeVerifier');
    expectError(await exchange({ codeVerifier: nonce.raw }), 400, 'invalid_verification', 'codeVerifier');
    expectError(await exchange({ nonce: nonce.raw, state: newNonce().raw }), 400, 'invalid_verification', 'state');

    // A code the provider issued for another redirect URI, or for a request with another nonce: not this attempt's.
    const otherUri = await popup({ clientId, redirectUri: `${APP_ORIGIN}/elsewhere`, state: attempt.state, nonce: nonce.hashed });
    expectError(await exchange({ code: otherUri.code, nonce: nonce.raw }), 400, 'invalid_verification', 'code');
    const otherNonce = await popup({ clientId, redirectUri: attempt.redirectUrl, state: attempt.state, nonce: newNonce().hashed });
    expectError(await exchange({ code: otherNonce.code, nonce: nonce.raw }), 400, 'invalid_verification', 'code');

    // Nothing above spent the state or the code.
    expect((await exchange({ nonce: nonce.raw })).status).toBe(200);
    expectError(await exchange({ nonce: nonce.raw }), 400, 'invalid_verification', 'state');
  });

  it('default: linking by nonce (/verify, bearer) adds the Apple account; the same account again → account_already_linked', async () => {
    const signedIn = await t.signIn('apple-linker@example.test');
    const link = async () => {
      const nonce = newNonce();
      const attempt = await initApple(nonce.hashed);
      const clientId = new URL(attempt.authorizationUrl).searchParams.get('client_id')!;
      const answer = await popup({ clientId, redirectUri: attempt.redirectUrl, state: attempt.state, nonce: nonce.hashed, email: 'apple-linked@example.test' });
      return t.call('POST', '/providers/apple/verify', { token: signedIn.jwt, body: { code: answer.code, state: attempt.state, nonce: nonce.raw } });
    };
    const linked = await link();
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(signInResponseSchema.parse(linked.body).user.verifiedCredentials.filter((credential) => credential.format === 'oauth')).toHaveLength(1);
    expectError(await link(), 400, 'account_already_linked');
  });

  it('error: PKCE stays required for every other provider; an Apple redirect by nonce returns only to a loopback app', async () => {
    expectError(await t.call('POST', '/providers/google/initAuth', { body: { nonce: newNonce().hashed } }), 400, 'invalid_request', 'codeChallenge');
    expectError(await t.call('POST', '/providers/google/initAuth', { body: { nonce: newNonce().hashed, redirectUrl: `${APP_ORIGIN}/app` } }), 400, 'invalid_request', 'codeChallenge');
    expectError(await t.call('POST', '/providers/apple/initAuth', { body: { nonce: newNonce().hashed, redirectUrl: 'https://evil.example/app' } }), 400, 'invalid_request', 'redirectUrl');
    expectError(await t.call('POST', '/providers/apple/initAuth', { body: { nonce: 'not-hex' } }), 400, 'invalid_request', 'nonce');
    // A Google state cannot be completed with a nonce.
    const verifier = randomBytes(32).toString('base64url');
    const google = await t.call('POST', '/providers/google/initAuth', { body: { codeChallenge: createHash('sha256').update(verifier).digest('base64url') } });
    expect(google.status).toBe(200);
    const state = (google.body as { state: string }).state;
    expectError(await t.call('POST', '/providers/google/signIn', { body: { code: 'some-code', state, nonce: newNonce().raw } }), 400, 'invalid_request', 'codeVerifier');
  });

  it("behavior: the SDK's redirect mode (usePopup false) takes the top window to the provider; the return lands on the app with code and state; the raw nonce signs in", async () => {
    const nonce = newNonce();
    const response = await t.call('POST', '/providers/apple/initAuth', { body: { nonce: nonce.hashed, redirectUrl: `${APP_ORIGIN}/app?tab=2` }, headers: { origin: APP_ORIGIN } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const attempt = response.body as { state: string; redirectUrl: string; authorizationUrl: string };
    const clientId = new URL(attempt.authorizationUrl).searchParams.get('client_id')!;
    expect(new URL(attempt.authorizationUrl).searchParams.get('response_mode')).toBe('query');

    // The emulated script, run as a page would: init, then signIn() navigates the top window and never settles.
    const script = await (await fetch(new URL(APPLE_SDK_PATH, issuer()))).text();
    const navigations: string[] = [];
    const page: Record<string, unknown> = { URL, Object, Promise, setInterval, clearInterval, setTimeout, location: { origin: APP_ORIGIN } };
    page['window'] = page;
    page['top'] = { location: { assign: (url: string) => navigations.push(url) } };
    page['open'] = () => {
      throw new Error('no popup in redirect mode');
    };
    runInNewContext(script, page);
    const appleId = (page['AppleID'] as { auth: { init(options: unknown): void; signIn(): Promise<unknown> } }).auth;
    appleId.init({ clientId, scope: 'name email', redirectURI: attempt.redirectUrl, state: attempt.state, nonce: nonce.hashed, usePopup: false });
    let settled = false;
    void appleId.signIn().then(
      () => (settled = true),
      () => (settled = true),
    );
    expect(navigations).toHaveLength(1);
    const request = new URL(navigations[0]!);
    expect(request.origin + request.pathname).toBe(`${issuer()}/signin`);
    expect(Object.fromEntries(request.searchParams)).toEqual({
      provider: 'apple',
      client_id: clientId,
      redirect_uri: attempt.redirectUrl,
      response_type: 'code',
      scope: 'name email',
      state: attempt.state,
      nonce: nonce.hashed,
      response_mode: 'query',
    });

    // What the browser does there: the sign-in page's form → /authorize → the redirect page → back to the app.
    const signInPage = await fetch(request);
    expect(signInPage.status).toBe(200);
    const authorize = new URL('/authorize', issuer());
    authorize.search = request.search;
    authorize.searchParams.set('login_hint', 'ada-redirect@example.test');
    const toRedirectPage = await fetch(authorize, { redirect: 'manual' });
    expect(toRedirectPage.status).toBe(302);
    const redirectPage = new URL(toRedirectPage.headers.get('location')!);
    expect(redirectPage.origin + redirectPage.pathname).toBe(attempt.redirectUrl);
    const toApp = await fetch(redirectPage, { redirect: 'manual' });
    expect(toApp.status).toBe(302);
    const back = new URL(toApp.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${APP_ORIGIN}/app`);
    expect(back.searchParams.get('tab')).toBe('2');
    expect(back.searchParams.get('provider')).toBe('apple');
    expect(back.searchParams.get('state')).toBe(attempt.state);
    const code = back.searchParams.get('code')!;
    expect(settled).toBe(false);

    // Only the raw nonce behind the committed hash completes it; a PKCE verifier does not.
    expectError(await t.call('POST', '/providers/apple/signIn', { body: { code, state: attempt.state, codeVerifier: nonce.raw } }), 400, 'invalid_verification', 'codeVerifier');
    const signedIn = await t.call('POST', '/providers/apple/signIn', { body: { code, state: attempt.state, nonce: nonce.raw } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signInResponseSchema.parse(signedIn.body).user.verifiedCredentials.some((credential) => credential.format === 'oauth')).toBe(true);
  });

  it('behavior: Cancel on the page answers user_cancelled_authorize; no loopback origin, nothing posted', async () => {
    const nonce = newNonce();
    const attempt = await initApple(nonce.hashed);
    const deny = new URL('/deny', issuer());
    deny.search = new URLSearchParams({ redirect_uri: attempt.redirectUrl, state: attempt.state, response_mode: 'web_message', web_message_origin: APP_ORIGIN }).toString();
    const refused = await fetch(deny, { redirect: 'manual' });
    const location = new URL(refused.headers.get('location')!);
    expect(location.pathname).toBe(APPLE_WEB_MESSAGE_PATH);
    expect(location.searchParams.get('error')).toBe('user_cancelled_authorize');
    const page = await (await fetch(location)).text();
    expect(page).toContain('data-error="user_cancelled_authorize"');

    const clientId = new URL(attempt.authorizationUrl).searchParams.get('client_id')!;
    const foreign = await popup({ clientId, redirectUri: attempt.redirectUrl, state: attempt.state, nonce: nonce.hashed, origin: 'https://evil.example' });
    expect(foreign.status).toBe(400);
    expect(foreign.code).toBeUndefined();
    expect(foreign.origin).toBeUndefined();
  });
});
