import { describe, expect, it } from 'vitest';
import { expectParses, expectRejectedAt } from './test/expectIssues.js';
import { EVM_ADDRESS, P256_KEY, SOL_ADDRESS } from './test/fixtures.js';
import {
  isAddressForChain,
  nonceResponseSchema,
  signatureSignInSchema,
  verifyRequestSchema,
  walletLinkSchema,
  walletSelectionSchema,
} from './walletSignature.js';

const verify = {
  signedMessage: 'c2lnbmF0dXJl',
  messageToSign: 'localhost:5173 wants you to sign in with your Solana account',
  publicWalletAddress: SOL_ADDRESS,
  chain: 'SOL',
  walletName: 'phantom',
  walletProvider: 'browserExtension',
  network: 103,
  additionalWalletAddresses: [{ address: 'bc1qexample', publicKey: '02ab', type: 'payment' }],
  sessionPublicKey: P256_KEY,
};

const nonce = 'a1B2c3D4e5F6g7H8';
const signIn = {
  address: SOL_ADDRESS,
  domain: 'localhost:5173',
  nonce,
  message: `localhost:5173 wants you to sign in with your Solana account:\n${SOL_ADDRESS}\n\nNonce: ${nonce}`,
  signature: 'c2ln',
};

describe('verify request', () => {
  it('default: a Solana and an EVM verify request parse', () => {
    expectParses(verifyRequestSchema, verify);
    expectParses(verifyRequestSchema, { ...verify, chain: 'EVM', publicWalletAddress: EVM_ADDRESS, network: '1' });
  });

  it('error: an address that does not belong to the chain', () => {
    expectRejectedAt(verifyRequestSchema, { ...verify, publicWalletAddress: EVM_ADDRESS }, 'publicWalletAddress', 'SOL address');
    expectRejectedAt(verifyRequestSchema, { ...verify, chain: 'EVM' }, 'publicWalletAddress', 'EVM address');
    expect(isAddressForChain('BTC', 'bc1qexample')).toBe(true);
  });

  it('error: an unknown chain, provider type or account type; a bad session key', () => {
    expectRejectedAt(verifyRequestSchema, { ...verify, chain: 'DOGE' }, 'chain');
    expectRejectedAt(verifyRequestSchema, { ...verify, walletProvider: 'plugin' }, 'walletProvider');
    expectRejectedAt(verifyRequestSchema, { ...verify, additionalWalletAddresses: [{ address: 'x', type: 'taproot' }] }, 'additionalWalletAddresses.0.type');
    expectRejectedAt(verifyRequestSchema, { ...verify, sessionPublicKey: 'abc' }, 'sessionPublicKey');
  });
});

describe('signature sign-in', () => {
  it('default: a Sign-In-With-Solana message parses', () => {
    expectParses(signatureSignInSchema, signIn);
  });

  it('error: a message without the nonce, or not starting with the domain', () => {
    expectRejectedAt(signatureSignInSchema, { ...signIn, nonce: 'zzzzzzzz9' }, 'message', 'must contain the nonce');
    expectRejectedAt(signatureSignInSchema, { ...signIn, domain: 'evil.example.com' }, 'message', 'must start with the domain');
  });

  it('error: a short nonce and a domain with a scheme', () => {
    expectRejectedAt(signatureSignInSchema, { ...signIn, nonce: 'abc' }, 'nonce');
    expectRejectedAt(signatureSignInSchema, { ...signIn, domain: 'https://localhost' }, 'domain');
    expectRejectedAt(nonceResponseSchema, { nonce: 'has spaces in it' }, 'nonce');
  });
});

describe('wallet link and selection', () => {
  it('default: the unlink body carries verifiedCrentialId, spelled so', () => {
    expect(expectParses(walletLinkSchema, { verifiedCrentialId: 'vc-1', primaryWalletId: 'vc-2' })).toEqual({
      verifiedCrentialId: 'vc-1',
      primaryWalletId: 'vc-2',
    });
    expectParses(walletSelectionSchema, { walletId: 'vc-1' });
  });

  it('error: the correctly spelled name is not the wire name', () => {
    expectRejectedAt(walletLinkSchema, { verifiedCredentialId: 'vc-1' }, 'verifiedCrentialId');
  });
});
