import { createMemoryStorage } from './createMemoryStorage.js';
import type { StorageAdapter } from './StorageAdapter.js';

export interface CookieStorageOptions {
  /** Cookie lifetime. Default 30 days. */
  maxAgeSeconds?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

function browserDocument(): Document | undefined {
  return typeof document === 'undefined' ? undefined : document;
}

/**
 * First-party cookies (`document.cookie`), looked up on every call; `Secure` on https pages.
 * Without a document (server render) values live in memory.
 *
 * Passed as the client's `storage` adapter, it holds every record, the secret ones too (a mobile wallet's key and
 * session, a social redirect's PKCE verifier): `storage: 'cookie'` keeps those in local storage instead.
 */
export function createCookieStorage(options: CookieStorageOptions = {}): StorageAdapter {
  const fallback = createMemoryStorage();
  const path = options.path ?? '/';
  const sameSite = options.sameSite ?? 'Lax';
  const maxAge = options.maxAgeSeconds ?? 30 * 24 * 60 * 60;

  function write(doc: Document, key: string, value: string, seconds: number): void {
    const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
    doc.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${seconds}; SameSite=${sameSite}${secure}`;
  }

  return {
    getItem(key) {
      const doc = browserDocument();
      if (!doc) return fallback.getItem(key);
      const prefix = `${encodeURIComponent(key)}=`;
      const entry = doc.cookie.split('; ').find((part) => part.startsWith(prefix));
      if (entry === undefined) return null;
      try {
        return decodeURIComponent(entry.slice(prefix.length));
      } catch {
        return entry.slice(prefix.length);
      }
    },
    setItem(key, value) {
      const doc = browserDocument();
      if (doc) write(doc, key, value, maxAge);
      else fallback.setItem(key, value);
    },
    removeItem(key) {
      const doc = browserDocument();
      if (doc) write(doc, key, '', 0);
      fallback.removeItem(key);
    },
  };
}
