/**
 * Where session keys live between page loads: IndexedDB, which keeps a `CryptoKey` as the object
 * itself (structured clone) — the private key stays non-extractable and never becomes bytes.
 */
export interface StoredSessionKey {
  privateKey: CryptoKey;
  /** Compressed P-256 public key, hex. */
  publicKey: string;
  /** ms since epoch. */
  expiresAt: number;
}

export interface SessionKeyStore {
  get(id: string): Promise<StoredSessionKey | undefined>;
  put(id: string, key: StoredSessionKey): Promise<void>;
  delete(id: string): Promise<void>;
}

const DB_NAME = 'latchkey-embedded-wallet';
const STORE = 'sessionKeys';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The IndexedDB store (`indexedDB` defaults to the page's; tests pass fake-indexeddb's). */
export function createIndexedDbSessionKeyStore(options: { indexedDB?: IDBFactory } = {}): SessionKeyStore {
  let opened: Promise<IDBDatabase> | undefined;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const factory = options.indexedDB ?? globalThis.indexedDB;
      if (!factory) {
        reject(new Error('IndexedDB is not available.'));
        return;
      }
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => {
    const db = await open();
    return request(work(db.transaction(STORE, mode).objectStore(STORE)));
  };
  return {
    get: (id) => run('readonly', (store) => store.get(id) as IDBRequest<StoredSessionKey | undefined>),
    put: async (id, key) => void (await run('readwrite', (store) => store.put(key, id))),
    delete: async (id) => void (await run('readwrite', (store) => store.delete(id))),
  };
}

/** An in-memory store (SSR, tests). */
export function createMemorySessionKeyStore(): SessionKeyStore {
  const keys = new Map<string, StoredSessionKey>();
  return {
    get: async (id) => keys.get(id),
    put: async (id, key) => void keys.set(id, key),
    delete: async (id) => void keys.delete(id),
  };
}
