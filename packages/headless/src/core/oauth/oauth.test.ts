import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPkce } from './pkce.js';
import { hasRedirectReturn, readRedirectReturn, storedRedirectAttempt } from './redirectAttempt.js';
import { isSafariOrIos } from './socialBrowser.js';

describe('oauth helpers', () => {
  it('default: the PKCE challenge is base64url(SHA-256(verifier)); verifiers differ', async () => {
    const a = await createPkce();
    const b = await createPkce();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toBe(createHash('sha256').update(a.verifier).digest('base64url'));
    expect(a.verifier).not.toBe(b.verifier);
  });

  it('default: a redirect return is read and the URL cleaned of it', () => {
    expect(readRedirectReturn('http://localhost:5173/app?tab=1&provider=github&state=abc&code=xyz#top')).toEqual({
      provider: 'github', state: 'abc', code: 'xyz', error: undefined, cleanUrl: 'http://localhost:5173/app?tab=1#top',
    });
    expect(hasRedirectReturn('http://localhost:5173/app?code=xyz')).toBe(false);
  });

  it('behavior: the stored attempt guard refuses anything malformed', () => {
    expect(storedRedirectAttempt.safeParse({ provider: 'github', purpose: 'signIn', state: 's', verifier: 'v', createdAt: 1 }).success).toBe(true);
    expect(storedRedirectAttempt.safeParse({ provider: 'github', purpose: 'other', state: 's', verifier: 'v', createdAt: 1 }).success).toBe(false);
    expect(storedRedirectAttempt.safeParse(null).success).toBe(false);
  });

  it('behavior: Safari and iOS prefer the redirect; Chrome does not', () => {
    expect(isSafariOrIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15')).toBe(true);
    expect(isSafariOrIos('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 CriOS/120.0 Mobile/15E148 Safari/604.1')).toBe(true);
    expect(isSafariOrIos('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36')).toBe(false);
  });
});
