import { describe, expect, it } from 'vitest';
import { fakeAuthenticationOptions, fakeRegistrationOptions, webAuthnError } from '../../test/fakeWebAuthn.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { isWarnOnlyPasskeyError, toPasskeyError } from './toPasskeyError.js';
import { isPasskeyDomain, validateAuthenticationOptions, validateRegistrationOptions } from './validatePasskeyOptions.js';

const user = (id: string, name = 'ada@example.com') => ({ user: { id, name, displayName: name } });

describe('validateRegistrationOptions (SPEC §5)', () => {
  it('default: well-formed options on a matching host pass', () => {
    expect(() => validateRegistrationOptions(fakeRegistrationOptions(), 'localhost')).not.toThrow();
    expect(() => validateRegistrationOptions(fakeRegistrationOptions({ rp: { id: 'example.com', name: 'x' } }), 'app.example.com')).not.toThrow();
    expect(() => validateRegistrationOptions(fakeRegistrationOptions(user('A'.repeat(86))), 'localhost')).not.toThrow(); // 64 bytes
  });

  it.each([
    ['passkey_invalid_user_id_length', user(''), 'localhost'],
    ['passkey_invalid_user_id_length', user('A'.repeat(87)), 'localhost'], // 65 bytes
    ['passkey_invalid_user_id_length', user('not base64url!'), 'localhost'],
    ['invalid_request', user('AAEC', '  '), 'localhost'],
    ['passkey_invalid_domain', {}, '127.0.0.1'],
    ['passkey_invalid_domain', {}, 'intranet'],
    ['passkey_invalid_domain', {}, undefined],
    ['passkey_invalid_rp_id', { rp: { id: 'example.com', name: 'x' } }, 'localhost'],
    ['passkey_invalid_rp_id', { rp: { id: 'example.com', name: 'x' } }, 'evilexample.com'],
  ] as const)('error: %s', (code, overrides, hostname) => {
    expect(() => validateRegistrationOptions(fakeRegistrationOptions(overrides as never), hostname)).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it('error: authentication options are checked for the domain and rp id too', () => {
    expect(() => validateAuthenticationOptions(fakeAuthenticationOptions(), 'localhost')).not.toThrow();
    expect(() => validateAuthenticationOptions(fakeAuthenticationOptions({ rpId: 'example.com' }), 'localhost')).toThrow(
      expect.objectContaining({ code: 'passkey_invalid_rp_id' }),
    );
    expect(() => validateAuthenticationOptions(fakeAuthenticationOptions(), '10.0.0.1')).toThrow(expect.objectContaining({ code: 'passkey_invalid_domain' }));
  });

  it('unit: isPasskeyDomain', () => {
    expect(['localhost', 'example.com', 'a.b-c.example'].every(isPasskeyDomain)).toBe(true);
    expect(['', '127.0.0.1', 'intranet', '-a.com', 'a..com'].some(isPasskeyDomain)).toBe(false);
  });
});

describe('toPasskeyError', () => {
  it('default: keeps a LatchkeyError, maps the library codes and keeps the cause', () => {
    const original = new LatchkeyError('not_found');
    expect(toPasskeyError(original)).toBe(original);
    const browserError = webAuthnError('ERROR_INVALID_RP_ID');
    expect(toPasskeyError(browserError)).toMatchObject({ code: 'passkey_invalid_rp_id', message: 'The relying party id does not match the domain.', cause: browserError });
  });

  it('behavior: NotAllowedError and its variants are warn-only; other errors are not', () => {
    const warned = [
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
      webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', { name: 'NotAllowedError', message: 'The user cancelled the request' }),
    ].map(toPasskeyError);
    expect(warned.map((error) => error.code)).toEqual(['operation_timed_out_or_not_allowed', 'user_cancelled_request']);
    expect(warned.every(isWarnOnlyPasskeyError)).toBe(true);
    expect(isWarnOnlyPasskeyError(toPasskeyError(webAuthnError('ERROR_CEREMONY_ABORTED')))).toBe(false);
  });

  it('error: "WebAuthn is not supported" → webauthn_not_supported; anything else → passkey_authenticator_error', () => {
    expect(toPasskeyError(new Error('WebAuthn is not supported in this browser'))).toMatchObject({
      code: 'webauthn_not_supported',
      message: 'Webauthn is not supported on this device.',
    });
    expect(toPasskeyError(new Error('boom')).code).toBe('passkey_authenticator_error');
  });
});
