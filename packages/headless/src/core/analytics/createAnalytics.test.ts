import type { AnalyticsEvent } from '@latchkey/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeUser } from '../../test/fakeFetch.js';
import { createEmitter, type LatchkeyEvents } from '../events/createEmitter.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import { createStore } from '../storage/createStore.js';
import { ANONYMOUS_ID_KEY, createAnalytics, type AnalyticsConfig, type PageLifecycle } from './createAnalytics.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A page whose hiding the test decides. */
function fakePage(): PageLifecycle & { hide(): void; watching: number } {
  const listeners = new Set<() => void>();
  return {
    watchHide(onHide) {
      listeners.add(onHide);
      return () => listeners.delete(onHide);
    },
    hide: () => listeners.forEach((listener) => listener()),
    get watching() {
      return listeners.size;
    },
  };
}

function setup(config: Partial<AnalyticsConfig> = {}, adapter = createMemoryStorage()) {
  const sent: { events: AnalyticsEvent[]; keepalive: boolean }[] = [];
  const page = fakePage();
  const storage = createStore({ adapter, namespace: 'latchkey:test:', events: createEmitter<LatchkeyEvents>() });
  const analytics = createAnalytics({
    send: async (events, keepalive) => {
      sent.push({ events, keepalive });
    },
    storage,
    page,
    ...config,
  });
  return { analytics, sent, page, storage, adapter };
}

const started = { method: 'email' } as const;

describe('createAnalytics (SPEC §3 analytics events, POST /events)', () => {
  it('default: events wait for the flush interval (2000 ms), then go as one batch with one anonymous id', async () => {
    const { analytics, sent, storage } = setup();
    analytics.track('auth.signInStarted', started);
    analytics.track('auth.signInFailed', { method: 'email', code: 'invalid_code' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    const [batch] = sent;
    expect(batch?.keepalive).toBe(false);
    expect(batch?.events.map((event) => [event.event, event.properties])).toEqual([
      ['signInStarted', { method: 'email' }],
      ['signInFailed', { method: 'email', code: 'invalid_code' }],
    ]);
    const id = batch?.events[0]?.anonymousId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(batch?.events.every((event) => event.anonymousId === id && event.type === 'track')).toBe(true);
    expect(storage.get(ANONYMOUS_ID_KEY, { safeParse: (value) => ({ success: true as const, data: value }) })).toBe(id);
  });

  it('behavior: a full batch goes at once, without waiting for the timer', async () => {
    const { analytics, sent } = setup({ batchSize: 3 });
    for (let i = 0; i < 7; i += 1) analytics.track('auth.signInStarted', started);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((batch) => batch.events.length)).toEqual([3, 3]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.map((batch) => batch.events.length)).toEqual([3, 3, 1]);
  });

  it('behavior: the page being hidden sends the queue at once with keepalive', async () => {
    const { analytics, sent, page } = setup();
    analytics.track('wallet.connected', { walletName: 'phantom', address: 'So1ana', silent: false });
    page.hide();
    expect(sent).toEqual([{ keepalive: true, events: [expect.objectContaining({ event: 'walletConnected', properties: { walletName: 'phantom', silent: false } })] }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(1);
    // Nothing queued: hiding again sends nothing.
    page.hide();
    expect(sent).toHaveLength(1);
  });

  it('behavior: the anonymous id survives a reload (same storage), and differs for another storage', async () => {
    const adapter = createMemoryStorage();
    const first = setup({}, adapter);
    first.analytics.track('auth.signInStarted', started);
    await first.analytics.flush();
    const second = setup({}, adapter);
    second.analytics.track('auth.signInStarted', started);
    await second.analytics.flush();
    const other = setup();
    other.analytics.track('auth.signInStarted', started);
    await other.analytics.flush();
    const idOf = (sent: { events: AnalyticsEvent[] }[]) => sent[0]?.events[0]?.anonymousId;
    expect(idOf(second.sent)).toBe(idOf(first.sent));
    expect(idOf(other.sent)).not.toBe(idOf(first.sent));
  });

  it('behavior: properties carry no address, e-mail, user id or token; restored sessions and other events are not tracked', async () => {
    const { analytics, sent } = setup();
    const user = fakeUser({ email: 'ada@example.com', newUser: true });
    analytics.track('auth.signedIn', { user: user as never, expiresAt: '2030-01-01T00:00:00.000Z', restored: true });
    analytics.track('chain.changed', { chain: 'SOL' });
    analytics.track('auth.signedIn', { user: user as never, expiresAt: '2030-01-01T00:00:00.000Z', restored: false });
    analytics.track('wallet.linked', { walletName: 'phantom', address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', chain: 'SOL', transferred: false });
    analytics.track('wallet.unlinked', { verifiedCredentialId: 'vc-1' });
    analytics.track('embeddedWallet.created', { kind: 'custody', chains: ['SOL'] });
    analytics.track('mfa.enrolled', { type: 'totp' });
    analytics.track('auth.signedOut', { reason: 'user' });
    await analytics.flush();
    const events = sent.flatMap((batch) => batch.events);
    expect(events.map((event) => event.event)).toEqual(['signInSucceeded', 'walletLinked', 'walletUnlinked', 'embeddedWalletCreated', 'mfaEnrolled', 'signedOut']);
    const text = JSON.stringify(events.map((event) => event.properties));
    for (const secret of ['ada@example.com', '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', 'vc-1', String(user.id)]) expect(text).not.toContain(secret);
  });

  it('error: a batch the network could not deliver is kept and sent with the next flush; a refused one is dropped', async () => {
    let mode: 'offline' | 'refuse' | 'ok' = 'offline';
    const delivered: AnalyticsEvent[][] = [];
    const dropped: unknown[] = [];
    const { analytics } = setup({
      send: async (events) => {
        if (mode === 'offline') throw new TypeError('Failed to fetch');
        if (mode === 'refuse') throw new Response('{}', { status: 400 });
        delivered.push(events);
      },
      onDropped: (error) => dropped.push(error),
    });
    analytics.track('auth.signInStarted', started);
    await vi.advanceTimersByTimeAsync(2000);
    expect(delivered).toEqual([]);
    mode = 'ok';
    await vi.advanceTimersByTimeAsync(2000);
    expect(delivered.map((batch) => batch.map((event) => event.event))).toEqual([['signInStarted']]);
    mode = 'refuse';
    analytics.track('auth.signedOut', { reason: 'user' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(dropped).toHaveLength(1);
    mode = 'ok';
    await vi.advanceTimersByTimeAsync(10_000);
    expect(delivered).toHaveLength(1);
  });

  it('behavior: the queue is bounded while offline (the oldest dropped)', async () => {
    const delivered: AnalyticsEvent[][] = [];
    let online = false;
    const { analytics } = setup({
      batchSize: 5,
      maxQueue: 10,
      send: async (events) => {
        if (!online) throw new TypeError('Failed to fetch');
        delivered.push(events);
      },
    });
    for (let i = 0; i < 25; i += 1) analytics.track('auth.signInFailed', { method: 'sms', code: `c${i}` });
    await vi.advanceTimersByTimeAsync(0);
    online = true;
    await analytics.flush();
    const codes = delivered.flat().map((event) => event.properties?.code);
    expect(codes).toHaveLength(10);
    expect(codes.at(-1)).toBe('c24');
  });

  it('behavior: dispose sends what is queued, stops watching the page and arms no timer', async () => {
    const { analytics, sent, page } = setup();
    analytics.track('auth.signInStarted', started);
    await analytics.dispose();
    expect(sent).toHaveLength(1);
    expect(page.watching).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
