// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createCookieStorage } from '../storage/createCookieStorage.js';
import { createStore } from '../storage/createStore.js';
import { createEmitter, type LatchkeyEvents } from '../events/createEmitter.js';
import { AUTH_STORAGE_KEY } from './storedAuth.js';
import { getSessionTokenFromCookies } from './getSessionTokenFromCookies.js';

const ENV = '2b1f6c1e-6a4d-4c8e-9f3a-5d7e8a9b0c1d';

afterEach(() => {
  for (const cookie of document.cookie.split('; ').filter(Boolean)) document.cookie = `${cookie.split('=')[0]}=; Path=/; Max-Age=0`;
});

describe('getSessionTokenFromCookies (a host server reading the kit cookie)', () => {
  it('default: reads the token the client stored with storage "cookie", from the Cookie header a browser sends', () => {
    const store = createStore({ adapter: createCookieStorage(), namespace: `latchkey:${ENV}:`, events: createEmitter<LatchkeyEvents>() });
    store.set(AUTH_STORAGE_KEY, { jwt: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln', expiresAt: '2030-01-01T00:00:00.000Z' });
    const header = `theme=dark; ${document.cookie}; other=1`;
    expect(getSessionTokenFromCookies(header, ENV)).toBe('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln');
  });

  it('behavior: another environment’s cookie, no cookie or an unreadable value give undefined', () => {
    const store = createStore({ adapter: createCookieStorage(), namespace: `latchkey:${ENV}:`, events: createEmitter<LatchkeyEvents>() });
    store.set(AUTH_STORAGE_KEY, { jwt: 'a.b.c', expiresAt: '2030-01-01T00:00:00.000Z' });
    expect(getSessionTokenFromCookies(document.cookie, 'another-environment')).toBeUndefined();
    expect(getSessionTokenFromCookies(undefined, ENV)).toBeUndefined();
    expect(getSessionTokenFromCookies('', ENV)).toBeUndefined();
    const name = encodeURIComponent(`latchkey:${ENV}:auth`);
    expect(getSessionTokenFromCookies(`${name}=%7Bnot-json`, ENV)).toBeUndefined();
    expect(getSessionTokenFromCookies(`${name}=${encodeURIComponent('{"jwt":""}')}`, ENV)).toBeUndefined();
    expect(getSessionTokenFromCookies(`${name}=%E0%A4%A`, ENV)).toBeUndefined();
  });
});
