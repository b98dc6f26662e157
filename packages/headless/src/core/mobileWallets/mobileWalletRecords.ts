import type { ValueParser } from '../storage/createStore.js';

/** Storage keys (under the client's namespace). `disconnect` removes all three. */
export const MOBILE_WALLET_CONNECTION_KEY = 'mobileWallet:connection';
export const MOBILE_WALLET_PENDING_KEY = 'mobileWallet:pending';
export const MOBILE_WALLET_RESULT_KEY = 'mobileWallet:result';

/** A connected mobile wallet; every key and value base58 (the session is the wallet's own string). */
export interface MobileWalletConnection {
  wallet: string;
  address: string;
  session: string;
  dappPublicKey: string;
  dappSecretKey: string;
  walletEncryptionPublicKey: string;
  connectedAt: number;
}

export type MobileWalletRequestKind = 'connect' | 'signMessage' | 'signTransaction';

/** The one request on its way to the wallet: the return must name its id, once. */
export interface MobileWalletPendingRequest {
  id: string;
  kind: MobileWalletRequestKind;
  wallet: string;
  createdAt: number;
  /** connect: the fresh key pair (base58). */
  dappPublicKey?: string;
  dappSecretKey?: string;
  /** signMessage / signTransaction: what was sent to be signed (base58). */
  input?: string;
}

/** The last signature brought back, kept until a signer picks it up (see `createMobileWalletSigner`). */
export interface MobileWalletStoredResult {
  id: string;
  kind: 'signMessage' | 'signTransaction';
  input: string;
  output: string;
}

type Guard = (record: Record<string, unknown>) => boolean;
const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const optionalString = (value: unknown) => value === undefined || isString(value);

function recordParser<T>(name: string, guard: Guard): ValueParser<T> {
  return {
    safeParse(value) {
      const ok = typeof value === 'object' && value !== null && !Array.isArray(value) && guard(value as Record<string, unknown>);
      return ok ? { success: true, data: value as T } : { success: false, error: new Error(`not a ${name}`) };
    },
  };
}

export const mobileWalletConnectionParser = recordParser<MobileWalletConnection>('mobile wallet connection', (record) =>
  ['wallet', 'address', 'session', 'dappPublicKey', 'dappSecretKey', 'walletEncryptionPublicKey'].every((key) => isString(record[key])) &&
  typeof record['connectedAt'] === 'number',
);

export const mobileWalletPendingParser = recordParser<MobileWalletPendingRequest>(
  'mobile wallet request',
  (record) =>
    isString(record['id']) &&
    (record['kind'] === 'connect' || record['kind'] === 'signMessage' || record['kind'] === 'signTransaction') &&
    isString(record['wallet']) &&
    typeof record['createdAt'] === 'number' &&
    optionalString(record['dappPublicKey']) &&
    optionalString(record['dappSecretKey']) &&
    optionalString(record['input']),
);

export const mobileWalletResultParser = recordParser<MobileWalletStoredResult>(
  'mobile wallet result',
  (record) =>
    isString(record['id']) &&
    (record['kind'] === 'signMessage' || record['kind'] === 'signTransaction') &&
    isString(record['input']) &&
    isString(record['output']),
);
