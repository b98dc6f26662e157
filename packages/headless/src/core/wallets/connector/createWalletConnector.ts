import type { Wallet } from '@wallet-standard/base';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import type { SolanaSigner } from '../../signer/SolanaSigner.js';
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
    if (!wallet.accounts.some((entry) => entry.address === account!.address)) {
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
      try {
        const [output] = await signMessage.signMessage({ account: current, message });
        if (!output || output.signature.length !== 64) throw new LatchkeyError('failed_to_sign_message');
        return output.signature;
      } catch (error) {
        throw toWalletError(error, 'signMessage');
      }
    },
    async signTransaction(transaction) {
      const signTransaction = feature<SolanaSignTransactionFeature>(wallet, SolanaSignTransaction);
      if (!signTransaction) throw new LatchkeyError('connector_method_not_implemented', { params: { method: 'signTransaction' } });
      const current = activeAccount();
      try {
        const [output] = await signTransaction.signTransaction({ account: current, transaction });
        if (!output) throw new LatchkeyError('failed_to_sign_message');
        return output.signedTransaction;
      } catch (error) {
        throw toWalletError(error, 'signTransaction');
      }
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
      let accounts: readonly StandardAccount[];
      try {
        ({ accounts } = await connect.connect(options.silent ? { silent: true } : undefined));
      } catch (error) {
        throw toWalletError(error, 'connect');
      }
      const solana = accounts.filter((entry) => entry.chains.length === 0 || entry.chains.some((chain) => chain.startsWith('solana:')));
      const first = solana[0];
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
      return events.on('change', (properties) => {
        if (!properties.accounts) return;
        if (account && !properties.accounts.some((entry) => entry.address === account!.address)) account = properties.accounts[0];
        listener(account?.address);
      });
    },
  };
}
