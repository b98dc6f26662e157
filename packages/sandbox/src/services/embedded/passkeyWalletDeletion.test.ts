import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKeyPair, softPasskeyStamper } from '../../custody/testHelpers.js';
import { createTestEmbeddedWallet } from '../../test/embeddedWallet.js';
import { createSoftAuthenticator, type SoftAuthenticator } from '../../test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

/**
 * A passkey-protected wallet (`isAuthenticatorAttached`) is deleted only with its passkey: a stolen session token alone
 * must not destroy the wallet — and then put a wallet of the thief's own key on the account in its place.
 */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost:5173';
let counter = 0;

async function userWithWallet(passkey?: SoftAuthenticator) {
  const { jwt } = await t.signIn(`passkey-wallet-deletion-${++counter}-${Date.now()}@example.com`);
  return { jwt, ...(await createTestEmbeddedWallet(t, jwt, { sessionPublicKey: newApiKeyPair().publicKey, ...(passkey ? { passkey, origin: ORIGIN } : {}) })) };
}

/** The custody `delete_wallets` request the kit stamps with the wallet's passkey. */
async function passkeySignedDeletion(passkey: SoftAuthenticator, wallet: { organizationId: string; hdWalletId: string }, overrides: Record<string, unknown> = {}) {
  const body = JSON.stringify({
    type: 'ACTIVITY_TYPE_DELETE_WALLETS',
    timestampMs: String(t.clock.now().getTime()),
    organizationId: wallet.organizationId,
    parameters: { walletIds: [wallet.hdWalletId], deleteWithoutExport: true },
    ...overrides,
  });
  const stamp = await softPasskeyStamper(passkey, ORIGIN).stamp(body);
  return { body, url: `${t.sandbox.info.custodyBaseUrl}/public/v1/submit/delete_wallets`, stamp };
}

const embeddedWallets = async (jwt: string) =>
  ((await t.call('GET', '/users', { token: jwt })).body.user.verifiedCredentials as any[]).filter((entry) => entry.wallet_properties?.turnkeySubOrganizationId);

describe('DELETE /users/embeddedWallets of a passkey-protected wallet', () => {
  it('error: the session token alone is 403 forbidden — the wallet stays, and no second wallet can take its place', async () => {
    const passkey = createSoftAuthenticator();
    const user = await userWithWallet(passkey);
    const refused = await t.call('DELETE', '/users/embeddedWallets', { token: user.jwt, body: { walletIds: [user.walletId], deleteWithoutExport: true } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', path: 'turnkeySignedRequest' });
    expect(await embeddedWallets(user.jwt)).toHaveLength(1);
    const replacement = await t.call('POST', '/users/embeddedWallets', { token: user.jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', sessionPublicKey: newApiKeyPair().publicKey } });
    expect(replacement.status).toBe(409);
  });

  it('error: a passkey-signed request for another wallet, another kind of request, or by another passkey is refused; nothing is deleted', async () => {
    const passkey = createSoftAuthenticator();
    const user = await userWithWallet(passkey);
    const otherPasskey = createSoftAuthenticator();
    const other = await userWithWallet(otherPasskey);
    const attempts = [
      await passkeySignedDeletion(otherPasskey, other),
      await passkeySignedDeletion(passkey, user, { type: 'ACTIVITY_TYPE_DELETE_API_KEYS' }),
      await passkeySignedDeletion(passkey, user, { parameters: { walletIds: [user.hdWalletId], deleteWithoutExport: false } }),
      await passkeySignedDeletion(otherPasskey, user),
    ];
    for (const turnkeySignedRequest of attempts) {
      const refused = await t.call('DELETE', '/users/embeddedWallets', { token: user.jwt, body: { walletIds: [user.walletId], deleteWithoutExport: true, turnkeySignedRequest } });
      expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    expect(await embeddedWallets(user.jwt)).toHaveLength(1);
    expect(await embeddedWallets(other.jwt)).toHaveLength(1);
  });

  it('default: with the request stamped by its passkey, the wallet goes', async () => {
    const passkey = createSoftAuthenticator();
    const user = await userWithWallet(passkey);
    const turnkeySignedRequest = await passkeySignedDeletion(passkey, user);
    const deleted = await t.call('DELETE', '/users/embeddedWallets', { token: user.jwt, body: { walletIds: [user.walletId], deleteWithoutExport: true, turnkeySignedRequest } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await embeddedWallets(user.jwt)).toHaveLength(0);
  });

  it('error: a passkey-stamped deletion replayed is refused by custody (its fingerprint was used)', async () => {
    const passkey = createSoftAuthenticator();
    const user = await userWithWallet(passkey);
    const turnkeySignedRequest = await passkeySignedDeletion(passkey, user);
    // The same bytes sent straight to custody first (as a thief who saw them might): the product's forward is a replay.
    const first = await fetch(turnkeySignedRequest.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-stamp-webauthn': turnkeySignedRequest.stamp.stampHeaderValue }, body: turnkeySignedRequest.body });
    expect(first.status).toBe(200);
    const replayed = await t.call('DELETE', '/users/embeddedWallets', { token: user.jwt, body: { walletIds: [user.walletId], deleteWithoutExport: true, turnkeySignedRequest } });
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(400);
  });

  it('behavior: a wallet without a passkey is still deleted with the session (and a recent second factor when the user has one)', async () => {
    const user = await userWithWallet();
    const deleted = await t.call('DELETE', '/users/embeddedWallets', { token: user.jwt, body: { walletIds: [user.walletId], deleteWithoutExport: true } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  });

  it('default: deleting the account leaves a passkey-protected wallet at custody (the product cannot delete it) and still succeeds', async () => {
    const passkey = createSoftAuthenticator();
    const user = await userWithWallet(passkey);
    const gone = await t.call('DELETE', '/users', { token: user.jwt, body: { confirmation: 'DELETE' } });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
  });
});
