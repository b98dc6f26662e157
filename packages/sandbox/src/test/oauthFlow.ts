import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestSandbox } from './testSandbox.js';

/** The app's origin the flows start from. */
export const APP_ORIGIN = 'http://localhost:5173';

/** A PKCE verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The browser's side of a social sign-in against a test sandbox's OAuth provider (`sandbox()`: the sandbox, once started). */
export function oauthFlow(sandbox: () => TestSandbox) {
  async function init(provider = 'google', extra: Record<string, unknown> = {}) {
    const { verifier, challenge } = pkce();
    const response = await sandbox().call('POST', `/providers/${provider}/initAuth`, { body: { codeChallenge: challenge, codeChallengeMethod: 'S256', ...extra }, headers: { origin: APP_ORIGIN } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { verifier, challenge, ...(response.body as { state: string; redirectUrl: string; authorizationUrl: string }) };
  }

  /** What a browser does: open the provider's sign-in page, submit the form, follow to the redirect page. */
  async function authorize(authorizationUrl: string, email = 'ada@example.test', emailUnverified = false): Promise<{ location: URL; page: Response }> {
    const signInPage = await fetch(authorizationUrl);
    expect(signInPage.status).toBe(200);
    const html = await signInPage.text();
    expect(html).toContain('action="/authorize"');
    const url = new URL(authorizationUrl);
    const authorizeUrl = new URL('/authorize', url.origin);
    for (const [key, value] of url.searchParams) authorizeUrl.searchParams.set(key, value);
    authorizeUrl.searchParams.set('login_hint', email);
    if (emailUnverified) authorizeUrl.searchParams.set('email_unverified', '1');
    const redirect = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!);
    const page = await fetch(location, { redirect: 'manual' });
    return { location, page };
  }

  /** A code for `email`'s account at `provider`, with its attempt's verifier and state: the body of a signIn or verify. */
  async function codeFor(provider: string, email: string) {
    const attempt = await init(provider);
    const { location } = await authorize(attempt.authorizationUrl, email);
    return { code: location.searchParams.get('code')!, codeVerifier: attempt.verifier, state: attempt.state };
  }

  return { init, authorize, codeFor };
}
