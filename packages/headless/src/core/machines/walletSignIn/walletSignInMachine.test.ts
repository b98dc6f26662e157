import type { SignInResponse } from '@latchkey/protocol';
import type { Wallet } from '@wallet-standard/base';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { createMemoryStorage } from '../../storage/createMemoryStorage.js';
import { createStore, type Store } from '../../storage/createStore.js';
import { createWalletConnector, type WalletConnector } from '../../wallets/connector/createWalletConnector.js';
import {
  WALLET_CONNECTION_KEY,
  WALLET_DISCONNECT_TIMEOUT_MS,
  WALLET_RECONNECT_TIMEOUT_MS,
  walletSignInMachine,
  walletSignInStatus,
  type WalletSignInClient,
} from './walletSignInMachine.js';

const ADDRESS = '9ZTsGj9jYLTTYcAc7BR3WNbVPnj4tAUDkgx6EaMajXJy';
const account = { address: ADDRESS, publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] };
const never = () => new Promise<never>(() => undefined);
const anyValue = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

/** A wallet-standard wallet whose connect and disconnect answer as given. */
function wallet(connect: (input?: { silent?: boolean }) => Promise<unknown>, disconnect: () => Promise<void> = async () => undefined): Wallet {
  return {
    version: '1.0.0',
    name: 'Hostile',
    icon: 'data:image/svg+xml,',
    chains: ['solana:mainnet'],
    accounts: [account],
    features: { 'standard:connect': { version: '1.0.0', connect }, 'standard:disconnect': { version: '1.0.0', disconnect } },
  } as unknown as Wallet;
}

/** What the machine uses of a client: its storage, the session's `send`, and events (no requests in these tests). */
function fakeClient(stored?: { key: string; address: string }): { client: WalletSignInClient; storage: Store } {
  const storage = createStore({ adapter: createMemoryStorage(), namespace: 'test:', events: { emit: () => undefined } });
  if (stored) storage.set(WALLET_CONNECTION_KEY, stored);
  return { client: { storage, session: { send: vi.fn() }, events: { emit: vi.fn() } } as unknown as WalletSignInClient, storage };
}

/** Lets pending promises settle (the actors are promise-based; the clock is simulated). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

function start(stored: { key: string; address: string } | undefined, findConnector: (key: string) => WalletConnector | undefined) {
  const clock = new SimulatedClock();
  const { client, storage } = fakeClient(stored);
  const actor = createActor(walletSignInMachine, { input: { client, findConnector }, clock }).start();
  return { actor, clock, storage };
}

describe('walletSignInMachine: reconnecting (auto-reconnect on load)', () => {
  it('default: a silent reconnect to the stored address ends connected', async () => {
    const connector = createWalletConnector(wallet(async () => ({ accounts: [account] })), 'hostile');
    const { actor } = start({ key: 'hostile', address: ADDRESS }, () => connector);
    expect(walletSignInStatus(actor.getSnapshot())).toBe('reconnecting');
    await settle();
    expect(walletSignInStatus(actor.getSnapshot())).toBe('connected');
    expect(actor.getSnapshot().context.address).toBe(ADDRESS);
  });

  it(`behavior: a silent connect that never answers gives up after WALLET_RECONNECT_TIMEOUT_MS (${WALLET_RECONNECT_TIMEOUT_MS} ms): idle, the stored connection forgotten, no error`, async () => {
    const connector = createWalletConnector(wallet(never), 'hostile');
    const { actor, clock, storage } = start({ key: 'hostile', address: ADDRESS }, () => connector);
    await settle();
    clock.increment(WALLET_RECONNECT_TIMEOUT_MS - 1);
    await settle();
    expect(walletSignInStatus(actor.getSnapshot())).toBe('reconnecting');
    clock.increment(1);
    await settle();
    expect(walletSignInStatus(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect(storage.get(WALLET_CONNECTION_KEY, anyValue)).toBeUndefined();
    expect(actor.getSnapshot().can({ type: 'user.connect', connector, mode: 'connect-only' })).toBe(true);
  });

  it('behavior: user.cancel while reconnecting goes to idle at once and forgets the stored connection', async () => {
    const connector = createWalletConnector(wallet(never), 'hostile');
    const { actor, storage } = start({ key: 'hostile', address: ADDRESS }, () => connector);
    await settle();
    expect(actor.getSnapshot().can({ type: 'user.cancel' })).toBe(true);
    actor.send({ type: 'user.cancel' });
    expect(walletSignInStatus(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect(storage.get(WALLET_CONNECTION_KEY, anyValue)).toBeUndefined();
  });

  it('behavior: a reconnect that errors drops to idle quietly (as the timeout does)', async () => {
    const connector = createWalletConnector(wallet(async () => Promise.reject(new Error('not authorised'))), 'hostile');
    const { actor, storage } = start({ key: 'hostile', address: ADDRESS }, () => connector);
    await settle();
    expect(walletSignInStatus(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect(storage.get(WALLET_CONNECTION_KEY, anyValue)).toBeUndefined();
  });
});

describe('walletSignInMachine: disconnecting', () => {
  async function connectedWith(disconnect: () => Promise<void>) {
    const connector = createWalletConnector(wallet(async () => ({ accounts: [account] }), disconnect), 'hostile');
    const started = start(undefined, () => undefined);
    started.actor.send({ type: 'user.connect', connector, mode: 'connect-only' });
    await settle();
    expect(walletSignInStatus(started.actor.getSnapshot())).toBe('connected');
    expect(started.storage.get(WALLET_CONNECTION_KEY, anyValue)).toEqual({ key: 'hostile', address: ADDRESS });
    return { ...started, connector };
  }

  it('default: the wallet confirms → idle, the stored connection forgotten', async () => {
    const { actor, storage } = await connectedWith(async () => undefined);
    actor.send({ type: 'user.disconnect' });
    await settle();
    expect(walletSignInStatus(actor.getSnapshot())).toBe('idle');
    expect(storage.get(WALLET_CONNECTION_KEY, anyValue)).toBeUndefined();
  });

  it(`behavior: a wallet that never confirms is disconnected locally after WALLET_DISCONNECT_TIMEOUT_MS (${WALLET_DISCONNECT_TIMEOUT_MS} ms)`, async () => {
    const { actor, clock, storage, connector } = await connectedWith(never);
    actor.send({ type: 'user.disconnect' });
    await settle();
    expect(walletSignInStatus(actor.getSnapshot())).toBe('disconnecting');
    clock.increment(WALLET_DISCONNECT_TIMEOUT_MS - 1);
    await settle();
    expect(walletSignInStatus(actor.getSnapshot())).toBe('disconnecting');
    clock.increment(1);
    await settle();
    expect(walletSignInStatus(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ connector: undefined, address: undefined, error: undefined });
    expect(storage.get(WALLET_CONNECTION_KEY, anyValue)).toBeUndefined();
    expect(connector.address()).toBeUndefined();
  });

  it('behavior: user.cancel while disconnecting stops waiting for the wallet: idle, disconnected locally', async () => {
    const { actor, storage } = await connectedWith(never);
    actor.send({ type: 'user.disconnect' });
    await settle();
    expect(actor.getSnapshot().can({ type: 'user.cancel' })).toBe(true);
    actor.send({ type: 'user.cancel' });
    expect(walletSignInStatus(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ connector: undefined, address: undefined });
    expect(storage.get(WALLET_CONNECTION_KEY, anyValue)).toBeUndefined();
  });
});

describe('walletSignInMachine: malformed wallet answers', () => {
  it.each([
    ['{}', async () => ({})],
    ['undefined', async () => undefined],
    ['an account without chains', async () => ({ accounts: [{ address: ADDRESS, publicKey: new Uint8Array(32) }] })],
  ])("error: connect answered with %s → failed with MISSING_PUBLIC_ADDRESS, not a network error or JavaScript's words", async (_, connect) => {
    const connector = createWalletConnector(wallet(connect), 'hostile');
    const { actor, storage } = start(undefined, () => undefined);
    actor.send({ type: 'user.connect', connector, mode: 'connect-only' });
    await settle();
    expect(walletSignInStatus(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'MISSING_PUBLIC_ADDRESS', message: 'Missing public address' });
    expect(storage.get(WALLET_CONNECTION_KEY, anyValue)).toBeUndefined();
  });
});

describe('walletSignInMachine: a sign-in that does not happen leaves no connection behind', () => {
  const connector = () => createWalletConnector(wallet(async () => ({ accounts: [account] })), 'hostile');
  /** The machine with its sign-in signature answered by `authenticate` (the request itself is the sandbox tests'). */
  function signingIn(authenticate: () => Promise<never>) {
    const { client, storage } = fakeClient();
    const machine = walletSignInMachine.provide({ actors: { authenticate: fromPromise(async (): Promise<SignInResponse> => authenticate()) } });
    const page = () => ({ domain: 'app.example', uri: 'https://app.example/' });
    const actor = createActor(machine, { input: { client, findConnector: () => undefined, page } }).start();
    actor.send({ type: 'user.connect', connector: connector() });
    return { actor, storage, client, reload: () => createActor(walletSignInMachine, { input: { client, findConnector: () => connector() } }).start() };
  }

  it('error: the wallet refuses the sign-in signature → failed, the connection forgotten: the next load starts idle, not connected', async () => {
    const { actor, storage, reload } = signingIn(() => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })));
    await settle();
    expect(walletSignInStatus(actor.getSnapshot())).toBe('failed');
    expect(storage.get(WALLET_CONNECTION_KEY, anyValue)).toBeUndefined();
    expect(walletSignInStatus(reload().getSnapshot())).toBe('idle');
  });

  it('behavior: user.cancel while the signature is awaited → idle, the connection forgotten', async () => {
    const { actor, storage, reload } = signingIn(never);
    await settle();
    expect(walletSignInStatus(actor.getSnapshot())).toBe('signing');
    expect(storage.get(WALLET_CONNECTION_KEY, anyValue)).toEqual({ key: 'hostile', address: ADDRESS });
    actor.send({ type: 'user.cancel' });
    expect(storage.get(WALLET_CONNECTION_KEY, anyValue)).toBeUndefined();
    expect(walletSignInStatus(reload().getSnapshot())).toBe('idle');
  });
});
