import type { Wallet } from '@wallet-standard/base';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import type { SolanaSigner } from '../../signer/SolanaSigner.js';
import { isSolanaAddress, MULTIPLE_RECIPIENTS_PLACEHOLDER } from '../../validation/validateSolanaAddress.js';
import {
  SolanaSignMessage,
  SolanaSignTransaction,
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
  type StandardAccount,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
} from '../standard/features.js';
import { toWalletError } from './toWalletError.js';

/** A connected wallet-standard Solana wallet. */
export interface WalletConnector {
  readonly key: string;
  /** A hardware wallet (SPEC §5): it signs in through a memo transaction. */
  readonly hardwareWallet: boolean;
  readonly name: string;
  readonly wallet: Wallet;
  /** The active address (undefined before `connect`). */
  address(): string | undefined;
  /** Connects (silently: no prompt, for auto-reconnect); with `expectedAddress`, a different active account is an error. */
  connect(options?: { silent?: boolean; expectedAddress?: string }): Promise<string>;
  disconnect(): Promise<void>;
  /** The signer of the active account ('Signer not found' before connecting). */
  signer(): SolanaSigner;
  /** Calls `listener` when the wallet changes its accounts; returns the unsubscribe function. */
  onChange(listener: (address: string | undefined) => void): () => void;
}

function feature<T>(wallet: Wallet, name: string): T | undefined {
  return (wallet.features as Record<string, unknown>)[name] as T | undefined;
}

/** Bytes as a wallet must hand them over (not text, not a plain array of numbers). */
function isBytes(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array || (ArrayBuffer.isView(value) && value.constructor?.name === 'Uint8Array');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The Solana accounts of a wallet's `connect` answer: well-formed accounts (a Solana address, a list of chains) on a
 * Solana chain, or on none named. Anything else in the answer (none, no list, a malformed account) is left out, so a
 * malformed answer reads as no account rather than as JavaScript's own error.
 */
function solanaAccountsOf(answer: unknown): StandardAccount[] {
  const accounts = isRecord(answer) ? answer['accounts'] : undefined;
  if (!Array.isArray(accounts)) return [];
  return accounts.filter((entry: unknown): entry is StandardAccount => {
    if (!isRecord(entry)) return false;
    const { address, chains } = entry;
    if (!isSolanaAddress(address) || address === MULTIPLE_RECIPIENTS_PLACEHOLDER) return false;
    if (!Array.isArray(chains) || !chains.every((chain) => typeof chain === 'string')) return false;
    return chains.length === 0 || chains.some((chain: string) => chain.startsWith('solana:'));
  });
}

/** The 64-byte ed25519 signature of a `signMessage` answer; 'Failed to sign message' for anything else. */
function signatureOf(answer: unknown): Uint8Array {
  const output: unknown = Array.isArray(answer) ? answer[0] : undefined;
  const signature = isRecord(output) ? output['signature'] : undefined;
  if (!isBytes(signature) || signature.length !== 64) throw new LatchkeyError('failed_to_sign_message');
  return signature;
}

/** The signed transaction bytes of a `signTransaction` answer; 'Failed to sign message' for anything else. */
function signedTransactionOf(answer: unknown): Uint8Array {
  const output: unknown = Array.isArray(answer) ? answer[0] : undefined;
  const signedTransaction = isRecord(output) ? output['signedTransaction'] : undefined;
  if (!isBytes(signedTransaction) || signedTransaction.length === 0) throw new LatchkeyError('failed_to_sign_message');
  return signedTransaction;
}

export interface CreateWalletConnectorOptions {
  /** The wallet signs through a hardware device (SPEC §5): `signMessage` raises the SPEC §8 error without asking it. */
  hardwareWallet?: boolean;
}

/** The connector of a wallet-standard wallet (SPEC §5 rules checked by the caller). `key` is its catalogue key. */
export function createWalletConnector(wallet: Wallet, key: string, options: CreateWalletConnectorOptions = {}): WalletConnector {
  let account: StandardAccount | undefined;

  function activeAccount(): StandardAccount {
    if (!account) throw new LatchkeyError('signer_not_found');
    // A wallet may have switched accounts under us: the signer must still be the connected one.
    if (!(Array.isArray(wallet.accounts) && wallet.accounts.some((entry) => isRecord(entry) && entry.address === account!.address))) {
      throw new LatchkeyError('wallet_not_active_in_connector', { params: { wallet: account.address, connector: wallet.name } });
    }
    return account;
  }

  const signer: SolanaSigner = {
    get address() {
      return activeAccount().address;
    },
    async signMessage(message) {
      // A hardware wallet cannot sign messages directly (a memo transaction can carry the nonce instead): never ask it.
      if (options.hardwareWallet) throw new LatchkeyError('hardware_wallet_cannot_sign_message');
      const signMessage = feature<SolanaSignMessageFeature>(wallet, SolanaSignMessage);
      if (!signMessage) throw new LatchkeyError('connector_method_not_implemented', { params: { method: 'signMessage' } });
      const current = activeAccount();
      let answer: unknown;
      try {
        answer = await signMessage.signMessage({ account: current, message });
      } catch (error) {
        throw toWalletError(error, 'signMessage');
      }
      // The wallet's answer is checked, not trusted: a missing or malformed signature is 'Failed to sign message'.
      return signatureOf(answer);
    },
    async signTransaction(transaction) {
      const signTransaction = feature<SolanaSignTransactionFeature>(wallet, SolanaSignTransaction);
      if (!signTransaction) throw new LatchkeyError('connector_method_not_implemented', { params: { method: 'signTransaction' } });
      const current = activeAccount();
      let answer: unknown;
      try {
        answer = await signTransaction.signTransaction({ account: current, transaction });
      } catch (error) {
        throw toWalletError(error, 'signTransaction');
      }
      return signedTransactionOf(answer);
    },
  };

  return {
    key,
    hardwareWallet: options.hardwareWallet ?? false,
    name: wallet.name,
    wallet,
    address: () => account?.address,
    async connect(options = {}) {
      const connect = feature<StandardConnectFeature>(wallet, StandardConnect);
      if (!connect) throw new LatchkeyError('solana_wallet_not_found');
      let answer: unknown;
      try {
        answer = await connect.connect(options.silent ? { silent: true } : undefined);
      } catch (error) {
        throw toWalletError(error, 'connect');
      }
      // The wallet's answer is checked, not trusted: no well-formed Solana account in it is 'Missing public address'.
      const first = solanaAccountsOf(answer)[0];
      if (!first) throw new LatchkeyError('MISSING_PUBLIC_ADDRESS', { message: 'Missing public address' });
      if (options.expectedAddress !== undefined && first.address !== options.expectedAddress) {
        throw new LatchkeyError('wallet_address_mismatch', { params: { expectedAddress: options.expectedAddress, activeAddress: first.address, walletName: wallet.name } });
      }
      account = first;
      return first.address;
    },
    async disconnect() {
      account = undefined;
      await feature<StandardDisconnectFeature>(wallet, StandardDisconnect)?.disconnect();
    },
    signer() {
      activeAccount();
      return signer;
    },
    onChange(listener) {
      const events = feature<StandardEventsFeature>(wallet, StandardEvents);
      if (!events) return () => {};
      // The wallet's event is checked as its `connect` answer is: a malformed account list is none, never a throw inside
      // the wallet's own emitter.
      return events.on('change', (properties: unknown) => {
        if (!isRecord(properties) || properties['accounts'] === undefined) return;
        const accounts = solanaAccountsOf(properties);
        if (account && !accounts.some((entry) => entry.address === account!.address)) account = accounts[0];
        listener(account?.address);
      });
    },
  };
}
