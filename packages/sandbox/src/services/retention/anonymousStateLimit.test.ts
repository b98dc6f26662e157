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
});
