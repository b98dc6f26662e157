import { p256 } from '@noble/curves/nist.js';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKeyPair, newTargetKey, softPasskeyStamper } from '../../custody/testHelpers.js';
import { createTestEmbeddedWallet } from '../../test/embeddedWallet.js';
import { createSoftAuthenticator, type SoftAuthenticator } from '../../test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

/**
 * Ending sessions ends their custody session keys: a key stolen from a device (shared browser, XSS) must stop signing
 * once the product API ends the session it was registered under — POST /revoke (that session's keys), POST
 * /revoke/all and account deletion (every key of the user) — not only when its expiry comes.
 */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

type Key = { privateKey: string; publicKey: string };
const ORIGIN = 'http://localhost:5173';
let counter = 0;
const freshEmail = () => `end-sessions-${++counter}-${Date.now()}@example.com`;
const custody = (key: Key) => new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));

interface Wallet {
  organizationId: string;
  address: string;
}

/** Signs a fresh raw payload at custody with `key`, as the kit does; resolves to the activity or rejects with custody's refusal. */
function signWith(key: Key, wallet: Wallet) {
  return custody(key).signRawPayload({
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    timestampMs: String(t.clock.now().getTime()),
    organizationId: wallet.organizationId,
    parameters: { signWith: wallet.address, payload: (++counter).toString(16).padStart(8, '0'), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
  });
}

async function expectSigns(key: Key, wallet: Wallet): Promise<void> {
  expect((await signWith(key, wallet)).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
}

/** The refusal custody answers for a key it does not have (SPEC §8: 16 'could not find public key'). */
async function expectRefused(key: Key, wallet: Wallet): Promise<void> {
  await expect(signWith(key, wallet)).rejects.toMatchObject({ code: 16, message: expect.stringContaining('could not find public key') });
}

/** Signs in (a new session, as a new device would) and creates the user's embedded wallet with `sessionPublicKey`. */
async function userWithWallet(sessionPublicKey: string, passkey?: SoftAuthenticator) {
  const email = freshEmail();
  const { jwt } = await t.signIn(email);
  const { organizationId, address } = await createTestEmbeddedWallet(t, jwt, { sessionPublicKey, ...(passkey ? { passkey, origin: ORIGIN } : {}) });
  return { email, jwt, wallet: { organizationId, address } };
}

/** Another device of the user: a new session that registers its own session key (by the session alone: no passkey). */
async function secondDevice(email: string): Promise<{ jwt: string; key: Key }> {
  const { jwt } = await t.signIn(email);
  const key = newApiKeyPair();
  const registered = await t.call('POST', '/users/embeddedWallets/sessionKey', { token: jwt, body: { publicKey: key.publicKey } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return { jwt, key };
}

/** Another device of a passkey-protected wallet's user: its key registered with a passkey assertion over a challenge. */
async function secondProtectedDevice(email: string, passkey: SoftAuthenticator): Promise<{ jwt: string; key: Key }> {
  const { jwt } = await t.signIn(email);
  const key = newApiKeyPair();
  const challenge = await t.call('POST', '/users/embeddedWallets/sessionKey/challenge', { token: jwt, body: { publicKey: key.publicKey } });
  expect(challenge.status, JSON.stringify(challenge.body)).toBe(200);
  const passkeyStamp = await softPasskeyStamper(passkey, ORIGIN).stamp(challenge.body.body);
  const registered = await t.call('POST', '/users/embeddedWallets/sessionKey', { token: jwt, body: { publicKey: key.publicKey, challenge: challenge.body.body, passkeyStamp } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return { jwt, key };
}

describe('POST /revoke', () => {
  it("default: the session's key stops signing at custody; the key of the user's other session keeps signing", async () => {
    const first = newApiKeyPair();
    const { email, jwt, wallet } = await userWithWallet(first.publicKey);
    const other = await secondDevice(email);
    await expectSigns(first, wallet);
    await expectSigns(other.key, wallet);

    expect((await t.call('POST', '/revoke', { token: jwt })).status).toBe(200);
    await expectRefused(first, wallet);
    await expectSigns(other.key, wallet);
    expect((await t.call('GET', '/session', { token: other.jwt })).status).toBe(200);

    expect((await t.call('POST', '/revoke', { token: other.jwt })).status).toBe(200);
    await expectRefused(other.key, wallet);
  });

  it("behavior: a key the session's stolen key added at custody (unknown to the product API) dies with the session", async () => {
    const first = newApiKeyPair();
    const { jwt, wallet } = await userWithWallet(first.publicKey);
    const { userId } = await custody(first).getWhoami({ organizationId: wallet.organizationId });
    const minted = newApiKeyPair();
    await custody(first).createApiKeys({
      type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      timestampMs: String(t.clock.now().getTime()),
      organizationId: wallet.organizationId,
      parameters: { userId, apiKeys: [{ apiKeyName: 'minted', publicKey: minted.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }] },
    } as any);
    await expectSigns(minted, wallet);

    expect((await t.call('POST', '/revoke', { token: jwt })).status).toBe(200);
    await expectRefused(minted, wallet);
  });

  it("behavior: an e-mail recovery key issued for the session dies with it", async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { embeddedWallets: { emailRecoveryEnabled: true } } } });
    const { email, jwt, wallet } = await userWithWallet(newApiKeyPair().publicKey);
    const target = await newTargetKey();
    const started = await t.call('POST', '/users/embeddedWallets/emailAuth', { token: jwt, body: { email, sessionPublicKey: p256.Point.fromHex(target.targetPublicKey).toHex(true) } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const [message] = await t.inbox(email);
    const opened = await target.open(Buffer.from(message!.code!, 'base64url').toString('utf8'));
    const recovered = { privateKey: Buffer.from(opened.plaintext).toString('hex'), publicKey: Buffer.from(p256.getPublicKey(opened.plaintext, true)).toString('hex') };
    await expectSigns(recovered, wallet);

    expect((await t.call('POST', '/revoke', { token: jwt })).status).toBe(200);
    await expectRefused(recovered, wallet);
  });

  it("behavior: a passkey-protected wallet's keys die with their sessions too (the parent may delete what it may not add)", async () => {
    const passkey = createSoftAuthenticator();
    const first = newApiKeyPair();
    const { email, jwt, wallet } = await userWithWallet(first.publicKey, passkey);
    const other = await secondProtectedDevice(email, passkey);
    await expectSigns(first, wallet);
    await expectSigns(other.key, wallet);

    expect((await t.call('POST', '/revoke', { token: other.jwt })).status).toBe(200);
    await expectRefused(other.key, wallet);
    await expectSigns(first, wallet);
    expect((await t.call('POST', '/revoke', { token: jwt })).status).toBe(200);
    await expectRefused(first, wallet);
  });
});

describe('POST /revoke/all', () => {
  it("default: every device's key dies (the one that asked and the other); a third user's key is untouched", async () => {
    const first = newApiKeyPair();
    const { email, jwt, wallet } = await userWithWallet(first.publicKey);
    const other = await secondDevice(email);
    const stranger = newApiKeyPair();
    const third = await userWithWallet(stranger.publicKey);
    await expectSigns(first, wallet);
    await expectSigns(other.key, wallet);

    expect((await t.call('POST', '/revoke/all', { token: jwt })).status).toBe(200);
    await expectRefused(first, wallet);
    await expectRefused(other.key, wallet);
    await expectSigns(stranger, third.wallet);
    expect((await t.call('GET', '/session', { token: third.jwt })).status).toBe(200);
  });

  it('behavior: a key the product API cannot attribute to a session (added at custody with a session key) dies too', async () => {
    const first = newApiKeyPair();
    const { jwt, wallet } = await userWithWallet(first.publicKey);
    const { userId } = await custody(first).getWhoami({ organizationId: wallet.organizationId });
    const minted = newApiKeyPair();
    const { activity } = await custody(first).createApiKeys({
      type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      timestampMs: String(t.clock.now().getTime()),
      organizationId: wallet.organizationId,
      parameters: { userId, apiKeys: [{ apiKeyName: 'minted', publicKey: minted.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }] },
    } as any);
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    await expectSigns(minted, wallet);

    expect((await t.call('POST', '/revoke/all', { token: jwt })).status).toBe(200);
    await expectRefused(minted, wallet);
    await expectRefused(first, wallet);
  });

  it("behavior: a passkey-protected wallet's keys of every device die", async () => {
    const passkey = createSoftAuthenticator();
    const first = newApiKeyPair();
    const { email, jwt, wallet } = await userWithWallet(first.publicKey, passkey);
    const other = await secondProtectedDevice(email, passkey);
    await expectSigns(other.key, wallet);

    expect((await t.call('POST', '/revoke/all', { token: jwt })).status).toBe(200);
    await expectRefused(first, wallet);
    await expectRefused(other.key, wallet);
  });
});

describe('DELETE /users', () => {
  it("behavior: the deleted account's session keys are gone at custody (not only its wallet)", async () => {
    const first = newApiKeyPair();
    const { jwt, wallet } = await userWithWallet(first.publicKey);
    await expectSigns(first, wallet);
    expect((await t.call('DELETE', '/users', { token: jwt, body: { confirmation: 'DELETE' } })).status).toBe(200);
    await expect(custody(first).getWhoami({ organizationId: wallet.organizationId })).rejects.toMatchObject({ code: 16, message: expect.stringContaining('could not find public key') });
  });
});

describe('access lost (SPEC §6 "User does not have access")', () => {
  it('behavior: blocked after signing in, the first request of any session ends every session and every custody key; clearing the list later brings none back', async () => {
    const first = newApiKeyPair();
    const { email, jwt, wallet } = await userWithWallet(first.publicKey);
    const other = await secondDevice(email);
    const bystander = await userWithWallet(newApiKeyPair().publicKey);
    await expectSigns(first, wallet);
    try {
      expect((await t.call('PUT', '/sandbox/admin/access-list', { body: { address: email, action: 'block' } })).status).toBe(200);
      // Any bearer route, not only GET /users: the profile update is refused and nothing changes.
      const refused = await t.call('PUT', '/users', { token: jwt, body: { firstName: 'Blocked' } });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'user_without_access', message: 'User does not have access' });
      await expectRefused(first, wallet);
      await expectRefused(other.key, wallet);
      expect((await t.call('GET', '/session', { token: other.jwt })).body.error).toMatchObject({ code: 'unauthorized' });
      expect((await t.call('GET', '/users', { token: bystander.jwt })).status).toBe(200);
    } finally {
      await t.call('DELETE', '/sandbox/admin/access-list');
    }
    expect((await t.call('GET', '/users', { token: jwt })).status).toBe(401);
    expect((await t.call('POST', '/refresh', { token: other.jwt, body: {} })).status).toBe(401);
    expect((await t.call('GET', '/users', { token: (await t.signIn(email)).jwt })).body.user.firstName).toBeUndefined();
  });

  it("behavior: the admin's change itself takes the custody keys of the users it takes access from, before they send any request; the others keep theirs", async () => {
    const blockedKey = newApiKeyPair();
    const blocked = await userWithWallet(blockedKey.publicKey);
    const namedKey = newApiKeyPair();
    const named = await userWithWallet(namedKey.publicKey);
    const unnamedKey = newApiKeyPair();
    const unnamed = await userWithWallet(unnamedKey.publicKey);
    try {
      expect((await t.call('PUT', '/sandbox/admin/access-list', { body: { address: blocked.email, action: 'block' } })).status).toBe(200);
      // Custody does not read the list: without this, the key would sign until the user's next request to the product API.
      await expectRefused(blockedKey, blocked.wallet);
      await expectSigns(namedKey, named.wallet);
      await expectSigns(unnamedKey, unnamed.wallet);
      // The first allow entry takes access from everyone it does not name.
      expect((await t.call('PUT', '/sandbox/admin/access-list', { body: { address: named.email, action: 'allow' } })).status).toBe(200);
      await expectRefused(unnamedKey, unnamed.wallet);
      await expectSigns(namedKey, named.wallet);
      // Another allow entry takes access from no one.
      expect((await t.call('PUT', '/sandbox/admin/access-list', { body: { address: '@elsewhere.example', action: 'allow' } })).status).toBe(200);
      await expectSigns(namedKey, named.wallet);
      // The session itself is judged at its next request, which says why (and ends it there).
      const refused = await t.call('GET', '/users', { token: unnamed.jwt });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'user_without_access', message: 'User does not have access' });
      expect((await t.call('GET', '/users', { token: named.jwt })).status).toBe(200);
    } finally {
      await t.call('DELETE', '/sandbox/admin/access-list');
    }
  });

  it('behavior: a user who lost access may still sign out (POST /revoke, /revoke/all answer ok)', async () => {
    const email = freshEmail();
    const { jwt } = await t.signIn(email);
    const { jwt: another } = await t.signIn(email);
    try {
      await t.call('PUT', '/sandbox/admin/access-list', { body: { address: email, action: 'block' } });
      expect((await t.call('POST', '/revoke', { token: jwt })).body).toEqual({ ok: true });
      expect((await t.call('POST', '/revoke/all', { token: another })).body).toEqual({ ok: true });
    } finally {
      await t.call('DELETE', '/sandbox/admin/access-list');
    }
  });
});
