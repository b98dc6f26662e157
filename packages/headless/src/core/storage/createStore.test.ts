import * as z from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { createEmitter, type LatchkeyEvents } from '../events/createEmitter.js';
import { createCookieStorage } from './createCookieStorage.js';
import { createLocalStorage } from './createLocalStorage.js';
import { createMemoryStorage } from './createMemoryStorage.js';
import { createStore, resolveStorageAdapters } from './createStore.js';

const schema = z.object({ jwt: z.string(), count: z.number() });

function setup(initial: Record<string, string> = {}) {
  const adapter = createMemoryStorage(initial);
  const events = createEmitter<LatchkeyEvents>();
  const parseFailed = vi.fn();
  events.on('storage.parseFailed', parseFailed);
  return { adapter, parseFailed, store: createStore({ adapter, namespace: 'latchkey:env-1:', events }) };
}

describe('createStore', () => {
  it('default: JSON values round-trip under the namespace', () => {
    const { adapter, store } = setup();
    store.set('auth', { jwt: 'a.b.c', count: 2 });
    expect(adapter.getItem('latchkey:env-1:auth')).toBe('{"jwt":"a.b.c","count":2}');
    expect(store.get('auth', schema)).toEqual({ jwt: 'a.b.c', count: 2 });
    store.remove('auth');
    expect(store.get('auth', schema)).toBeUndefined();
    expect(store.keyFor('auth')).toBe('latchkey:env-1:auth');
  });

  it('error: a value that is not JSON is deleted and storage.parseFailed emitted', () => {
    const { adapter, store, parseFailed } = setup({ 'latchkey:env-1:auth': '{not json' });
    expect(store.get('auth', schema)).toBeUndefined();
    expect(adapter.getItem('latchkey:env-1:auth')).toBeNull();
    expect(parseFailed).toHaveBeenCalledTimes(1);
    expect(parseFailed.mock.calls[0]?.[0]).toMatchObject({ key: 'latchkey:env-1:auth' });
    expect(parseFailed.mock.calls[0]?.[0].error).toBeInstanceOf(SyntaxError);
  });

  it('error: a value that fails its schema is deleted and storage.parseFailed emitted', () => {
    const { adapter, store, parseFailed } = setup({ 'latchkey:env-1:auth': '{"jwt":42}' });
    expect(store.get('auth', schema)).toBeUndefined();
    expect(adapter.getItem('latchkey:env-1:auth')).toBeNull();
    expect(parseFailed).toHaveBeenCalledTimes(1);
    expect(parseFailed.mock.calls[0]?.[0].error).toBeInstanceOf(z.ZodError);
  });

  it('behavior: an absent value is undefined without any event', () => {
    const { store, parseFailed } = setup();
    expect(store.get('auth', schema)).toBeUndefined();
    expect(parseFailed).not.toHaveBeenCalled();
  });

  it('behavior: with a secretAdapter, the secret records live there and only they; a copy left in the adapter goes on write and on remove', () => {
    const adapter = createMemoryStorage({ 'latchkey:env-1:mobileWallet:connection': '"old"' });
    const secretAdapter = createMemoryStorage();
    const store = createStore({ adapter, secretAdapter, namespace: 'latchkey:env-1:', events: createEmitter<LatchkeyEvents>() });
    const anything = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };
    store.set('mobileWallet:connection', { dappSecretKey: 'k' });
    store.set('socialRedirect', { verifier: 'v' });
    store.set('auth', { jwt: 'a.b.c' });
    expect(adapter.getItem('latchkey:env-1:mobileWallet:connection')).toBeNull();
    expect(adapter.getItem('latchkey:env-1:socialRedirect')).toBeNull();
    expect(secretAdapter.getItem('latchkey:env-1:mobileWallet:connection')).toBe('{"dappSecretKey":"k"}');
    expect(secretAdapter.getItem('latchkey:env-1:auth')).toBeNull();
    expect(adapter.getItem('latchkey:env-1:auth')).toBe('{"jwt":"a.b.c"}');
    expect(store.get('socialRedirect', anything)).toEqual({ verifier: 'v' });

    adapter.setItem('latchkey:env-1:socialRedirect', '"old"');
    store.remove('socialRedirect');
    store.remove('auth');
    expect(adapter.getItem('latchkey:env-1:socialRedirect')).toBeNull();
    expect(secretAdapter.getItem('latchkey:env-1:socialRedirect')).toBeNull();
    expect(adapter.getItem('latchkey:env-1:auth')).toBeNull();
  });

  it("behavior: without one (local storage, the host's adapter) every record, secret or not, is in the adapter", () => {
    const { adapter, store } = setup();
    store.set('mobileWallet:connection', { dappSecretKey: 'k' });
    expect(adapter.getItem('latchkey:env-1:mobileWallet:connection')).toBe('{"dappSecretKey":"k"}');
  });
});

describe('browser adapters without a browser (server render)', () => {
  it('behavior: local storage and cookie adapters fall back to memory, each its own', () => {
    expect(typeof window).toBe('undefined');
    for (const create of [createLocalStorage, createCookieStorage]) {
      const a = create();
      const b = create();
      a.setItem('k', 'v');
      expect(a.getItem('k')).toBe('v');
      expect(b.getItem('k')).toBeNull();
      a.removeItem('k');
      expect(a.getItem('k')).toBeNull();
    }
  });

  it("behavior: the default storage is local storage; an adapter is used as given, for everything; 'cookie' keeps secrets apart", () => {
    const adapter = createMemoryStorage();
    expect(resolveStorageAdapters(adapter)).toEqual({ adapter });
    expect(resolveStorageAdapters(undefined)).toEqual({ adapter: expect.objectContaining({ getItem: expect.any(Function) }) });
    expect(resolveStorageAdapters('cookie')).toEqual({ adapter: expect.any(Object), secretAdapter: expect.any(Object) });
  });
});
