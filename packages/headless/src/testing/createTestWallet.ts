import { ed25519 } from '@noble/curves/ed25519.js';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { base58 } from '@scure/base';

const ICON = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#14b8a6"/><path d="M9 16h14M16 9v14" stroke="#fff" stroke-width="3"/></svg>')}` as const;
const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:localnet'] as const;
const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signIn'] as const;

export interface CreateTestWalletOptions {
  /** The 32-byte ed25519 secret key (seed). Default: a fresh random one. */
  secretKey?: Uint8Array;
  /** Wallet name (default 'Test Wallet'); the wallet list keys it by its normalised name. */
  name?: string;
  /** The page is already authorised (as after a reload): a silent connect succeeds without a prompt. */
  trusted?: boolean;
  /**
   * A hardware wallet (as a Ledger behind the wallet): `solana:signMessage` is refused as the device refuses it, and
   * only transactions are signed. Name it after a catalogue entry with a hardware variant (e.g. 'Phantom (Ledger)').
   */
  hardware?: boolean;
}

/** A wallet-standard Solana wallet backed by a real ed25519 keypair, for tests and demos. */
export interface TestWallet extends Wallet {
  readonly address: string;
  readonly publicKey: Uint8Array;
  /** The next connect or signing request is refused as a user would ('User rejected the request.', code 4001). */
  rejectNextRequest(): void;
}

function readShortVec(bytes: Uint8Array, offset: number): [value: number, next: number] {
  let value = 0;
  for (let index = 0; index < 3; index += 1) {
    const byte = bytes[offset + index];
    if (byte === undefined) throw new Error('truncated');
    value |= (byte & 0x7f) << (7 * index);
    if ((byte & 0x80) === 0) return [value, offset + index + 1];
  }
  throw new Error('bad length');
}

function rejection(): Error {
  return Object.assign(new Error('User rejected the request.'), { code: 4001 });
}

/**
 * A test wallet implementing standard:connect/disconnect/events, solana:signMessage, solana:signTransaction (a real
 * signature over the message bytes of the serialized transaction, put in this key's signature slot) and
 * solana:signIn.
 */
export function createTestWallet(options: CreateTestWalletOptions = {}): TestWallet {
  const secretKey = options.secretKey ?? ed25519.utils.randomSecretKey();
  if (secretKey.length !== 32) throw new RangeError('secretKey must be 32 bytes');
  const publicKey = ed25519.getPublicKey(secretKey);
  const address = base58.encode(publicKey);
  const account: WalletAccount = { address, publicKey, chains: CHAINS, features: FEATURES, label: options.name ?? 'Test Wallet' };
  let accounts: readonly WalletAccount[] = [];
  let rejectNext = false;
  let authorised = options.trusted ?? false;
  const listeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>();

  const refuse = () => {
    if (!rejectNext) return;
    rejectNext = false;
    throw rejection();
  };
  const setAccounts = (next: readonly WalletAccount[]) => {
    accounts = next;
    for (const listener of [...listeners]) listener({ accounts });
  };
  const checkAccount = (input: { account: WalletAccount }) => {
    if (input.account.address !== address || accounts.length === 0) throw new Error('invalid account');
  };
  const signTransactionBytes = (transaction: Uint8Array): Uint8Array => {
    const [signatureCount, signaturesStart] = readShortVec(transaction, 0);
    const messageStart = signaturesStart + 64 * signatureCount;
    const message = transaction.subarray(messageStart);
    const headerStart = (message[0]! & 0x80) !== 0 ? 1 : 0; // v0 messages start with a version prefix
    const required = message[headerStart]!;
    const [accountCount, keysStart] = readShortVec(message, headerStart + 3);
    for (let index = 0; index < Math.min(required, accountCount, signatureCount); index += 1) {
      const key = message.subarray(keysStart + 32 * index, keysStart + 32 * (index + 1));
      if (key.every((byte, position) => byte === publicKey[position])) {
        const signed = Uint8Array.from(transaction);
        signed.set(ed25519.sign(message, secretKey), signaturesStart + 64 * index);
        return signed;
      }
    }
    throw Object.assign(new Error('invalid params: this account does not sign the transaction'), { code: -32602 });
  };

  return {
    version: '1.0.0',
    name: options.name ?? 'Test Wallet',
    icon: ICON,
    chains: CHAINS,
    address,
    publicKey,
    get accounts() {
      return accounts;
    },
    rejectNextRequest() {
      rejectNext = true;
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          if (input?.silent && !authorised) return { accounts: [] };
          if (!input?.silent && accounts.length === 0) refuse(); // an already connected wallet does not prompt again
          authorised = true;
          if (accounts.length === 0) setAccounts([account]);
          return { accounts };
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => setAccounts([]) },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) => {
          refuse();
          if (options.hardware) throw Object.assign(new Error('Ledger: message signing is not supported by this device.'), { code: -32603 });
          return inputs.map((input) => {
            checkAccount(input);
            return { signedMessage: input.message, signature: ed25519.sign(input.message, secretKey) };
          });
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: { account: WalletAccount; transaction: Uint8Array }[]) => {
          refuse();
          return inputs.map((input) => {
            checkAccount(input);
            return { signedTransaction: signTransactionBytes(input.transaction) };
          });
        },
      },
      'solana:signIn': {
        version: '1.0.0',
        signIn: async (...inputs: { domain?: string; statement?: string; nonce?: string }[]) => {
          refuse();
          if (accounts.length === 0) setAccounts([account]);
          return inputs.map((input) => {
            const text = `${input.domain ?? ''} wants you to sign in with your Solana account:\n${address}${input.statement ? `\n\n${input.statement}` : ''}${input.nonce ? `\n\nNonce: ${input.nonce}` : ''}`;
            const signedMessage = new TextEncoder().encode(text);
            return { account, signedMessage, signature: ed25519.sign(signedMessage, secretKey), signatureType: 'ed25519' as const };
          });
        },
      },
    },
  };
}

/**
 * Registers `wallet` with the page's wallet-standard registry the way wallets do (the register-wallet event, and again
 * when an app announces itself later). Returns the wallet. For a page script: `registerTestWallet(createTestWallet())`.
 */
export function registerTestWallet<T extends Wallet>(wallet: T, target: Window = window): T {
  const callback = ({ register }: { register: (wallet: Wallet) => () => void }) => register(wallet);
  try {
    target.dispatchEvent(new (target as typeof globalThis & Window).CustomEvent('wallet-standard:register-wallet', { bubbles: false, cancelable: false, detail: callback }));
  } catch (error) {
    console.error('wallet-standard:register-wallet event could not be dispatched', error);
  }
  target.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent<{ register: (wallet: Wallet) => () => void }>).detail));
  return wallet;
}
