import { describe, expect, it } from 'vitest';
import { PASSKEY_ALGORITHM, PASSKEY_TIMEOUT_MS, PASSKEY_USER_VERIFICATION } from './constants.js';
import {
  authenticationCredentialSchema,
  base64urlByteLength,
  passkeyAuthenticationOptionsSchema,
  passkeyAuthenticationSchema,
  passkeyListSchema,
  passkeyRecordSchema,
  passkeyRegisteredSchema,
  passkeyRegistrationOptionsSchema,
  passkeyRegistrationSchema,
  registrationCredentialSchema,
} from './passkeys.js';
import { passkeyAttestationSchema } from './passkeyAttestation.js';
import { expectParses, expectRejectedAt } from './test/expectIssues.js';
import { NOW, user } from './test/fixtures.js';

const options = {
  rp: { id: 'localhost', name: 'Latchkey demo' },
  user: { id: 'dXNlci0x', name: 'ada@example.com', displayName: 'Ada' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ alg: PASSKEY_ALGORITHM, type: 'public-key' }],
  timeout: PASSKEY_TIMEOUT_MS,
  authenticatorSelection: { residentKey: 'required', userVerification: PASSKEY_USER_VERIFICATION, authenticatorAttachment: 'platform' },
  excludeCredentials: [{ id: 'Y3JlZC0x', type: 'public-key', transports: ['internal', 'hybrid'] }],
  attestation: 'none',
  extensions: { credProps: true },
};

const registration = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZQ', transports: ['internal'], publicKeyAlgorithm: -7 },
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
  type: 'public-key',
};

const authentication = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'SZYN5YgO', signature: 'MEUCIQ', userHandle: 'dXNlci0x' },
  clientExtensionResults: {},
  type: 'public-key',
};

const record = { id: 'pk-1', alias: 'Laptop', userAgent: 'Chromium', origin: 'http://localhost:5173', credentialId: 'Y3JlZC0x', createdAt: NOW, updatedAt: null, storage: 'platform' };

describe('passkey options', () => {
  it('default: registration and authentication options parse', () => {
    expectParses(passkeyRegistrationOptionsSchema, options);
    expectParses(passkeyAuthenticationOptionsSchema, { challenge: 'Y2g', rpId: 'example.com', allowCredentials: [], userVerification: 'required' });
  });

  it('error: a user id longer than 64 bytes, or empty (SPEC §5)', () => {
    expect(base64urlByteLength('A'.repeat(86))).toBe(64);
    expectParses(passkeyRegistrationOptionsSchema, { ...options, user: { ...options.user, id: 'A'.repeat(86) } });
    expectRejectedAt(passkeyRegistrationOptionsSchema, { ...options, user: { ...options.user, id: 'A'.repeat(88) } }, 'user.id', '1 to 64 bytes');
    expectRejectedAt(passkeyRegistrationOptionsSchema, { ...options, user: { ...options.user, id: '' } }, 'user.id');
  });

  it('error: a relying party id that is not a host name', () => {
    expectRejectedAt(passkeyRegistrationOptionsSchema, { ...options, rp: { id: 'https://localhost', name: 'x' } }, 'rp.id', 'host name or localhost');
    expectRejectedAt(passkeyAuthenticationOptionsSchema, { challenge: 'Y2g', rpId: '127.0.0.1' }, 'rpId');
  });

  it('error: no algorithm, an unknown user verification, an unknown transport', () => {
    expectRejectedAt(passkeyRegistrationOptionsSchema, { ...options, pubKeyCredParams: [] }, 'pubKeyCredParams', 'at least one algorithm');
    expectRejectedAt(passkeyRegistrationOptionsSchema, { ...options, authenticatorSelection: { userVerification: 'always' } }, 'authenticatorSelection.userVerification');
    expectRejectedAt(passkeyRegistrationOptionsSchema, { ...options, excludeCredentials: [{ id: 'Y3', type: 'public-key', transports: ['wifi'] }] }, 'excludeCredentials.0.transports.0');
  });
});

describe('passkey credentials and records', () => {
  it('default: browser-style registration and authentication credentials parse', () => {
    expectParses(registrationCredentialSchema, registration);
    expectParses(authenticationCredentialSchema, authentication);
  });

  it('error: rawId differing from id, a non-base64url field, an unknown attachment', () => {
    expectRejectedAt(registrationCredentialSchema, { ...registration, rawId: 'b3RoZXI' }, 'rawId', 'must equal id');
    expectRejectedAt(authenticationCredentialSchema, { ...authentication, response: { ...authentication.response, signature: 'a+b/c=' } }, 'response.signature', 'base64url');
    expectRejectedAt(registrationCredentialSchema, { ...registration, authenticatorAttachment: 'usb' }, 'authenticatorAttachment');
    expectRejectedAt(registrationCredentialSchema, { ...registration, type: 'password' }, 'type');
  });

  it('default: the custody-side records of SPEC §3 (id plus attestation / assertion)', () => {
    const attestation = { attestationObject: 'o2Nm', clientDataJson: 'eyJ0', credentialId: 'Y3JlZC0x', transports: ['usb', 'nfc', 'ble'] };
    expectParses(passkeyAttestationSchema, attestation);
    expectParses(passkeyRegistrationSchema, { id: 'challenge-1', attestation });
    expectParses(passkeyAuthenticationSchema, { id: 'challenge-1', assertion: authentication.response });
    expectRejectedAt(passkeyRegistrationSchema, { id: 'challenge-1', attestation: { ...attestation, transports: ['bluetooth'] } }, 'attestation.transports.0');
  });

  it('default: passkey record, list, and the registration answer', () => {
    expectParses(passkeyRecordSchema, record);
    expectParses(passkeyListSchema, { passkeys: [record], count: 1 });
    expectParses(passkeyRegisteredSchema, { passkey: record, user });
    expectRejectedAt(passkeyRecordSchema, { ...record, createdAt: 'yesterday' }, 'createdAt');
    expectRejectedAt(passkeyListSchema, { passkeys: [], count: -1 }, 'count');
  });
});
