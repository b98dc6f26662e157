import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';
import { apiKeyStamp } from './createCustodyClient.js';
import { STAMP_FRESHNESS_MS } from './handleCustodyRequest.js';
import { newApiKeyPair } from './testHelpers.js';

/** Stamped custody submits cannot be replayed: a freshness window on `timestampMs`, and each exact body once. */
let t: TestSandbox;
let key: { privateKey: string; publicKey: string };
let organizationId: string;
beforeAll(async () => {
  t = await startTestSandbox();
  key = newApiKeyPair();
  const created = await t.call('POST', '/sandbox/custody/organizations', { body: { publicKey: key.publicKey } });
  organizationId = created.body.organizationId;
});
afterAll(() => t.close());

const submit = (body: string) =>
  fetch(`${t.sandbox.info.custodyBaseUrl}/public/v1/submit/create_policy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-stamp': apiKeyStamp(body, key) },
    body,
  }).then(async (response) => ({ status: response.status, body: await response.json() }));

let policies = 0;
const policyBody = (timestampMs: number) =>
  JSON.stringify({
    type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
    timestampMs: String(timestampMs),
    organizationId,
    parameters: { policyName: `p${++policies}`, effect: 'EFFECT_ALLOW' },
  });

describe('custody stamps: freshness and replay', () => {
  it('default: a fresh stamped submit is accepted once; the same bytes again are refused (3) and change nothing', async () => {
    const body = policyBody(t.clock.now().getTime());
    const first = await submit(body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const replay = await submit(body);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 3, message: 'invalid request: this exact request was already submitted (replayed fingerprint)' });
  });

  it('error: a timestampMs outside ±5 minutes of the server clock is refused (3), before and after', async () => {
    const now = t.clock.now().getTime();
    for (const timestampMs of [now - STAMP_FRESHNESS_MS - 1000, now + STAMP_FRESHNESS_MS + 1000]) {
      const response = await submit(policyBody(timestampMs));
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(3);
      expect(response.body.message).toMatch(/timestampMs is outside the freshness window/);
    }
    // Inside the window either way is fine.
    expect((await submit(policyBody(now - STAMP_FRESHNESS_MS + 5000))).status).toBe(200);
    expect((await submit(policyBody(now + 30_000))).status).toBe(200);
  });

  it('behavior: 20 identical submits at once → exactly one is accepted', async () => {
    const body = policyBody(t.clock.now().getTime());
    const statuses = await Promise.all(Array.from({ length: 20 }, () => submit(body).then((response) => response.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
  });

  it('behavior: a refused submit leaves no fingerprint (fixed and resent, it goes through)', async () => {
    const stale = policyBody(t.clock.now().getTime() - STAMP_FRESHNESS_MS - 60_000);
    expect((await submit(stale)).status).toBe(400);
    t.clock.advance(-(STAMP_FRESHNESS_MS + 60_000));
    try {
      expect((await submit(stale)).status).toBe(200);
    } finally {
      t.clock.advance(STAMP_FRESHNESS_MS + 60_000);
    }
  });
});
