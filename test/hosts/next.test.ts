import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../e2e/browser.js';
import { headlessSignIn, openPage, prebuiltSignIn, signInByApi, uniqueEmail } from './journeys.js';

/**
 * examples/next: Next.js 16 App Router (React 19) with the packed tarballs — the provider in the root layout (a
 * Server Component), the prebuilt button in a Server Component page, a headless page, a route handler and a page
 * that verify the session token against the sandbox's JWKS with jose. Production build (`next build`, `next start`).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const url = (path: string) => new URL(path, inject('nextUrl')).href;

/** The Cookie header of a browser whose kit (storage 'cookie') holds `jwt`, with the host's own theme cookie. */
function sessionCookie(jwt: string, theme: 'dark' | 'light'): string {
  const name = encodeURIComponent(`latchkey:${inject('hostsEnvironmentId')}:auth`);
  const value = encodeURIComponent(JSON.stringify({ jwt, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }));
  return `theme=${theme}; ${name}=${value}`;
}

describe('examples/next', () => {
  it('default: the server renders the button busy (restoring); in the browser it hydrates without a mismatch and settles', async () => {
    const html = await (await fetch(url('/'))).text();
    expect(html).toMatch(/<button[^>]*aria-busy="true"[^>]*>Sign in<\/button>/);
    expect(html).toContain('data-latchkey-root');

    const { page, problems } = await openPage(browser, url('/'));
    // The App Router runs the React 19 that Next.js vendors (a canary of the installed major).
    await expect.poll(() => page.getByTestId('react-version').textContent(), { timeout: 20_000 }).toMatch(/^React 19\./);
    const email = uniqueEmail('next');
    await prebuiltSignIn(page, email);

    // The session is in the kit's cookie: this app's server verifies it (page and route handler).
    await page.goto(url('/account'));
    await expect.poll(() => page.getByTestId('server-session').textContent(), { timeout: 10_000 }).toContain(`Verified on the server: ${email}`);
    const api = await page.request.get(url('/api/session'));
    expect(api.status()).toBe(200);
    expect(await api.json()).toMatchObject({ email, userId: expect.any(String), sessionId: expect.any(String) });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('default: the headless page — the host’s form on the hooks, no hydration warning', async () => {
    const { page, problems } = await openPage(browser, url('/headless'));
    await headlessSignIn(page, uniqueEmail('next-headless'));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('error: the route handler answers 401 without a token and for one that does not verify', async () => {
    const none = await fetch(url('/api/session'));
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: { code: 'unauthorized', message: 'No session token.' } });
    const { jwt } = await signInByApi(uniqueEmail('next-forged'));
    const [header, payload] = jwt.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(342)}`;
    const rejected = await fetch(url('/api/session'), { headers: { authorization: `Bearer ${forged}` } });
    expect(rejected.status).toBe(401);
    expect((await rejected.json()).error.message).toBe('The session token does not verify.');
  });

  it('behavior: no cross-request state — concurrent requests of two users each render their own user and theme', async () => {
    const alice = { email: uniqueEmail('alice'), theme: 'dark' as const };
    const bob = { email: uniqueEmail('bob'), theme: 'light' as const };
    const tokens = { alice: await signInByApi(alice.email), bob: await signInByApi(bob.email) };
    const requests = Array.from({ length: 8 }, (_, index) => {
      const [who, user] = index % 2 === 0 ? (['alice', alice] as const) : (['bob', bob] as const);
      return fetch(url('/account'), { headers: { cookie: sessionCookie(tokens[who].jwt, user.theme) } }).then(async (response) => ({ who, user, html: await response.text() }));
    });
    const apiRequests = Array.from({ length: 8 }, (_, index) => {
      const who = index % 2 === 0 ? ('alice' as const) : ('bob' as const);
      return fetch(url('/api/session'), { headers: { authorization: `Bearer ${tokens[who].jwt}` } }).then(async (response) => ({ who, body: await response.json() }));
    });
    const [pages, answers] = await Promise.all([Promise.all(requests), Promise.all(apiRequests)]);
    for (const { who, user, html } of pages) {
      const other = who === 'alice' ? bob : alice;
      expect(html).toContain(`Verified on the server: <strong>${user.email}</strong>`);
      expect(html).not.toContain(other.email);
      // The kit's root, rendered on the server with this request's theme.
      expect(html).toContain(`data-theme="${user.theme}"`);
      expect(html).not.toContain(`data-theme="${other.theme}"`);
    }
    for (const { who, body } of answers) {
      expect(body).toMatchObject({ email: who === 'alice' ? alice.email : bob.email, userId: tokens[who].userId });
    }
  });
});
