import { randomUUID } from 'node:crypto';
import { IDBFactory, indexedDB } from 'fake-indexeddb';
import { waitFor } from 'xstate';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestClient, getLatestCode } from '../../testing/sandbox.js';
import { createEmailVerification } from '../actions/createEmailVerification.js';
import { signInWithEmailVerification } from '../actions/signInWithEmailVerification.js';
import type { LatchkeyClient } from '../client/createLatchkeyClient.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import { base58 } from '@scure/base';
import { fromHex } from './bytes.js';
import { createCustodyApi, type CustodyApi } from './custody/createCustodyApi.js';
import { createEmbeddedWalletClient, type EmbeddedWalletClient } from './createEmbeddedWalletClient.js';
import { passkeyStampChallenge } from './stampers/createPasskeyStamper.js';
import { createSessionKeyStamper } from './stampers/createSessionKeyStamper.js';
import { createIndexedDbSessionKeyStore, type SessionKeyStore } from './stampers/sessionKeyStore.js';
import type { WebAuthnCeremonies, WebAuthnLoader } from '../webauthn/WebAuthnCeremonies.js';
import { createFakeWebAuthn, webAuthnError } from '../../test/fakeWebAuthn.js';
// The sandbox's software authenticator (real P-256 attestations and assertions), shared rather than copied.
import { createSoftAuthenticator, type SoftAuthenticator } from '../../../../sandbox/src/test/softAuthenticator.js';

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
const wallets: EmbeddedWalletClient[] = [];
afterEach(async () => {
  wallets.splice(0).forEach((wallet) => wallet.stop());
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
  await fetch(`${sandboxUrl}/sandbox/admin/reset-settings`, { method: 'POST' });
});

let info: { custodyBaseUrl: string };
async function custodyBaseUrl() {
  info ??= await (await fetch(`${sandboxUrl}/sandbox/info`)).json();
  return info.custodyBaseUrl;
}

/**
 * A signed-in client and the fetch calls it made to the session-key route (and the wallet-creation
 * bodies). `embeddedWallets` overrides the project's `sdk.embeddedWallets` as this client reads them
 * (the server's settings stay as they are: other test files share this sandbox).
 */
async function signedIn(email = `wallet-${randomUUID()}@example.com`, overrides: { webauthn?: WebAuthnLoader; embeddedWallets?: Record<string, unknown> } = {}) {
  const calls = { sessionKey: 0, creations: [] as Record<string, any>[] };
  const countingFetch: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/users/embeddedWallets/sessionKey')) calls.sessionKey++;
    if (url.endsWith('/users/embeddedWallets') && init?.method === 'POST') calls.creations.push(JSON.parse(String(init.body)));
    const response = await fetch(input, init);
    if (!overrides.embeddedWallets || !url.endsWith('/settings')) return response;
    const settings = await response.json();
    settings.sdk.embeddedWallets = { ...settings.sdk.embeddedWallets, ...overrides.embeddedWallets };
    return new Response(JSON.stringify(settings), { status: response.status, headers: response.headers });
  };
  const client = await createTestClient({ sandboxUrl, storage: createMemoryStorage(), fetch: countingFetch, ...(overrides.webauthn ? { webauthn: overrides.webauthn } : {}) } as never);
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) !== 'restoring');
  const { verificationUUID } = await createEmailVerification(client, { email });
  const response = await signInWithEmailVerification(client, { verificationUUID, verificationToken: await getLatestCode({ sandboxUrl, to: email }) });
  client.session.send({ type: 'server.signedIn', response });
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
  return { client, email, calls };
}

async function wallet(client: LatchkeyClient, options: { store?: SessionKeyStore; custody?: CustodyApi; now?: () => number } = {}) {
  const made = createEmbeddedWalletClient(
    client,
    { appName: 'Latchkey tests', baseUrl: await custodyBaseUrl(), store: options.store ?? createIndexedDbSessionKeyStore({ indexedDB }) },
    { ...(options.custody ? { custody: options.custody } : {}), ...(options.now ? { now: options.now } : {}) },
  );
  wallets.push(made);
  return made;
}

const verifyEd25519 = async (signature: Uint8Array, message: Uint8Array, address: string) => {
  const key = await crypto.subtle.importKey('raw', base58.decode(address).slice(), { name: 'Ed25519' }, false, ['verify']);
  return crypto.subtle.verify('Ed25519', key, signature.slice(), message.slice());
};

/** A minimal legacy Solana transaction with `signer` as its one signer. */
function unsignedTransaction(signer: Uint8Array) {
  const message = new Uint8Array([1, 0, 1, 2, ...signer, ...new Uint8Array(32), ...new Uint8Array(32).fill(9), 1, 1, 1, 0, 0]);
  return { transaction: new Uint8Array([1, ...new Uint8Array(64), ...message]), message };
}

/** Custody that answers 16 'expired api key' to the first `failures` submits, then forwards. */
async function flakyCustody(failures: number) {
  const real = createCustodyApi({ baseUrl: await custodyBaseUrl() });
  const state = { left: failures, submits: 0 };
  const api: CustodyApi = {
    query: real.query,
    async submit(...args) {
      state.submits++;
      if (state.left > 0) {
        state.left--;
        throw new LatchkeyError('custody_expired_api_key');
      }
      return real.submit(...args);
    },
  };
  return { api, state };
}

describe('embedded wallet against the sandbox', () => {
  it("error: 'Embedded wallet requires app name and base URL'", async () => {
    const { client } = await signedIn();
    expect(() => createEmbeddedWalletClient(client, { appName: '', baseUrl: 'http://127.0.0.1:1' })).toThrow('Embedded wallet requires app name and base URL');
    expect(() => createEmbeddedWalletClient(client, { appName: 'App', baseUrl: 'not a url' })).toThrow('Embedded wallet requires app name and base URL');
  });

  it('default: create → active session with a non-extractable key in IndexedDB → signs messages and transactions through custody', async () => {
    const { client, calls } = await signedIn();
    const embedded = await wallet(client);
    expect(embedded.getAccount()).toBeUndefined();
    const account = await embedded.createWallet();
    expect(embedded.getAccount()).toEqual(account);
    expect(embedded.session.getSnapshot().matches('active')).toBe(true);
    expect(calls.sessionKey).toBe(1);

    const stored = await createIndexedDbSessionKeyStore({ indexedDB }).get(`${client.environmentId}:${client.session.getSnapshot().context.user!.id}`);
    expect(stored?.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', stored!.privateKey)).rejects.toThrow();

    const signer = embedded.signer();
    const message = new TextEncoder().encode('hello from the kit');
    const signature = await signer.signMessage(message);
    expect(await verifyEd25519(signature, message, account.address)).toBe(true);

    const { transaction, message: txMessage } = unsignedTransaction(base58.decode(account.address));
    const signed = await signer.signTransaction(transaction);
    expect(await verifyEd25519(signed.subarray(1, 65), txMessage, account.address)).toBe(true);
  });

  it('behavior: a later page load restores the stored session (no new key)', async () => {
    const { client, calls } = await signedIn();
    const store = createIndexedDbSessionKeyStore({ indexedDB });
    const first = await wallet(client, { store });
    await first.createWallet();
    first.stop();
    const second = await wallet(client, { store });
    const session = await second.openSession();
    expect(session.key.publicKey).toBe(first.session.getSnapshot().context.session?.key.publicKey);
    expect(calls.sessionKey).toBe(1);
    expect((await second.signer().signMessage(new Uint8Array([1]))).length).toBe(64);
  });

  it('behavior: the session key expired in custody → recreated without restore and the operation retried once, transparently', async () => {
    const { client, calls } = await signedIn();
    const embedded = await wallet(client);
    const account = await embedded.createWallet();
    const before = embedded.session.getSnapshot().context.session!.key.publicKey;
    const expired = await fetch(`${sandboxUrl}/sandbox/admin/custody/expire-api-key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ publicKey: before }) });
    expect(expired.status).toBe(200);
    const message = new Uint8Array([7, 7, 7]);
    expect(await verifyEd25519(await embedded.signer().signMessage(message), message, account.address)).toBe(true);
    expect(embedded.session.getSnapshot().context.session!.key.publicKey).not.toBe(before);
    expect(calls.sessionKey).toBe(2);
  });

  it('behavior: retried exactly once — a second rejection reaches the caller', async () => {
    const { client, calls } = await signedIn();
    const flaky = await flakyCustody(2);
    const embedded = await wallet(client, { custody: flaky.api });
    const account = await embedded.createWallet();
    const { transaction } = unsignedTransaction(base58.decode(account.address));
    await expect(embedded.signer().signTransaction(transaction)).rejects.toMatchObject({ code: 'custody_expired_api_key', message: 'expired api key' });
    expect(flaky.state.submits).toBe(2);
    expect(calls.sessionKey).toBe(2);

    const once = await flakyCustody(1);
    const other = await wallet(client, { custody: once.api });
    expect((await other.signer().signTransaction(transaction)).length).toBe(transaction.length);
    expect(once.state.submits).toBe(2);
  });

  it("error: no wallet → 'No custody account'", async () => {
    const { client } = await signedIn();
    const embedded = await wallet(client);
    expect(() => embedded.signer()).toThrow('No custody account');
    await expect(embedded.openSession()).rejects.toMatchObject({ message: 'No custody account' });
  });

  it('default: e-mail recovery — the code from the inbox gives a working session; a wrong or late code is refused', async () => {
    await fetch(`${sandboxUrl}/sandbox/admin/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sdk: { embeddedWallets: { emailRecoveryEnabled: true } } }) });
    const { client, email } = await signedIn();
    const first = await wallet(client);
    const account = await first.createWallet();

    let offset = 0;
    const recovering = await wallet(client, { store: createIndexedDbSessionKeyStore({ indexedDB: new IDBFactory() }), now: () => Date.now() + offset });
    await recovering.startRecovery(email);
    const code = await getLatestCode({ sandboxUrl, to: email });
    await expect(recovering.completeRecovery('bm90LWEtY29kZQ')).rejects.toMatchObject({ code: 'recovery_code_invalid', message: 'The code is invalid or expired.' });
    offset = 901_000;
    await expect(recovering.completeRecovery(code)).rejects.toMatchObject({ message: 'The code is invalid or expired.' });
    offset = 0;
    const session = await recovering.completeRecovery(code);
    expect(session.key.privateKey.extractable).toBe(false);
    expect(recovering.session.getSnapshot().matches('active')).toBe(true);
    const message = new Uint8Array([4, 2]);
    expect(await verifyEd25519(await recovering.signer().signMessage(message), message, account.address)).toBe(true);
  });

  it("error: recovery not set up → 'Cannot proceed with your request'", async () => {
    const recovery = (enabled: boolean) =>
      fetch(`${sandboxUrl}/sandbox/admin/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sdk: { embeddedWallets: { emailRecoveryEnabled: enabled } } }) });
    // The seed enables recovery; this project turns it off for the length of the test.
    await recovery(false);
    try {
      const { client, email } = await signedIn();
      const embedded = await wallet(client);
      await embedded.createWallet();
      await expect(embedded.startRecovery(email)).rejects.toMatchObject({ code: 'email_recovery_disabled', message: 'Cannot proceed with your request' });
    } finally {
      await recovery(true);
    }
  });

  describe('with a passkey', () => {
    const ORIGIN = 'http://localhost:5173';
    /** The soft authenticator as this page's WebAuthn (host name localhost), recording the options it is given. */
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

    it('default: createWallet({ withPasskey }) registers a passkey (SPEC §9 options) that custody attaches; its stamps sign custody requests', async () => {
      const web = softWebAuthn();
      const { client, calls } = await signedIn(undefined, { webauthn: web.loader });
      const embedded = await wallet(client);
      const account = await embedded.createWallet({ withPasskey: true, passkeyAlias: 'Work laptop' });
      expect(web.seen[0]).toMatchObject({
        rp: { id: 'localhost', name: 'Latchkey tests' },
        user: { name: 'Work laptop' },
        pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
        timeout: 300_000,
        authenticatorSelection: { userVerification: 'preferred' },
      });
      expect(calls.creations[0]).toMatchObject({ isAuthenticatorAttached: true, passkeyAlias: 'Work laptop', challenge: web.seen[0]!.challenge, attestation: { credentialId: web.authenticator.passkeys[0]!.credentialId } });
      const credential = client.session.getSnapshot().context.user!.verifiedCredentials.find((entry) => entry.address === account.address);
      expect(credential?.wallet_properties?.isAuthenticatorAttached).toBe(true);
      expect(embedded.session.getSnapshot().matches('active')).toBe(true);

      const custody = createCustodyApi({ baseUrl: await custodyBaseUrl() });
      const who = await custody.query<{ organizationId: string }>('whoami', { organizationId: account.organizationId }, embedded.passkeyStamper());
      expect(who.organizationId).toBe(account.organizationId);
      expect(web.seen[1]).toMatchObject({ challenge: await passkeyStampChallenge(JSON.stringify({ organizationId: account.organizationId })), rpId: 'localhost', allowCredentials: [{ id: web.authenticator.passkeys[0]!.credentialId, type: 'public-key' }] });
      const signed = await custody.submit<{ r: string; s: string }>(
        'sign_raw_payload',
        'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        account.organizationId,
        { signWith: account.address, payload: '0a0b', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
        embedded.passkeyStamper(),
      );
      expect(await verifyEd25519(fromHex(signed.r + signed.s), new Uint8Array([10, 11]), account.address)).toBe(true);
    });

    it("error: a consensus policy (its passkey's: a session key may not make one) → 'Activity requires consensus'; signMessage says 'Failed to sign message' (cause kept)", async () => {
      const { client } = await signedIn(undefined, { webauthn: softWebAuthn().loader });
      const embedded = await wallet(client);
      const account = await embedded.createWallet({ withPasskey: true });
      const custody = createCustodyApi({ baseUrl: await custodyBaseUrl() });
      const policy = { policyName: 'two', effect: 'EFFECT_ALLOW', consensus: 'approvers.count() >= 2' };
      const key = embedded.session.getSnapshot().context.session!.key;
      await expect(custody.submit('create_policy', 'ACTIVITY_TYPE_CREATE_POLICY_V3', account.organizationId, policy, createSessionKeyStamper(key))).rejects.toMatchObject({ code: 'custody_request_failed', status: 403 });
      await custody.submit('create_policy', 'ACTIVITY_TYPE_CREATE_POLICY_V3', account.organizationId, policy, embedded.passkeyStamper());
      const { transaction } = unsignedTransaction(base58.decode(account.address));
      await expect(embedded.signer().signTransaction(transaction)).rejects.toMatchObject({ code: 'activity_requires_consensus', message: 'Activity requires consensus' });
      const failure = await embedded.signer().signMessage(new Uint8Array([1])).catch((error: unknown) => error as LatchkeyError);
      expect(failure).toMatchObject({ code: 'failed_to_sign_message', message: 'Failed to sign message' });
      expect((failure as LatchkeyError).cause).toMatchObject({ code: 'activity_requires_consensus' });
    });

    it("error: a passkey this wallet never attached → custody refuses its stamp ('could not find authenticator')", async () => {
      const { client } = await signedIn(undefined, { webauthn: softWebAuthn().loader });
      const account = await (await wallet(client)).createWallet({ withPasskey: true });
      const stranger = softWebAuthn();
      stranger.authenticator.register({ challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost' }, user: { id: 'dXNlcg' } }, ORIGIN);
      const { client: other } = await signedIn(undefined, { webauthn: stranger.loader });
      const custody = createCustodyApi({ baseUrl: await custodyBaseUrl() });
      await expect(custody.query('whoami', { organizationId: account.organizationId }, (await wallet(other)).passkeyStamper())).rejects.toMatchObject({
        code: 'custody_request_failed',
        message: 'The custody provider refused the request: could not find authenticator',
      });
    });

    it("error: no WebAuthn on this device → 'Webauthn is not supported on this device.' and no wallet is created", async () => {
      for (const loader of [async () => createFakeWebAuthn({ supported: false }), async () => Promise.reject(new Error('no @simplewebauthn/browser here'))] as WebAuthnLoader[]) {
        const { client, calls } = await signedIn(undefined, { webauthn: loader });
        const embedded = await wallet(client);
        await expect(embedded.createWallet({ withPasskey: true })).rejects.toMatchObject({ code: 'webauthn_not_supported', message: 'Webauthn is not supported on this device.' });
        await expect(embedded.createWallet({ isAuthenticatorAttached: true })).rejects.toMatchObject({ code: 'webauthn_not_supported' });
        expect(calls.creations).toEqual([]);
        expect(embedded.getAccount()).toBeUndefined();
        await expect(embedded.passkeyStamper().stamp('{}')).rejects.toMatchObject({ code: 'webauthn_not_supported' });
      }
    });

    it('error: a failed ceremony takes the passkey codes of SPEC §8 (aborted; the browser refusing is warn-only)', async () => {
      const aborted = createFakeWebAuthn({ register: async () => Promise.reject(webAuthnError('ERROR_CEREMONY_ABORTED')) });
      const { client, calls } = await signedIn(undefined, { webauthn: async () => aborted });
      await expect((await wallet(client)).createWallet({ withPasskey: true })).rejects.toMatchObject({ code: 'passkey_ceremony_aborted' });
      const refused = createFakeWebAuthn({ register: async () => Promise.reject(webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', { name: 'NotAllowedError', message: 'The operation either timed out or was not allowed.' })) });
      const second = await signedIn(undefined, { webauthn: async () => refused });
      await expect((await wallet(second.client)).createWallet({ withPasskey: true })).rejects.toMatchObject({ code: 'operation_timed_out_or_not_allowed' });
      expect([...calls.creations, ...second.calls.creations]).toEqual([]);
    });

    it('behavior: forceAuthenticatorAtSignup → createWallet() without a passkey is refused before any request; getSettings reads the project settings', async () => {
      const web = softWebAuthn();
      const { client, calls } = await signedIn(undefined, { webauthn: web.loader, embeddedWallets: { forceAuthenticatorAtSignup: true, promptForKeyExport: true, emailRecoveryEnabled: false } });
      const embedded = await wallet(client);
      expect(await embedded.getSettings()).toEqual({ forceAuthenticator: true, allowSkipping: false, promptForKeyExport: true, emailRecoveryEnabled: false });
      const refusal = { code: 'invalid_embedded_wallet_settings', message: 'This project requires a passkey to create an embedded wallet.', path: 'isAuthenticatorAttached' };
      await expect(embedded.createWallet()).rejects.toMatchObject(refusal);
      await expect(embedded.createWallet({ withPasskey: false, isAuthenticatorAttached: true })).rejects.toMatchObject(refusal);
      expect(calls.creations).toEqual([]);
      expect(web.seen).toEqual([]);
      const account = await embedded.createWallet({ withPasskey: true });
      expect(embedded.getAccount()).toEqual(account);
    });
  });
});
