import type { Wallet } from '@wallet-standard/base';
import { describe, expect, it } from 'vitest';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { createWalletConnector } from './createWalletConnector.js';

const ADDRESS = '9ZTsGj9jYLTTYcAc7BR3WNbVPnj4tAUDkgx6EaMajXJy';
const account = { address: ADDRESS, publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] };

/** A wallet-standard wallet whose features answer as given (hostile answers included). */
function wallet(features: Record<string, unknown>): Wallet {
  return { version: '1.0.0', name: 'Hostile', icon: 'data:image/svg+xml,', chains: ['solana:mainnet'], accounts: [account], features } as unknown as Wallet;
}

const connectAnswering = (answer: () => Promise<unknown>) => ({ 'standard:connect': { version: '1.0.0', connect: answer } });

async function failure(promise: Promise<unknown>): Promise<LatchkeyError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(LatchkeyError);
  return outcome as LatchkeyError;
}

describe('createWalletConnector: connect', () => {
  it('default: the first Solana account is the connected one', async () => {
    const connector = createWalletConnector(wallet(connectAnswering(async () => ({ accounts: [account] }))), 'hostile');
    await expect(connector.connect()).resolves.toBe(ADDRESS);
    expect(connector.address()).toBe(ADDRESS);
  });

  it.each([
    ['an empty object', async () => ({})],
    ['undefined', async () => undefined],
    ['null', async () => null],
    ['accounts that are not a list', async () => ({ accounts: 'nope' })],
    ['an account without chains', async () => ({ accounts: [{ address: ADDRESS, publicKey: new Uint8Array(32) }] })],
    ['an account without an address', async () => ({ accounts: [{ publicKey: new Uint8Array(32), chains: ['solana:mainnet'] }] })],
    ['an account whose address is not a Solana address', async () => ({ accounts: [{ ...account, address: '0xdeadbeef' }] })],
    ['an account that is not an object', async () => ({ accounts: [undefined] })],
  ])("error: the wallet answers connect with %s → MISSING_PUBLIC_ADDRESS 'Missing public address', not connected", async (_, answer) => {
    const connector = createWalletConnector(wallet(connectAnswering(answer)), 'hostile');
    const error = await failure(connector.connect());
    expect(error.code).toBe('MISSING_PUBLIC_ADDRESS');
    expect(error.message).toBe('Missing public address');
    expect(connector.address()).toBeUndefined();
  });

  it('behavior: a malformed account is skipped when a usable Solana account follows it', async () => {
    const connector = createWalletConnector(wallet(connectAnswering(async () => ({ accounts: [{ address: 42 }, { address: ADDRESS }, account] }))), 'hostile');
    await expect(connector.connect()).resolves.toBe(ADDRESS);
  });
});

describe('createWalletConnector: signMessage', () => {
  async function connected(signMessage: () => Promise<unknown>) {
    const connector = createWalletConnector(
      wallet({ ...connectAnswering(async () => ({ accounts: [account] })), 'solana:signMessage': { version: '1.0.0', signMessage } }),
      'hostile',
    );
    await connector.connect();
    return connector.signer();
  }

  it('default: a 64-byte signature is returned', async () => {
    const signature = new Uint8Array(64).fill(7);
    const signer = await connected(async () => [{ signedMessage: new Uint8Array([1]), signature }]);
    await expect(signer.signMessage(new Uint8Array([1]))).resolves.toBe(signature);
  });

  it.each([
    ['no output', async () => []],
    ['a non-list answer', async () => undefined],
    ['an output that is not an object', async () => [null]],
    ['no signature', async () => [{ signature: undefined }]],
    ['a signature as a 64-character string', async () => [{ signature: 'x'.repeat(64) }]],
    ['a 63-byte signature', async () => [{ signature: new Uint8Array(63) }]],
    ['a 64-number plain array', async () => [{ signature: Array.from({ length: 64 }, () => 1) }]],
  ])("error: the wallet answers signMessage with %s → failed_to_sign_message 'Failed to sign message'", async (_, answer) => {
    const signer = await connected(answer);
    const error = await failure(signer.signMessage(new Uint8Array([1])));
    expect(error.code).toBe('failed_to_sign_message');
    expect(error.message).toBe('Failed to sign message');
  });
});

describe('createWalletConnector: signTransaction', () => {
  async function connected(signTransaction: () => Promise<unknown>) {
    const connector = createWalletConnector(
      wallet({ ...connectAnswering(async () => ({ accounts: [account] })), 'solana:signTransaction': { version: '1.0.0', signTransaction } }),
      'hostile',
    );
    await connector.connect();
    return connector.signer();
  }

  it('default: the signed transaction bytes are returned', async () => {
    const signedTransaction = new Uint8Array([1, 2, 3]);
    const signer = await connected(async () => [{ signedTransaction }]);
    await expect(signer.signTransaction(new Uint8Array([1]))).resolves.toBe(signedTransaction);
  });

  it.each([
    ['no output', async () => []],
    ['a non-list answer', async () => ({})],
    ['no signed transaction', async () => [{ signedTransaction: undefined }]],
    ['a signed transaction as text', async () => [{ signedTransaction: 'AQID' }]],
    ['an empty signed transaction', async () => [{ signedTransaction: new Uint8Array(0) }]],
  ])("error: the wallet answers signTransaction with %s → failed_to_sign_message 'Failed to sign message'", async (_, answer) => {
    const signer = await connected(answer);
    const error = await failure(signer.signTransaction(new Uint8Array([1])));
    expect(error.code).toBe('failed_to_sign_message');
  });
});

describe('createWalletConnector: change events', () => {
  const OTHER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
  /** A wallet whose `standard:events` hands the test its change listener. */
  function eventful() {
    let emit: (properties: unknown) => void = () => undefined;
    const features = {
      ...connectAnswering(async () => ({ accounts: [account] })),
      'standard:events': { version: '1.0.0', on: (_event: string, listener: (properties: unknown) => void) => ((emit = listener), () => undefined) },
    };
    return { wallet: wallet(features), emit: (properties: unknown) => emit(properties) };
  }

  it.each([
    ['accounts that are not a list', { accounts: 'nope' }],
    ['a list of junk', { accounts: [null, 42, { address: 7 }] }],
    ['null', null],
  ])('error: a change event with %s never throws inside the wallet’s emitter; with no usable account the connection is gone', async (_name, properties) => {
    const { wallet: hostile, emit } = eventful();
    const connector = createWalletConnector(hostile, 'hostile');
    await connector.connect();
    const seen: (string | undefined)[] = [];
    connector.onChange((address) => seen.push(address));
    expect(() => emit(properties)).not.toThrow();
    if (properties === null) expect(seen).toEqual([]);
    else expect(seen).toEqual([undefined]);
  });

  it('behavior: a change to another well-formed account follows it', async () => {
    const { wallet: hostile, emit } = eventful();
    const connector = createWalletConnector(hostile, 'hostile');
    await connector.connect();
    const seen: (string | undefined)[] = [];
    connector.onChange((address) => seen.push(address));
    emit({ accounts: [{ ...account, address: OTHER }] });
    expect(seen).toEqual([OTHER]);
  });
});
