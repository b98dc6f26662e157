import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { DEFAULT_CODE_LIMITS } from './rateLimits.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
afterEach(async () => {
  await t.call('POST', '/sandbox/admin/reset-settings');
});

let counter = 0;
const freshEmail = () => `limited-${++counter}-${Date.now()}@example.com`;
const limits = (rateLimits: unknown) => t.call('PUT', '/sandbox/admin/settings', { body: { security: { rateLimits } } });
const create = (email: string) => t.call('POST', '/emailVerifications/create', { body: { email } });

/**
 * `Retry-After` counts down from the oldest send in the window by the real time since (the test clock runs on real
 * time too): `seconds` when the sends took under a second, a little less on a loaded machine, never more.
 */
function expectRetryAfter(response: { headers: Headers }, seconds: number): void {
  const value = Number(response.headers.get('retry-after'));
  expect(value).toBeLessThanOrEqual(seconds);
  expect(value).toBeGreaterThan(seconds - 5);
}

describe('rate limits on sending codes', () => {
  it('default: per recipient, sliding window — the limit-th+1 send is 429 too_many_email_verification_attempts with Retry-After; it frees as the window slides', async () => {
    expect((await limits({ emailVerification: { perRecipient: { limit: 3, windowSeconds: 60 } } })).status).toBe(200);
    const email = freshEmail();
    for (let index = 0; index < 2; index += 1) expect((await create(email)).status).toBe(200);
    t.clock.advance(30_000);
    expect((await create(email)).status).toBe(200);
    const refused = await create(email);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'too_many_email_verification_attempts', message: 'Too many email verification attempts.' });
    // The two oldest sends leave the window 30 s from now.
    expectRetryAfter(refused, 30);
    expect(await t.inbox(email)).toHaveLength(3);
    // Another address is not limited by this one.
    expect((await create(freshEmail())).status).toBe(200);
    t.clock.advance(30_001);
    expect((await create(email)).status).toBe(200);
    expect((await create(email)).status).toBe(200);
    expect((await create(email)).status).toBe(429);
  });

  it('default: per client address — across recipients, 429 too_many_requests "Rate limit reached" with Retry-After', async () => {
    await limits({ emailVerification: { perClient: { limit: 4, windowSeconds: 120 } } });
    // Every test here calls from this same loopback address: start from an empty window.
    t.clock.advance(121_000);
    for (let index = 0; index < 4; index += 1) expect((await create(freshEmail())).status).toBe(200);
    const refused = await create(freshEmail());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'too_many_requests', message: 'Rate limit reached' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(120);
    t.clock.advance(121_000);
    expect((await create(freshEmail())).status).toBe(200);
  });

  it('behavior: DELETE /sandbox/admin/rate-limits empties every window: the next send is measured from now', async () => {
    await limits({ emailVerification: { perClient: { limit: 1, windowSeconds: 600 } } });
    t.clock.advance(601_000);
    expect((await create(freshEmail())).status).toBe(200);
    expect((await create(freshEmail())).status).toBe(429);
    const cleared = await t.call('DELETE', '/sandbox/admin/rate-limits');
    expect(cleared.status).toBe(200);
    expect(cleared.body.deleted).toBeGreaterThanOrEqual(1);
    expect((await create(freshEmail())).status).toBe(200);
    const refused = await create(freshEmail());
    expect(refused.status).toBe(429);
    expectRetryAfter(refused, 600);
  });

  it('behavior: retries count as sends to the recipient', async () => {
    await limits({ emailVerification: { perRecipient: { limit: 2, windowSeconds: 600 } } });
    const email = freshEmail();
    const created = await create(email);
    expect((await t.call('POST', '/emailVerifications/retry', { body: { verificationUUID: created.body.verificationUUID, email } })).status).toBe(200);
    const refused = await t.call('POST', '/emailVerifications/retry', { body: { verificationUUID: created.body.verificationUUID, email } });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_email_verification_attempts');
    expectRetryAfter(refused, 600);
  });

  it('error: sub-addresses of one mailbox (+tags, any case) share its limit: the third of ada+1@, ADA+2@, ada@ is refused', async () => {
    await limits({ emailVerification: { perRecipient: { limit: 2, windowSeconds: 600 } } });
    const [local, domain] = freshEmail().split('@') as [string, string];
    expect((await create(`${local}+1@${domain}`)).status).toBe(200);
    expect((await create(`${local.toUpperCase()}+2@${domain}`)).status).toBe(200);
    const refused = await create(`${local}@${domain}`);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_email_verification_attempts');
    // Another mailbox is another count.
    expect((await create(`${local}-other@${domain}`)).status).toBe(200);
  });

  it('default: SMS has its own limits and code (too_many_sms_verification_attempts)', async () => {
    await limits({ smsVerification: { perRecipient: { limit: 1, windowSeconds: 60 } } });
    const body = { phoneCountryCode: '1', phoneNumber: '2015550123', isoCountryCode: 'US' };
    expect((await t.call('POST', '/smsVerifications/create', { body })).status).toBe(200);
    const refused = await t.call('POST', '/smsVerifications/create', { body });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'too_many_sms_verification_attempts', message: 'Too many SMS verification attempts.' });
    expectRetryAfter(refused, 60);
  });

  it('behavior: 20 sends at once against a limit of 5 → exactly 5 go out', async () => {
    await limits({ emailVerification: { perRecipient: { limit: 5, windowSeconds: 600 } } });
    const email = freshEmail();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => create(email).then((response) => response.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(await t.inbox(email)).toHaveLength(5);
  });

  it('default: without settings the defaults hold (per recipient and per client)', async () => {
    const email = freshEmail();
    for (let index = 0; index < DEFAULT_CODE_LIMITS.perRecipient.limit; index += 1) expect((await create(email)).status).toBe(200);
    expect((await create(email)).status).toBe(429);
  });

  it('error: a limit below 1 or a window beyond a day is refused by the admin settings route', async () => {
    expect((await limits({ emailVerification: { perRecipient: { limit: 0, windowSeconds: 60 } } })).status).toBe(400);
    expect((await limits({ smsVerification: { perClient: { limit: 5, windowSeconds: 86_401 } } })).status).toBe(400);
  });

  it('default: a browser may read Retry-After (CORS exposes it)', async () => {
    const response = await fetch(`${t.sdk}/emailVerifications/create`, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
      body: JSON.stringify({ email: freshEmail() }),
    });
    expect(response.headers.get('access-control-expose-headers')).toMatch(/Retry-After/i);
  });
});
