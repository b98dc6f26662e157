import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoftAuthenticator } from '../test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';
import { custodyMessages } from './CustodyError.js';
import { SOLANA_DEFAULT_PATH } from './solanaKeys.js';
import { newApiKeyPair, softPasskeyAttestation } from './testHelpers.js';

/**
 * What the parent organisation may do to the API keys of a passkey-protected user (one with an authenticator): delete
 * them (taking access away is never an escalation — the product API ends session keys this way), but not add any.
 */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

type Key = { privateKey: string; publicKey: string };
const clientFor = (key: Key) => new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));
const ts = () => String(t.clock.now().getTime());

/** A test's own root organisation (its key acts as parent) and under it a user with a passkey and one session key. */
async function protectedUser() {
  const parentKey = newApiKeyPair();
  const root = await t.call('POST', '/sandbox/custody/organizations', { body: { publicKey: parentKey.publicKey } });
  expect(root.status).toBe(200);
  const parent = clientFor(parentKey);
  const sessionKey = newApiKeyPair();
  const challenge = Buffer.from('protected-user-challenge').toString('base64url');
  const attestation = softPasskeyAttestation(createSoftAuthenticator(), challenge, 'http://localhost:5173');
  const { activity } = await parent.createSubOrganization({
    type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
    timestampMs: ts(),
    organizationId: root.body.organizationId,
    parameters: {
      subOrganizationName: 'protected user',
      rootQuorumThreshold: 1,
      rootUsers: [
        {
          userName: 'protected user',
          apiKeys: [{ apiKeyName: 'session', publicKey: sessionKey.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }],
          authenticators: [{ authenticatorName: 'passkey', challenge, attestation: { ...attestation, transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL'] } }],
          oauthProviders: [],
        },
      ],
      wallet: { walletName: 'Solana', accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: SOLANA_DEFAULT_PATH, addressFormat: 'ADDRESS_FORMAT_SOLANA' }] },
    },
  } as any);
  const result = (activity.result as any).createSubOrganizationResultV7;
  return { parent, sessionKey, organizationId: result.subOrganizationId as string, userId: result.rootUserIds[0] as string };
}

describe('the parent and a passkey-protected user', () => {
  it("default: the parent deletes the user's session key; the key is then unknown to custody", async () => {
    const user = await protectedUser();
    const { user: listed } = await user.parent.getUser({ organizationId: user.organizationId, userId: user.userId });
    const apiKeyIds = listed.apiKeys.map((key) => key.apiKeyId);
    expect(apiKeyIds).toHaveLength(1);
    const { activity } = await user.parent.deleteApiKeys({ type: 'ACTIVITY_TYPE_DELETE_API_KEYS', timestampMs: ts(), organizationId: user.organizationId, parameters: { userId: user.userId, apiKeyIds } });
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    await expect(clientFor(user.sessionKey).getWhoami({ organizationId: user.organizationId })).rejects.toMatchObject({ code: 16, message: expect.stringContaining(custodyMessages.unknownPublicKey) });
  });

  it('error: the parent still may not add a key for that user (7)', async () => {
    const user = await protectedUser();
    const added = newApiKeyPair();
    const refused = user.parent.createApiKeys({
      type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      timestampMs: ts(),
      organizationId: user.organizationId,
      parameters: { userId: user.userId, apiKeys: [{ apiKeyName: 'thief', publicKey: added.publicKey, curveType: 'API_KEY_CURVE_P256' }] },
    } as any);
    await expect(refused).rejects.toMatchObject({ code: 7, message: expect.stringContaining(custodyMessages.passkeyProtected) });
    await expect(clientFor(added).getWhoami({ organizationId: user.organizationId })).rejects.toMatchObject({ code: 16 });
  });

  it('error: a session key may not add an authenticator (7): a stolen session key cannot mint a passkey that outlives every sign-out', async () => {
    const user = await protectedUser();
    const challenge = Buffer.from('thief-passkey-challenge').toString('base64url');
    const attestation = softPasskeyAttestation(createSoftAuthenticator(), challenge, 'http://localhost:5173');
    const refused = clientFor(user.sessionKey).createAuthenticators({
      type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      timestampMs: ts(),
      organizationId: user.organizationId,
      parameters: { userId: user.userId, authenticators: [{ authenticatorName: 'thief', challenge, attestation: { ...attestation, transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL'] } }] },
    } as any);
    await expect(refused).rejects.toMatchObject({ code: 7, message: expect.stringContaining(custodyMessages.apiKeyAddsNoAuthenticator) });
    const { user: listed } = await user.parent.getUser({ organizationId: user.organizationId, userId: user.userId });
    expect(listed.authenticators).toHaveLength(1);
  });

  const addKey = (by: Key, user: { organizationId: string; userId: string }, added: Key, expirationSeconds?: string) =>
    clientFor(by).createApiKeys({
      type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      timestampMs: ts(),
      organizationId: user.organizationId,
      parameters: { userId: user.userId, apiKeys: [{ apiKeyName: 'minted', publicKey: added.publicKey, curveType: 'API_KEY_CURVE_P256', ...(expirationSeconds ? { expirationSeconds } : {}) }] },
    } as any);

  it('error: a session key may add a key that lapses within its own lifetime, never one that outlives it (7): a stolen key cannot mint a lasting one', async () => {
    const user = await protectedUser();
    for (const expirationSeconds of [undefined, '1801', '9999999999']) {
      const added = newApiKeyPair();
      await expect(addKey(user.sessionKey, user, added, expirationSeconds), String(expirationSeconds)).rejects.toMatchObject({ code: 7, message: expect.stringContaining(custodyMessages.apiKeyOutlivesItsMaker.replace('{seconds}', '1800')) });
      await expect(clientFor(added).getWhoami({ organizationId: user.organizationId })).rejects.toMatchObject({ code: 16 });
    }
    // Rotation: the current key adds the next for as long as it was given itself.
    const next = newApiKeyPair();
    t.clock.advance(20 * 60_000);
    expect((await addKey(user.sessionKey, user, next, '1800')).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect((await clientFor(next).getWhoami({ organizationId: user.organizationId })).userId).toBe(user.userId);
  });

  it("behavior: a new key lives expirationSeconds from its request's timestampMs, never from later: sent 40 s late it lapses 20 s after it arrives; stamped ahead, it counts from now", async () => {
    const user = await protectedUser();
    const addAt = (added: Key, at: number) =>
      clientFor(user.sessionKey).createApiKeys({
        type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
        timestampMs: String(at),
        organizationId: user.organizationId,
        parameters: { userId: user.userId, apiKeys: [{ apiKeyName: `added-${at}`, publicKey: added.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '60' }] },
      } as any);
    const [late, ahead] = [newApiKeyPair(), newApiKeyPair()];
    const now = t.clock.now().getTime();
    expect((await addAt(late, now - 40_000)).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect((await addAt(ahead, now + 30_000)).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const { user: listed } = await user.parent.getUser({ organizationId: user.organizationId, userId: user.userId });
    const lateKey = listed.apiKeys.find((key) => key.credential.publicKey === late.publicKey)!;
    expect(Number(lateKey.createdAt.seconds)).toBe(Math.floor((now - 40_000) / 1000));
    expect(lateKey.expirationSeconds).toBe('60');
    await clientFor(late).getWhoami({ organizationId: user.organizationId });
    t.clock.advance(20_000);
    await expect(clientFor(late).getWhoami({ organizationId: user.organizationId })).rejects.toMatchObject({ code: 16, message: expect.stringContaining('expired api key') });
    await clientFor(ahead).getWhoami({ organizationId: user.organizationId });
    t.clock.advance(40_500);
    await expect(clientFor(ahead).getWhoami({ organizationId: user.organizationId })).rejects.toMatchObject({ code: 16, message: expect.stringContaining('expired api key') });
  });

  it('default: deleting a key deletes the keys it added, and theirs: ending a session leaves no key minted by its stolen key', async () => {
    const user = await protectedUser();
    const [child, grandchild] = [newApiKeyPair(), newApiKeyPair()];
    await addKey(user.sessionKey, user, child, '1800');
    await addKey(child, user, grandchild, '600');
    const { user: listed } = await user.parent.getUser({ organizationId: user.organizationId, userId: user.userId });
    expect(listed.apiKeys).toHaveLength(3);
    const sessionKeyId = listed.apiKeys.find((key) => key.credential.publicKey === user.sessionKey.publicKey)!.apiKeyId;
    const { activity } = await user.parent.deleteApiKeys({ type: 'ACTIVITY_TYPE_DELETE_API_KEYS', timestampMs: ts(), organizationId: user.organizationId, parameters: { userId: user.userId, apiKeyIds: [sessionKeyId] } });
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    for (const key of [user.sessionKey, child, grandchild]) await expect(clientFor(key).getWhoami({ organizationId: user.organizationId })).rejects.toMatchObject({ code: 16 });
    expect((await user.parent.getUser({ organizationId: user.organizationId, userId: user.userId })).user.apiKeys).toEqual([]);
  });

  it("error: the parent may not delete the wallet of a passkey-protected user (7): its passkey decides", async () => {
    const user = await protectedUser();
    const { wallets } = await user.parent.getWallets({ organizationId: user.organizationId });
    const refused = user.parent.deleteWallets({
      type: 'ACTIVITY_TYPE_DELETE_WALLETS',
      timestampMs: ts(),
      organizationId: user.organizationId,
      parameters: { walletIds: [wallets[0]!.walletId], deleteWithoutExport: true },
    } as any);
    await expect(refused).rejects.toMatchObject({ code: 7, message: expect.stringContaining(custodyMessages.passkeyProtectedWallet) });
    expect((await user.parent.getWallets({ organizationId: user.organizationId })).wallets).toHaveLength(1);
  });

  it('error: a session key (one that expires) may not create a policy (7): a stolen key cannot leave the wallet needing approvals nobody can give', async () => {
    const user = await protectedUser();
    const refused = clientFor(user.sessionKey).createPolicy({
      type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
      timestampMs: ts(),
      organizationId: user.organizationId,
      parameters: { policyName: 'brick', effect: 'EFFECT_ALLOW', condition: 'true', consensus: 'approvers.count() >= 2', notes: '' },
    } as any);
    await expect(refused).rejects.toMatchObject({ code: 7, message: expect.stringContaining(custodyMessages.expiringKeyAddsNoPolicy) });
    const { wallets } = await user.parent.getWallets({ organizationId: user.organizationId });
    const { accounts } = await user.parent.getWalletAccounts({ organizationId: user.organizationId, walletId: wallets[0]!.walletId });
    const { activity } = await clientFor(user.sessionKey).signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: ts(),
      organizationId: user.organizationId,
      parameters: { signWith: accounts[0]!.address, payload: 'aa', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
    });
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  });
});
