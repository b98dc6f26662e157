import { errorBodySchema, MAX_ANALYTICS_BATCH } from '@latchkey/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { ANALYTICS_RETENTION } from './analyticsEvents.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  expect((await t.call('DELETE', '/sandbox/admin/events')).status).toBe(200);
});

const stored = async (anonymousId?: string) =>
  (await t.call('GET', `/sandbox/admin/events${anonymousId ? `?anonymousId=${encodeURIComponent(anonymousId)}` : ''}`)).body as {
    anonymousId: string;
    event: string;
    properties: Record<string, unknown>;
    type: string;
    receivedAt: string;
  }[];

function expectRefused(response: { status: number; body: unknown }, path: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  const { error } = errorBodySchema.parse(response.body);
  expect(error.code).toBe('invalid_request');
  expect(error.path).toBe(path);
}

describe('POST /events (SPEC §3 analytics event)', () => {
  it('default: an event is stored as sent, with type track and when it arrived', async () => {
    const response = await t.call('POST', '/events', { body: { events: [{ anonymousId: 'anon-1', event: 'signInStarted', properties: { method: 'email' }, type: 'track' }] } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    const [event, ...rest] = await stored();
    expect(rest).toEqual([]);
    expect(event).toMatchObject({ anonymousId: 'anon-1', event: 'signInStarted', properties: { method: 'email' }, type: 'track' });
    expect(Number.isNaN(Date.parse(event!.receivedAt))).toBe(false);
  });

  it('behavior: a batch is stored in order; the admin route filters by anonymous id; properties default to {}', async () => {
    const events = [
      { anonymousId: 'anon-a', event: 'signInStarted', properties: { method: 'sms' }, type: 'track' },
      { anonymousId: 'anon-b', event: 'walletConnected', type: 'track' },
      { anonymousId: 'anon-a', event: 'signInSucceeded', properties: { newUser: true }, type: 'track' },
    ];
    expect((await t.call('POST', '/events', { body: { events } })).status).toBe(200);
    expect((await stored()).map((event) => event.event)).toEqual(['signInStarted', 'walletConnected', 'signInSucceeded']);
    expect((await stored('anon-a')).map((event) => event.event)).toEqual(['signInStarted', 'signInSucceeded']);
    expect((await stored('anon-b'))[0]?.properties).toEqual({});
  });

  it('error: a bad event or batch is refused with the field at fault, and nothing of it is stored', async () => {
    expectRefused(await t.call('POST', '/events', { body: { events: [{ anonymousId: 'a', event: 'e', type: 'page' }] } }), 'events[0].type');
    expectRefused(await t.call('POST', '/events', { body: { events: [{ anonymousId: '', event: 'e', type: 'track' }] } }), 'events[0].anonymousId');
    expectRefused(await t.call('POST', '/events', { body: { anonymousId: 'a', event: 'e', type: 'track' } }), 'events');
    expectRefused(await t.call('POST', '/events', { body: { events: [] } }), 'events');
    const tooMany = Array.from({ length: MAX_ANALYTICS_BATCH + 1 }, () => ({ anonymousId: 'a', event: 'e', type: 'track' }));
    expectRefused(await t.call('POST', '/events', { body: { events: tooMany } }), 'events');
    const oneBad = [{ anonymousId: 'a', event: 'ok', type: 'track' }, { anonymousId: 'a', event: 'x'.repeat(129), type: 'track' }];
    expectRefused(await t.call('POST', '/events', { body: { events: oneBad } }), 'events[1].event');
    expect(await stored()).toEqual([]);
  });

  it('behavior: the store is bounded — the oldest beyond the retention are dropped', async () => {
    const batch = (from: number) => Array.from({ length: MAX_ANALYTICS_BATCH }, (_, i) => ({ anonymousId: 'bulk', event: `e${from + i}`, type: 'track' }));
    const batches = Math.ceil(ANALYTICS_RETENTION / MAX_ANALYTICS_BATCH) + 1;
    for (let i = 0; i < batches; i += 1) expect((await t.call('POST', '/events', { body: { events: batch(i * MAX_ANALYTICS_BATCH) } })).status).toBe(200);
    const kept = await stored('bulk');
    expect(kept).toHaveLength(ANALYTICS_RETENTION);
    expect(kept.at(-1)?.event).toBe(`e${batches * MAX_ANALYTICS_BATCH - 1}`);
    expect(kept[0]?.event).toBe(`e${batches * MAX_ANALYTICS_BATCH - ANALYTICS_RETENTION}`);
  });
});
