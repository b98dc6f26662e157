// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createCookieStorage } from './createCookieStorage.js';
import { createLocalStorage } from './createLocalStorage.js';
import { resolveStorageAdapters } from './createStore.js';

afterEach(() => {
  window.localStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${cookie.split('=')[0]}=; Path=/; Max-Age=0`;
  }
});

describe('browser adapters', () => {
  it('default: local storage reads and writes window.localStorage', () => {
    const storage = createLocalStorage();
    storage.setItem('latchkey:env:auth', '{"a":1}');
    expect(window.localStorage.getItem('latchkey:env:auth')).toBe('{"a":1}');
    window.localStorage.setItem('latchkey:env:other', 'x');
    expect(storage.getItem('latchkey:env:other')).toBe('x');
    storage.removeItem('latchkey:env:auth');
    expect(window.localStorage.getItem('latchkey:env:auth')).toBeNull();
    expect(resolveStorageAdapters('localstorage').adapter.getItem('latchkey:env:other')).toBe('x');
  });

  it('behavior: cookie storage encodes values in document.cookie and removes them', () => {
    const storage = createCookieStorage();
    storage.setItem('latchkey:env:auth', '{"jwt":"a.b.c; x=y"}');
    expect(document.cookie).toContain(encodeURIComponent('latchkey:env:auth'));
    expect(document.cookie).not.toContain('x=y');
    expect(storage.getItem('latchkey:env:auth')).toBe('{"jwt":"a.b.c; x=y"}');
    const cookieMode = resolveStorageAdapters('cookie');
    expect(cookieMode.adapter.getItem('latchkey:env:auth')).toBe('{"jwt":"a.b.c; x=y"}');
    // The secret records' place in cookie mode: local storage.
    window.localStorage.setItem('latchkey:env:socialRedirect', '{}');
    expect(cookieMode.secretAdapter?.getItem('latchkey:env:socialRedirect')).toBe('{}');
    storage.removeItem('latchkey:env:auth');
    expect(storage.getItem('latchkey:env:auth')).toBeNull();
  });

  it('behavior: a cookie that is not URI-encoded is returned raw', () => {
    document.cookie = 'raw=%E0%A4%A; Path=/';
    expect(createCookieStorage().getItem('raw')).toBe('%E0%A4%A');
  });
});
