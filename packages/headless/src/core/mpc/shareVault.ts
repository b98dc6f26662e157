import type { FrostScheme, PublicPackageWire } from '@latchkey/protocol/frost';
import { mpcError } from './mpcError.js';

/**
 * Where the device keeps its key share(s) between page loads: encrypted with AES-256-GCM under a
 * WebCrypto key made non-extractable, both kept in IndexedDB (which stores the `CryptoKey` object
 * itself, as the embedded wallet's session keys are kept). The share never touches localStorage,
 * cookies or the DOM in plaintext, and the key can decrypt but never be read out.
 */

/** What the device holds of one MPC wallet (plaintext only in memory). */
export interface DeviceShares {
  walletId: string;
  scheme: FrostScheme;
  /** The device's share — or, on a restored device, the backup shares it was restored from. */
  shares: { keygenId: string; identifier: string; signingShare: string }[];
  /** Every client keygen id of the wallet's generation (device first): a refresh keeps them. */
  clientKeygenIds: string[];
  /** The wallet's public package when these shares were made. */
  public: PublicPackageWire;
}

/** One vault entry as stored: the key object and the ciphertext. */
export interface SealedShares {
  key: CryptoKey;
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: ArrayBuffer;
}

export interface ShareVaultStore {
  get(id: string): Promise<SealedShares | undefined>;
  put(id: string, sealed: SealedShares): Promise<void>;
  delete(id: string): Promise<void>;
}

const DB_NAME = 'latchkey-mpc-wallet';
const STORE = 'deviceShares';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The IndexedDB store (`indexedDB` defaults to the page's; tests pass fake-indexeddb's). */
export function createIndexedDbShareVaultStore(options: { indexedDB?: IDBFactory } = {}): ShareVaultStore {
  let opened: Promise<IDBDatabase> | undefined;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const factory = options.indexedDB ?? globalThis.indexedDB;
      if (!factory) {
        reject(mpcError('mpc_vault_unavailable'));
        return;
      }
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(mpcError('mpc_vault_unavailable', { cause: req.error }));
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => {
    const db = await open();
    return request(work(db.transaction(STORE, mode).objectStore(STORE)));
  };
  return {
    get: (id) => run('readonly', (store) => store.get(id) as IDBRequest<SealedShares | undefined>),
    put: async (id, sealed) => void (await run('readwrite', (store) => store.put(sealed, id))),
    delete: async (id) => void (await run('readwrite', (store) => store.delete(id))),
  };
}

/** An in-memory store (SSR, tests): the same sealing, nothing kept across page loads. */
export function createMemoryShareVaultStore(): ShareVaultStore {
  const entries = new Map<string, SealedShares>();
  return {
    get: async (id) => entries.get(id),
    put: async (id, sealed) => void entries.set(id, sealed),
    delete: async (id) => void entries.delete(id),
  };
}

export interface ShareVault {
  load(id: string): Promise<DeviceShares | undefined>;
  /** Replaces what is stored under `id` (a fresh non-extractable key each time). */
  save(id: string, shares: DeviceShares): Promise<void>;
  remove(id: string): Promise<void>;
}

const encoder = new TextEncoder();

export function createShareVault(store: ShareVaultStore, subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle): ShareVault {
  const crypto = () => {
    if (!subtle) throw mpcError('mpc_vault_unavailable');
    return subtle;
  };
  return {
    async load(id) {
      const sealed = await store.get(id);
      if (!sealed) return undefined;
      const plaintext = await crypto().decrypt({ name: 'AES-GCM', iv: sealed.iv, additionalData: encoder.encode(id) }, sealed.key, sealed.ciphertext);
      return JSON.parse(new TextDecoder().decode(plaintext)) as DeviceShares;
    },
    async save(id, shares) {
      const key = await crypto().generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const ciphertext = await crypto().encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(id) }, key, encoder.encode(JSON.stringify(shares)));
      await store.put(id, { key, iv, ciphertext });
    },
    remove: (id) => store.delete(id),
  };
}
