import { expect } from 'vitest';
import { softPasskeyAttestation } from '../custody/testHelpers.js';
import type { SoftAuthenticator } from './softAuthenticator.js';
import type { TestSandbox } from './testSandbox.js';

/** The custody-backed embedded wallet a test made through the product API, as the user's credential names it. */
export interface TestEmbeddedWallet {
  /** The wallet's verified credential id (what DELETE /users/embeddedWallets takes). */
  walletId: string;
  address: string;
  organizationId: string;
  hdWalletId: string;
  custodyUserId: string;
}

/**
 * POST /users/embeddedWallets for the user of `jwt`: a Solana wallet, with `sessionPublicKey` as its first session
 * key when given, and attached to a passkey of `passkey` (registered over a fresh challenge at `origin`) when given.
 */
export async function createTestEmbeddedWallet(
  t: Pick<TestSandbox, 'call'>,
  jwt: string,
  options: { sessionPublicKey?: string; passkey?: SoftAuthenticator; origin?: string } = {},
): Promise<TestEmbeddedWallet> {
  const challenge = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  const passkey = options.passkey
    ? { isAuthenticatorAttached: true, challenge, attestation: softPasskeyAttestation(options.passkey, challenge, options.origin ?? 'http://localhost:5173') }
    : {};
  const created = await t.call('POST', '/users/embeddedWallets', {
    token: jwt,
    body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', ...(options.sessionPublicKey ? { sessionPublicKey: options.sessionPublicKey } : {}), ...passkey },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const credential = created.body.user.verifiedCredentials.find((entry: any) => entry.format === 'blockchain' && entry.wallet_properties?.turnkeySubOrganizationId);
  const properties = credential.wallet_properties;
  return {
    walletId: credential.id,
    address: credential.address,
    organizationId: properties.turnkeySubOrganizationId,
    hdWalletId: properties.turnkeyHDWalletId,
    custodyUserId: properties.turnkeyUserId,
  };
}
