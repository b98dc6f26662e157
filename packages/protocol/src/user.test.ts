import { describe, expect, it } from 'vitest';
import { expectParses, expectRejectedAt, withChange } from './test/expectIssues.js';
import { embeddedCredential, NOW, signInResponse, user } from './test/fixtures.js';
import { signInResponseSchema, sessionInfoSchema } from './signIn.js';
import { sessionTokenClaimsSchema, userSchema, userUpdateSchema, verifiedCredentialSchema } from './user.js';

describe('userSchema', () => {
  it('default: a user with an e-mail and an embedded-wallet credential parses', () => {
    const parsed = expectParses(userSchema, user);
    expect(parsed.verifiedCredentials[1]?.wallet_properties?.turnkeyHDWalletId).toBe('hd-1');
  });

  it('error: an unknown chain in a verified credential', () => {
    expectRejectedAt(userSchema, { ...user, verifiedCredentials: [user.verifiedCredentials[0], { ...embeddedCredential, chain: 'DOGE' }] }, 'verifiedCredentials.1.chain');
  });

  it('error: a threshold scheme outside the three in the wallet properties', () => {
    const bad = withChange(embeddedCredential, (copy) => void (copy.wallet_properties.thresholdSignatureScheme = 'ONE_OF_TWO'));
    expectRejectedAt(verifiedCredentialSchema, bad, 'wallet_properties.thresholdSignatureScheme');
  });

  it('error: wallet properties with a bad version, source, derivation path or hardware wallet', () => {
    const change = (key: string, value: unknown) =>
      withChange(embeddedCredential, (copy) => void ((copy.wallet_properties as Record<string, unknown>)[key] = value));
    expectRejectedAt(verifiedCredentialSchema, change('version', 'V4'), 'wallet_properties.version');
    expectRejectedAt(verifiedCredentialSchema, change('source', 'admin'), 'wallet_properties.source');
    expectRejectedAt(verifiedCredentialSchema, change('derivationPath', "44'/501'"), 'wallet_properties.derivationPath');
    expectRejectedAt(verifiedCredentialSchema, change('hardwareWallet', 'trezor'), 'wallet_properties.hardwareWallet');
    expectRejectedAt(verifiedCredentialSchema, change('keyShares', [{ id: 's', backupLocation: 'dropbox', passwordEncrypted: false }]), 'wallet_properties.keyShares.0.backupLocation');
  });

  it('behavior: wallet properties of other wallets pass through', () => {
    const parsed = expectParses(verifiedCredentialSchema, { id: 'vc', format: 'blockchain', wallet_properties: { smartContract: true } });
    expect(parsed.wallet_properties?.['smartContract']).toBe(true);
  });

  it('error: an unknown credential kind', () => {
    expectRejectedAt(verifiedCredentialSchema, { id: 'vc', format: 'fingerprint' }, 'format');
  });
});

describe('userUpdateSchema', () => {
  it('default: profile fields plus captchaToken', () => {
    expectParses(userUpdateSchema, { firstName: 'Ada', metadata: { team: 'x' }, captchaToken: 't' });
  });

  it('error: a field that is not a profile field', () => {
    expectRejectedAt(userUpdateSchema, { id: 'other-user' }, '');
    expectRejectedAt(userUpdateSchema, { firstName: 'a'.repeat(256) }, 'firstName');
  });
});

describe('session records', () => {
  const claims = {
    kid: 'k1',
    aud: 'http://localhost:5173',
    iss: 'latchkey/env-1',
    sub: 'user-1',
    sid: 'session-1',
    exp: 1_800_000_000,
    iat: 1_799_990_000,
    environmentId: 'env-1',
    verifiedCredentialsHashes: { email: 'h1', blockchain: 'h2' },
  };

  it('default: token claims, sign-in response and session info parse', () => {
    expectParses(sessionTokenClaimsSchema, claims);
    expectParses(signInResponseSchema, signInResponse);
    expectParses(signInResponseSchema, { user, mfaToken: 'mfa-token', nextView: 'mfa' });
    expectParses(sessionInfoSchema, { id: 's', userId: 'u', createdAt: NOW, expiresAt: NOW, revokedAt: null });
  });

  it('error: a non-integer expiry and a missing user', () => {
    expectRejectedAt(sessionTokenClaimsSchema, { ...claims, exp: 1.5 }, 'exp');
    expectRejectedAt(signInResponseSchema, { jwt: 'x' }, 'user');
    expectRejectedAt(signInResponseSchema, { ...signInResponse, expiresAt: 'tomorrow' }, 'expiresAt');
  });
});
