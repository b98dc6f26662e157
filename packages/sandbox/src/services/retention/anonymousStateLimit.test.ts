import { createHash, randomBytes } from 'node:crypto';
import { errorBodySchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { ANONYMOUS_STATE_LIMIT } from '../rateLimits/rateLimits.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const socialInit = () =>
  t.call('POST', '/providers/google/initAuth', {
    body: { codeChallenge: createHash('sha256').update(randomBytes(32)).digest('base64url'), codeChallengeMethod: 'S256' },
    headers: { origin: 'http://localhost:5173' },
  });

const telegramInit = () => t.call('POST', '/telegram/initAuth', { body: {}, headers: { origin: 'http://localhost:5173' } });

function expectRateLimited(response: Awaited<ReturnType<TestSandbox['call']>>): void {
  expect(response.status, JSON.stringify(response.body)).toBe(429);
  expect(errorBodySchema.parse(response.body).error).toMatchObject({ code: 'too_many_requests', message: 'Rate limit reached' });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('anonymous one-time state, per client address', () => {
  it('behavior: past ANONYMOUS_STATE_LIMIT nonces, OAuth and Telegram states and passkey challenges in a window, the client gets 429 too_many_requests with Retry-After; a window later it is served again', async () => {
    // Nonces, OAuth and Telegram states and passkey sign-in challenges count together, in batches of 20 at once.
    const kinds = [() => t.call('GET', '/nonce'), socialInit, telegramInit, () => t.call('GET', '/users/passkeys/signin')];
    for (let sent = 0; sent < ANONYMOUS_STATE_LIMIT.limit; sent += 20) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => kinds[(sent + i) % kinds.length]!()));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    }
    for (const kind of kinds) expectRateLimited(await kind());

    t.clock.advance(ANONYMOUS_STATE_LIMIT.windowSeconds * 1000 + 1000);
    for (const kind of kinds) expect((await kind()).status).toBe(200);
  });

  it('behavior: security.rateLimits.anonymousState.perClient sets the window (limit and length), out-of-range windows are refused and change nothing, and without it the default applies again', async () => {
    const kinds = [() => t.call('GET', '/nonce'), socialInit, telegramInit, () => t.call('GET', '/users/passkeys/signin')];
    t.clock.advance(ANONYMOUS_STATE_LIMIT.windowSeconds * 1000 + 1000);
    const put = (perClient: unknown) => t.call('PUT', '/sandbox/admin/settings', { body: { security: { rateLimits: { anonymousState: { perClient } } } } });
    for (const bad of [{ limit: 0, windowSeconds: 30 }, { limit: 3, windowSeconds: 86_401 }, { limit: 3 }, { limit: 1.5, windowSeconds: 30 }]) {
      expect((await put(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.call('PUT', '/sandbox/admin/settings', { body: {} })).body.security.rateLimits?.anonymousState).toBeUndefined();

    expect((await put({ limit: 3, windowSeconds: 30 })).status).toBe(200);
    for (const kind of kinds.slice(0, 3)) expect((await kind()).status).toBe(200);
    for (const kind of kinds) {
      const refused = await kind();
      expectRateLimited(refused);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    }
    t.clock.advance(31_000);
    expect((await kinds[3]!()).status).toBe(200);

    expect((await t.call('POST', '/sandbox/admin/reset-settings')).status).toBe(200);
    // The default (600 a minute) counts the same events: a few more pass.
    for (const kind of kinds) expect((await kind()).status).toBe(200);
  });
});
