import { randomUUID } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { waitFor } from 'xstate';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestClient, getLatestCode } from '../../testing/sandbox.js';
import { createEmailVerification } from '../actions/createEmailVerification.js';
import { signInWithEmailVerification } from '../actions/signInWithEmailVerification.js';
import type { LatchkeyClient } from '../client/createLatchkeyClient.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import type { WebAuthnCeremonies } from '../webauthn/WebAuthnCeremonies.js';
import { fromBase64Url, toBase64Url } from './bytes.js';
import { createEmbeddedWalletClient, type EmbeddedWalletClient } from './createEmbeddedWalletClient.js';
import { createBundleTarget, openRecoveryCode } from './recovery.js';
import { checkSessionKeyChallenge } from './registerWalletSessionKey.js';
import { createIndexedDbSessionKeyStore } from './stampers/sessionKeyStore.js';
// The sandbox's software authenticator (real P-256 attestations and assertions), shared rather than copied.
import { createSoftAuthenticator, type SoftAuthenticator } from '../../../../sandbox/src/test/softAuthenticator.js';

/**
 * Issue 11 against the sandbox: a passkey-protected wallet's session keys need its passkey or its current key
 * (hole 3), and a recovery code's age is authenticated (hole 6).
 */
const sandboxUrl = inject('sandboxUrl');
const ORIGIN = 'http://localhost:5173';
const clients: LatchkeyClient[] = [];
const wallets: EmbeddedWalletClient[] = [];
afterEach(async () => {
  wallets.splice(0).forEach((wallet) => wallet.stop());
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
  await fetch(`${sandboxUrl}/sandbox/admin/reset-settings`, { method: 'POST' });
});

/** The soft authenticator as this page's WebAuthn (host name localhost), counting its ceremonies. */
function softWebAuthn(authenticator: SoftAuthenticator = createSoftAuthenticator()) {
  const seen: Record<string, any>[] = [];
  const ceremonies: WebAuthnCeremonies = {
    isSupported: () => true,
    hostname: () => 'localhost',
    startRegistration: async (options) => (seen.push(options), authenticator.register(options, ORIGIN) as never),
    startAuthentication: async (options) => (seen.push(options), authenticator.authenticate(options, ORIGIN) as never),
    cancel: () => undefined,
  };
  return { authenticator, seen, loader: async () => ceremonies };
}

/** A signed-in client (or one holding `jwt`, as a thief would), recording the session-key requests' bodies. */
async function signedIn(options: { webauthn: ReturnType<typeof softWebAuthn>['loader']; email?: string }) {
  const sessionKeyBodies: Record<string, any>[] = [];
  const recording: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/users/embeddedWallets/sessionKey')) sessionKeyBodies.push(JSON.parse(String(init?.body)));
    return fetch(input, init);
  };
  const client = await createTestClient({ sandboxUrl, storage: createMemoryStorage(), fetch: recording, webauthn: options.webauthn } as never);
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) !== 'restoring');
  const email = options.email ?? `protected-${randomUUID()}@example.com`;
  const { verificationUUID } = await createEmailVerification(client, { email });
  const response = await signInWithEmailVerification(client, { verificationUUID, verificationToken: await getLatestCode({ sandboxUrl, to: email }) });
  client.session.send({ type: 'server.signedIn', response });
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
  return { client, email, sessionKeyBodies };
}

async function wallet(client: LatchkeyClient) {
  const info = await (await fetch(`${sandboxUrl}/sandbox/info`)).json();
  const made = createEmbeddedWalletClient(client, { appName: 'Latchkey tests', baseUrl: info.custodyBaseUrl, store: createIndexedDbSessionKeyStore({ indexedDB: new IDBFactory() }) });
  wallets.push(made);
  return made;
}

describe('a passkey-protected embedded wallet (kit)', () => {
  it('default: created with its passkey in one ceremony, with a first session key; renewal signs with the current key (no prompt)', async () => {
    const web = softWebAuthn();
    const { client, sessionKeyBodies } = await signedIn({ webauthn: web.loader });
    const embedded = await wallet(client);
    const account = await embedded.createWallet({ withPasskey: true });
    expect(account.isAuthenticatorAttached).toBe(true);
    expect(web.seen).toHaveLength(1);
    expect(embedded.session.getSnapshot().matches('active')).toBe(true);
    expect(sessionKeyBodies).toEqual([]);
    expect(await embedded.signer().signMessage(new Uint8Array([1, 2, 3]))).toHaveLength(64);

    embedded.session.send({ type: 'user.renew' });
    await embedded.openSession();
    expect(web.seen).toHaveLength(1);
    expect(sessionKeyBodies).toHaveLength(1);
    expect(sessionKeyBodies[0]).toEqual({ publicKey: expect.any(String), challenge: expect.any(String), prevSessionKeySignature: expect.stringMatching(/^30[0-9a-f]+$/) });
    expect(await embedded.signer().signMessage(new Uint8Array([4]))).toHaveLength(64);
  });

  it('behavior: once the key has lapsed, the passkey proves the new one (one assertion over the challenge)', async () => {
    const web = softWebAuthn();
    const { client, sessionKeyBodies } = await signedIn({ webauthn: web.loader });
    const embedded = await wallet(client);
    await embedded.createWallet({ withPasskey: true });
    const current = embedded.session.getSnapshot().context.session!;
    await fetch(`${sandboxUrl}/sandbox/admin/custody/expire-api-key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ publicKey: current.key.publicKey }) });
    // The signer's operation is refused (expired key), the session recreated without restore, the operation retried once.
    expect(await embedded.signer().signMessage(new Uint8Array([9]))).toHaveLength(64);
    const lastKeyRequest = sessionKeyBodies.at(-1)!;
    expect(lastKeyRequest.passkeyStamp).toMatchObject({ stampHeaderName: 'X-Stamp-WebAuthn' });
    const assertion = web.seen.at(-1)!;
    const challenge = Buffer.from(assertion.challenge, 'base64url').toString('utf8');
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(lastKeyRequest.challenge))).toString('hex');
    expect(challenge).toBe(digest);
  });

  it('error: a stolen JWT on another device (no passkey of the wallet) cannot open a session nor sign', async () => {
    const web = softWebAuthn();
    const { client } = await signedIn({ webauthn: web.loader });
    await (await wallet(client)).createWallet({ withPasskey: true });
    const jwt = client.session.getSnapshot().context.jwt!;
    const thiefDevice = softWebAuthn();
    thiefDevice.authenticator.register({ challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost' }, user: { id: 'dXNlcg' } }, ORIGIN);
    const thief = await createTestClient({ sandboxUrl, storage: createMemoryStorage(), webauthn: thiefDevice.loader } as never);
    clients.push(thief);
    await waitFor(thief.session, (snapshot) => getSessionStatus(snapshot) !== 'restoring');
    const me = await fetch(`${sandboxUrl}/api/v0/sdk/${inject('sandboxEnvironmentId')}/users`, { headers: { authorization: `Bearer ${jwt}` } });
    thief.session.send({ type: 'server.signedIn', response: { jwt, user: (await me.json()).user, expiresAt: new Date(Date.now() + 3_600_000).toISOString() } as never });
    await waitFor(thief.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
    const stolen = await wallet(thief);
    await expect(stolen.openSession()).rejects.toMatchObject({ code: 'failed_to_create_or_restore_session', cause: { code: 'invalid_session_public_key' } });
    await expect(stolen.signer().signMessage(new Uint8Array([1]))).rejects.toMatchObject({ code: 'failed_to_sign_message' });
  });

  it('default: deleting the wallet asks its passkey once; a stolen JWT alone cannot delete it (forbidden)', async () => {
    const web = softWebAuthn();
    const { client } = await signedIn({ webauthn: web.loader });
    const embedded = await wallet(client);
    const account = await embedded.createWallet({ withPasskey: true });
    const jwt = client.session.getSnapshot().context.jwt!;
    const stolen = await fetch(`${sandboxUrl}/api/v0/sdk/${inject('sandboxEnvironmentId')}/users/embeddedWallets`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ walletIds: [account.id], deleteWithoutExport: true }),
    });
    expect(stolen.status).toBe(403);
    const ceremonies = web.seen.length;
    const user = await embedded.deleteWallet({ deleteWithoutExport: true });
    expect(web.seen).toHaveLength(ceremonies + 1);
    expect(user.verifiedCredentials.some((credential) => credential.id === account.id)).toBe(false);
  });

  it('error: a challenge for another key or another wallet is never signed (invalid_response)', () => {
    const body = (publicKey: string, organizationId: string) =>
      JSON.stringify({ type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', timestampMs: '1', organizationId, parameters: { userId: 'u', apiKeys: [{ apiKeyName: 'session-n0nce000000000000', publicKey }] } });
    const expected = { publicKey: '02aa', organizationId: 'org' };
    expect(() => checkSessionKeyChallenge({ nonce: 'n0nce000000000000', body: body('02aa', 'org'), expiresAt: new Date().toISOString() }, expected)).not.toThrow();
    for (const wrong of [body('02bb', 'org'), body('02aa', 'other'), '{', JSON.stringify({ type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' })]) {
      expect(() => checkSessionKeyChallenge({ nonce: 'n0nce000000000000', body: wrong, expiresAt: new Date().toISOString() }, expected)).toThrow(expect.objectContaining({ code: 'invalid_response' }));
    }
  });
});

describe('recovery codes (kit)', () => {
  it('error: a recovery code whose createdAtMs was rewritten to look fresh does not open (the age is authenticated)', async () => {
    await fetch(`${sandboxUrl}/sandbox/admin/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sdk: { embeddedWallets: { emailRecoveryEnabled: true } } }) });
    const { client, email } = await signedIn({ webauthn: softWebAuthn().loader });
    const embedded = await wallet(client);
    await embedded.createWallet();
    const target = await createBundleTarget();
    const environmentId = inject('sandboxEnvironmentId');
    const started = await fetch(`${sandboxUrl}/api/v0/sdk/${environmentId}/users/embeddedWallets/emailAuth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${client.session.getSnapshot().context.jwt}` },
      body: JSON.stringify({ email, sessionPublicKey: target.publicKey }),
    });
    expect(started.status).toBe(200);
    const code = await getLatestCode({ sandboxUrl, to: email });
    const createdAt = (await openRecoveryCode(target, code, Date.now())).createdAtMs;
    // Sixteen minutes later the code is too old…
    const later = createdAt + 960_000;
    await expect(openRecoveryCode(target, code, later)).rejects.toMatchObject({ code: 'recovery_code_invalid' });
    // …and rewriting its createdAtMs to "now" must not make it young again.
    const outer = JSON.parse(new TextDecoder().decode(fromBase64Url(code)));
    const data = JSON.parse(Buffer.from(outer.data, 'hex').toString('utf8'));
    const forgedData = Buffer.from(JSON.stringify({ ...data, createdAtMs: later - 1000 }), 'utf8').toString('hex');
    const forged = toBase64Url(new TextEncoder().encode(JSON.stringify({ ...outer, data: forgedData })));
    await expect(openRecoveryCode(target, forged, later)).rejects.toMatchObject({ code: 'recovery_code_invalid' });
  });
});
