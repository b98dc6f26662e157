import { describe, it } from 'vitest';
import {
  embeddedWalletCreationSchema,
  embeddedWalletEmailAuthSchema,
  embeddedWalletPropertiesSchema,
  sessionKeyChallengeSchema,
  sessionKeyRegistrationSchema,
  sessionKeyResponseSchema,
  signedRequestSchema,
  walletChainEntrySchema,
  walletCredentialSchema,
  walletDeletionSchema,
  walletExportSchema,
} from './embeddedWallet.js';
import { expectParses, expectRejectedAt } from './test/expectIssues.js';
import { embeddedWalletProperties, NOW, P256_KEY, P256_KEY_2, SOL_ADDRESS } from './test/fixtures.js';

const signedRequest = {
  body: '{"type":"ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS","timestampMs":"1","organizationId":"o","parameters":{}}',
  url: 'http://127.0.0.1:4011/public/v1/submit/create_wallet_accounts',
  stamp: { stampHeaderName: 'X-Stamp', stampHeaderValue: 'eyJwdWJsaWNLZXkiOiIwMiJ9' },
};

describe('embedded-wallet records', () => {
  it('default: properties, wallet-layer credential, creation, session key, signed request', () => {
    expectParses(embeddedWalletPropertiesSchema, embeddedWalletProperties);
    expectParses(walletCredentialSchema, { id: 'vc', address: SOL_ADDRESS, walletName: 'turnkeyhd', chain: 'SOL', walletProperties: { turnkeySubOrganizationId: 's', isSessionKeyCompatible: true } });
    expectParses(embeddedWalletCreationSchema, { chains: ['SOL', 'EVM'], embeddedWalletProvider: 'turnkeyhd', isAuthenticatorAttached: false, sessionPublicKey: P256_KEY, turnkeySignedRequest: signedRequest });
    expectParses(sessionKeyRegistrationSchema, { publicKey: P256_KEY_2 });
    expectParses(sessionKeyRegistrationSchema, { publicKey: P256_KEY_2, challenge: '{"type":"x"}', prevSessionKeySignature: '3045022100ab' });
    expectParses(sessionKeyRegistrationSchema, { publicKey: P256_KEY_2, challenge: '{"type":"x"}', passkeyStamp: { stampHeaderName: 'X-Stamp-WebAuthn', stampHeaderValue: '{}' } });
    expectParses(sessionKeyChallengeSchema, { nonce: 'n'.repeat(32), body: '{"type":"x"}', expiresAt: NOW });
    expectParses(sessionKeyResponseSchema, { publicKey: P256_KEY_2, expiresAt: NOW });
    expectParses(signedRequestSchema, signedRequest);
  });

  it('default: creation with a passkey carries its attestation and challenge', () => {
    const attestation = { attestationObject: 'o2Nm', clientDataJson: 'eyJ0', credentialId: 'Y3JlZC0x', transports: ['internal'] };
    expectParses(embeddedWalletCreationSchema, { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', isAuthenticatorAttached: true, passkeyAlias: 'My laptop', attestation, challenge: 'Y2hhbGxlbmdl' });
    expectParses(embeddedWalletCreationSchema, { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', attestation, challenge: 'Y2hhbGxlbmdl' });
  });

  it('error: an attestation without its challenge (or the reverse), isAuthenticatorAttached without the passkey', () => {
    const attestation = { attestationObject: 'o2Nm', clientDataJson: 'eyJ0', credentialId: 'Y3JlZC0x', transports: ['internal'] };
    const base = { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd' };
    expectRejectedAt(embeddedWalletCreationSchema, { ...base, attestation }, 'challenge', 'required with an attestation');
    expectRejectedAt(embeddedWalletCreationSchema, { ...base, challenge: 'Y2hhbGxlbmdl' }, 'attestation', 'required with a challenge');
    expectRejectedAt(embeddedWalletCreationSchema, { ...base, isAuthenticatorAttached: true }, 'attestation', 'isAuthenticatorAttached');
    expectRejectedAt(embeddedWalletCreationSchema, { ...base, isAuthenticatorAttached: false, attestation, challenge: 'Y2hhbGxlbmdl' }, 'isAuthenticatorAttached');
    expectRejectedAt(embeddedWalletCreationSchema, { ...base, attestation: { ...attestation, clientDataJson: 'a+b=' }, challenge: 'Y2hhbGxlbmdl' }, 'attestation.clientDataJson', 'base64url');
  });

  it('error: creation with a repeated chain, no chain, or an unknown provider', () => {
    expectRejectedAt(embeddedWalletCreationSchema, { chains: ['SOL', 'SOL'], embeddedWalletProvider: 'turnkeyhd' }, 'chains', 'must not repeat');
    expectRejectedAt(embeddedWalletCreationSchema, { chains: [], embeddedWalletProvider: 'turnkeyhd' }, 'chains');
    expectRejectedAt(embeddedWalletCreationSchema, { chains: ['SOL'], embeddedWalletProvider: 'magic' }, 'embeddedWalletProvider');
  });

  it('error: an uncompressed session key, a non-hex previous signature', () => {
    expectRejectedAt(sessionKeyRegistrationSchema, { publicKey: `04${'ab'.repeat(64)}` }, 'publicKey', 'compressed P-256');
    expectRejectedAt(sessionKeyRegistrationSchema, { publicKey: P256_KEY, challenge: '{}', prevSessionKeySignature: 'xyz' }, 'prevSessionKeySignature');
  });

  it('error: a proof without the challenge it signs, two proofs, or an API-key stamp as the passkey proof', () => {
    const passkeyStamp = { stampHeaderName: 'X-Stamp-WebAuthn', stampHeaderValue: '{}' };
    expectRejectedAt(sessionKeyRegistrationSchema, { publicKey: P256_KEY, prevSessionKeySignature: '3045' }, 'challenge', 'required with a proof');
    expectRejectedAt(sessionKeyRegistrationSchema, { publicKey: P256_KEY, passkeyStamp }, 'challenge', 'required with a proof');
    expectRejectedAt(sessionKeyRegistrationSchema, { publicKey: P256_KEY, challenge: '{}', passkeyStamp, prevSessionKeySignature: '3045' }, 'passkeyStamp', 'one proof');
    expectRejectedAt(sessionKeyRegistrationSchema, { publicKey: P256_KEY, challenge: '{}', passkeyStamp: { stampHeaderName: 'X-Stamp', stampHeaderValue: 'e30' } }, 'passkeyStamp.stampHeaderName');
  });

  it('error: a signed request to an http host off loopback, or an unknown stamp header', () => {
    expectRejectedAt(signedRequestSchema, { ...signedRequest, url: 'http://custody.example.com/x' }, 'url');
    expectRejectedAt(signedRequestSchema, { ...signedRequest, stamp: { ...signedRequest.stamp, stampHeaderName: 'Authorization' } }, 'stamp.stampHeaderName');
  });

  it('error: wallet deletion with no or repeated ids; a chain entry with an unknown chain', () => {
    expectParses(walletDeletionSchema, { walletIds: ['w1', 'w2'], deleteWithoutExport: true });
    expectRejectedAt(walletDeletionSchema, { walletIds: [] }, 'walletIds');
    expectRejectedAt(walletDeletionSchema, { walletIds: ['w1', 'w1'] }, 'walletIds', 'must not repeat');
    expectParses(walletChainEntrySchema, { chain: 'EVM', publicWalletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expectRejectedAt(walletChainEntrySchema, { chain: 'XRP', publicWalletAddress: 'r' }, 'chain');
  });

  it('error: a completed export without its bundle; e-mail auth without a session key', () => {
    expectParses(walletExportSchema, { status: 'pending' });
    expectParses(walletExportSchema, { status: 'completed', exportBundle: 'bundle' });
    expectRejectedAt(walletExportSchema, { status: 'completed' }, 'exportBundle');
    expectRejectedAt(walletExportSchema, { status: 'done' }, 'status');
    expectRejectedAt(embeddedWalletEmailAuthSchema, { email: 'ada@example.com' }, 'sessionPublicKey');
  });
});
