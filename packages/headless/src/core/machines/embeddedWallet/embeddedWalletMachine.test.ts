import { createActor, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { embeddedWalletMachine, embeddedWalletStatus, type ActiveSession, type EmbeddedSessionClient } from './embeddedWalletMachine.js';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const fakeKey = (name: string) => ({ privateKey: { name } as unknown as CryptoKey, publicKey: `02${name.padEnd(64, '0')}` });

function start(overrides: Partial<EmbeddedSessionClient> = {}) {
  const clock = new SimulatedClock();
  clock.set(T0);
  const calls = { restore: 0, create: 0 };
  const client: EmbeddedSessionClient = {
    now: () => clock.now(),
    restore: async () => {
      calls.restore++;
      return undefined;
    },
    create: async () => {
      calls.create++;
      return { key: fakeKey(`k${calls.create}`), expiresAt: clock.now() + 60_000 };
    },
    ...overrides,
  };
  const actor = createActor(embeddedWalletMachine, { input: { client }, clock }).start();
  const settled = () => waitFor(actor, (snapshot) => snapshot.matches('active') || snapshot.matches('failed') || snapshot.matches('none'));
  return { actor, clock, calls, settled, status: () => embeddedWalletStatus(actor.getSnapshot()) };
}

describe('embeddedWalletMachine', () => {
  it('default: none → loading → active with the created session and its expiry', async () => {
    const { actor, calls, status } = start();
    expect(status()).toBe('none');
    actor.send({ type: 'user.open' });
    expect(status()).toBe('loading');
    await waitFor(actor, (snapshot) => snapshot.matches('active'));
    expect(calls).toEqual({ restore: 1, create: 1 });
    expect(actor.getSnapshot().context.session?.expiresAt).toBe(T0 + 60_000);
  });

  it('behavior: a stored unexpired session is restored, not created', async () => {
    const stored: ActiveSession = { key: fakeKey('stored'), expiresAt: T0 + 10_000 };
    const { actor, calls } = start({ restore: async () => stored });
    actor.send({ type: 'user.open' });
    await waitFor(actor, (snapshot) => snapshot.matches('active'));
    expect(actor.getSnapshot().context.session).toBe(stored);
    expect(calls.create).toBe(0);
  });

  it('behavior: a stored session already expired is not restored', async () => {
    const { actor, calls } = start({ restore: async () => ({ key: fakeKey('old'), expiresAt: T0 - 1 }) });
    actor.send({ type: 'user.open' });
    await waitFor(actor, (snapshot) => snapshot.matches('active'));
    expect(calls.create).toBe(1);
  });

  it('behavior: the session ends at its expiry (simulated clock) → none', async () => {
    const { actor, clock, status } = start();
    actor.send({ type: 'user.open' });
    await waitFor(actor, (snapshot) => snapshot.matches('active'));
    clock.increment(59_999);
    expect(status()).toBe('active');
    clock.increment(1);
    expect(status()).toBe('none');
    expect(actor.getSnapshot().context.session).toBeUndefined();
  });

  it('behavior: a rejected key drops the session and recreates it without restore', async () => {
    let restores = 0;
    const { actor, calls } = start({
      restore: async () => {
        restores++;
        return { key: fakeKey('stored'), expiresAt: T0 + 60_000 };
      },
    });
    actor.send({ type: 'user.open' });
    await waitFor(actor, (snapshot) => snapshot.matches('active'));
    expect(restores).toBe(1);
    actor.send({ type: 'server.keyRejected' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('active'));
    expect(restores).toBe(1);
    expect(calls.create).toBe(1);
    expect(actor.getSnapshot().context.session?.key.publicKey).toMatch(/^02k1/);
  });

  it("error: creation fails → failed with 'Failed to create or restore session' (cause kept); user.open tries again", async () => {
    const cause = new Error('offline');
    let fail = true;
    const { actor, calls } = start({
      create: async () => {
        calls.create++;
        if (fail) throw cause;
        return { key: fakeKey('ok'), expiresAt: T0 + 1000 };
      },
    });
    actor.send({ type: 'user.open' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    const error = actor.getSnapshot().context.error;
    expect(error).toBeInstanceOf(LatchkeyError);
    expect(error?.message).toBe('Failed to create or restore session');
    expect(error?.cause).toBe(cause);
    fail = false;
    actor.send({ type: 'user.open' });
    await waitFor(actor, (snapshot) => snapshot.matches('active'));
  });

  it('error: custody unreachable → network_error with the user sentence (not the session wording); user.open tries again', async () => {
    const { actor } = start({
      create: async () => {
        throw new LatchkeyError('network_error', { cause: new TypeError('Failed to fetch') });
      },
    });
    actor.send({ type: 'user.open' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'network_error', message: 'Network error. Check your connection and try again.' });
  });

  it("error: no wallet → failed with 'No custody account'", async () => {
    const { actor } = start({
      restore: async () => {
        throw new LatchkeyError('no_custody_account');
      },
    });
    actor.send({ type: 'user.open' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toBe('No custody account');
  });

  it('behavior: a recovered session is active at once', () => {
    const { actor, status } = start();
    actor.send({ type: 'server.recovered', session: { key: fakeKey('r'), expiresAt: T0 + 5 } });
    expect(status()).toBe('active');
  });
});
