import { describe, expect, it } from 'vitest';
import {
  domainSchema,
  evmAddressSchema,
  hexColorSchema,
  hexStringSchema,
  hostNameSchema,
  isLoopbackHost,
  isoDateSchema,
  secureUrlSchema,
  sessionPublicKeySchema,
  SOLANA_MULTIPLE_RECIPIENTS_PLACEHOLDER,
  solanaAddressSchema,
} from './common.js';
import { EVM_ADDRESS, P256_KEY, SOL_ADDRESS } from './test/fixtures.js';

const ok = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('common value schemas', () => {
  it('hex colours: 3 or 6 digits only', () => {
    expect(['#fff', '#4F46E5'].map((value) => ok(hexColorSchema, value))).toEqual([true, true]);
    expect(['#ffff', '#12345', 'fff', '#ggg', ''].map((value) => ok(hexColorSchema, value))).toEqual([false, false, false, false, false]);
  });

  it('secure URLs: https anywhere, http only on loopback', () => {
    expect(ok(secureUrlSchema, 'https://example.com/a')).toBe(true);
    expect(ok(secureUrlSchema, 'http://127.0.0.1:4010/x')).toBe(true);
    expect(ok(secureUrlSchema, 'http://localhost/x')).toBe(true);
    expect(ok(secureUrlSchema, 'http://[::1]/x')).toBe(true);
    expect(ok(secureUrlSchema, 'http://example.com/x')).toBe(false);
    expect(ok(secureUrlSchema, 'http://127.0.0.1.nip.io/x')).toBe(false);
    expect(ok(secureUrlSchema, 'ftp://example.com')).toBe(false);
    expect(ok(secureUrlSchema, 'not a url')).toBe(false);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
  });

  it('hex strings: even length, hex digits only (SPEC §5)', () => {
    expect(['00', 'aBcD', '0123456789abcdef'].every((value) => ok(hexStringSchema, value))).toBe(true);
    expect(['0', 'abc', '0x00', 'zz', ''].some((value) => ok(hexStringSchema, value))).toBe(false);
  });

  it('Solana addresses: 32 to 44 base58 characters, or the multiple-recipients placeholder', () => {
    expect(ok(solanaAddressSchema, SOL_ADDRESS)).toBe(true);
    expect(ok(solanaAddressSchema, '1'.repeat(32))).toBe(true);
    expect(ok(solanaAddressSchema, SOLANA_MULTIPLE_RECIPIENTS_PLACEHOLDER)).toBe(true);
    expect(ok(solanaAddressSchema, '1'.repeat(31))).toBe(false);
    expect(ok(solanaAddressSchema, '1'.repeat(45))).toBe(false);
    expect(ok(solanaAddressSchema, `0${'1'.repeat(40)}`)).toBe(false);
    expect(ok(solanaAddressSchema, `O${'1'.repeat(40)}`)).toBe(false);
  });

  it('EVM addresses and session public keys', () => {
    expect(ok(evmAddressSchema, EVM_ADDRESS)).toBe(true);
    expect(ok(evmAddressSchema, EVM_ADDRESS.slice(0, -1))).toBe(false);
    expect(ok(sessionPublicKeySchema, P256_KEY)).toBe(true);
    expect(ok(sessionPublicKeySchema, `04${'ab'.repeat(64)}`)).toBe(false);
    expect(ok(sessionPublicKeySchema, P256_KEY.slice(0, -2))).toBe(false);
  });

  it('host names and domains: a valid host name or localhost (SPEC §5)', () => {
    expect(['localhost', 'example.com', 'a-b.example.co.uk'].every((value) => ok(hostNameSchema, value))).toBe(true);
    expect(['-a.com', 'a..com', 'intranet', '127.0.0.1', 'exa mple.com', `${'a'.repeat(64)}.com`].some((value) => ok(hostNameSchema, value))).toBe(false);
    expect(ok(domainSchema, 'localhost:5173')).toBe(true);
    expect(ok(domainSchema, 'example.com')).toBe(true);
    expect(ok(domainSchema, 'example.com:70000')).toBe(false);
    expect(ok(domainSchema, 'https://example.com')).toBe(false);
  });

  it('ISO dates need an offset or Z', () => {
    expect(ok(isoDateSchema, '2026-11-21T10:00:00Z')).toBe(true);
    expect(ok(isoDateSchema, '2026-11-21T10:00:00+02:00')).toBe(true);
    expect(ok(isoDateSchema, '2026-11-21')).toBe(false);
  });
});
