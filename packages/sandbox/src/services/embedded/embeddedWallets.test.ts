import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { signInResponseSchema, userResponseSchema } from '@latchkey/protocol';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { base58Decode } from '../../custody/solanaKeys.js';
import { newApiKeyPair, newTargetKey, softPasskeyAttestation, softPasskeyStamper } from '../../custody/testHelpers.js';
import { createSoftAuthenticator } from '../../test/softAuthenticator.js';
import { embeddedWalletMessages } from './embeddedWallets.js';
import { stepUpMessages } from '../mfa/stepUp.js';
import { totpCode } from '../mfa/totp.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { createTestKeypair, siwsMessage } from '../../test/testWallet.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterEach(async () => {
  await t.call('POST', '/sandbox/admin/reset-settings');
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => `wallet-${++counter}-${Date.now()}@example.com`;
const settings = (embeddedWallets: Record<string, unknown>) => t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { embeddedWallets } } });
const custody = (key: { privateKey: string; publicKey: string }) => new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));
const solanaCredential = (user: any) => user.verifiedCredentials.find((credential: any) => credential.format === 'blockchain');

async function createWallet(jwt: string, sessionPublicKey?: string) {
  return t.call('POST', '/users/embeddedWallets', { token: jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', ...(sessionPublicKey ? { sessionPublicKey } : {}) } });
}

describe('embedded wallets (product API)', () => {
  it('default: POST /users/embeddedWallets creates the sub-organization and a Solana wallet; the session key signs through custody', async () => {
    const { jwt } = await t.signIn(freshEmail());
    const session = newApiKeyPair();
    const created = await createWallet(jwt, session.publicKey);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const response = signInResponseSchema.parse(created.body);
    const credential = solanaCredential(response.user);
    expect(credential).toMatchObject({ chain: 'SOL', wallet_name: 'turnkeyhd', wallet_provider: 'embeddedWallet' });
    expect(credential.wallet_properties).toMatchObject({ isSessionKeyCompatible: true, isAuthenticatorAttached: false, source: 'user', version: 'V3' });
    const { turnkeySubOrganizationId, turnkeyHDWalletId } = credential.wallet_properties;
    expect(base58Decode(credential.address)).toHaveLength(32);

    const client = custody(session);
    const { accounts } = await client.getWalletAccounts({ organizationId: turnkeySubOrganizationId, walletId: turnkeyHDWalletId });
    expect(accounts.map((account) => account.address)).toEqual([credential.address]);
    const { activity } = await client.signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: String(Date.now()),
      organizationId: turnkeySubOrganizationId,
      parameters: { signWith: credential.address, payload: 'abcd', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
    });
    const { r, s } = (activity.result as any).signRawPayloadResult;
    expect(ed25519.verify(Buffer.from(r + s, 'hex'), Buffer.from('abcd', 'hex'), base58Decode(credential.address))).toBe(true);

    // GET /users shows it too.
    const user = userResponseSchema.parse((await t.call('GET', '/users', { token: response.jwt })).body).user;
    expect(solanaCredential(user).address).toBe(credential.address);
  });

  it('error: a second SOL wallet → too_many_embedded_wallets_per_chain_for_user, nothing added', async () => {
    const { jwt } = await t.signIn(freshEmail());
    expect((await createWallet(jwt)).status).toBe(200);
    const again = await createWallet(jwt);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('too_many_embedded_wallets_per_chain_for_user');
    const user = (await t.call('GET', '/users', { token: jwt })).body.user;
    expect(user.verifiedCredentials.filter((credential: any) => credential.format === 'blockchain')).toHaveLength(1);
  });

  it('error: a chain other than SOL → invalid_embedded_wallet_chains_configuration', async () => {
    const { jwt } = await t.signIn(freshEmail());
    const response = await t.call('POST', '/users/embeddedWallets', { token: jwt, body: { chains: ['EVM'], embeddedWalletProvider: 'turnkeyhd' } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_embedded_wallet_chains_configuration');
  });

  it('behavior: automaticEmbeddedWalletCreation creates the wallet at sign-up (with the sign-in session key)', async () => {
    await settings({ automaticEmbeddedWalletCreation: true });
    const session = newApiKeyPair();
    const email = freshEmail();
    const created = await t.call('POST', '/emailVerifications/create', { body: { email } });
    const [message] = await t.inbox(email);
    const signedIn = await t.call('POST', '/emailVerifications/signin', { body: { verificationUUID: created.body.verificationUUID, verificationToken: message!.code, sessionPublicKey: session.publicKey } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const credential = solanaCredential(signedIn.body.user);
    expect(credential.wallet_properties.source).toBe('dynamic');
    const who = await custody(session).getWhoami({ organizationId: credential.wallet_properties.turnkeySubOrganizationId });
    expect(who.organizationId).toBe(credential.wallet_properties.turnkeySubOrganizationId);
    // A later sign-in (not a sign-up) creates nothing more.
    expect((await t.signIn(email)).user.verifiedCredentials.filter((c: any) => c.format === 'blockchain')).toHaveLength(1);
  });

  /** Signs up (or in) with a fresh external Solana wallet through POST /verify. */
  async function walletSignIn(sessionPublicKey?: string) {
    const wallet = createTestKeypair();
    const nonce = (await t.call('GET', '/nonce')).body.nonce as string;
    const messageToSign = siwsMessage({ address: wallet.address, nonce, issuedAt: t.clock.now() });
    const body = { messageToSign, signedMessage: wallet.signMessage(messageToSign), publicWalletAddress: wallet.address, chain: 'SOL', walletName: 'phantom', walletProvider: 'browserExtension', ...(sessionPublicKey ? { sessionPublicKey } : {}) };
    const response = await t.call('POST', '/verify', { body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { wallet, response: signInResponseSchema.parse(response.body) };
  }
  const embeddedOf = (user: any) => user.verifiedCredentials.filter((credential: any) => credential.wallet_provider === 'embeddedWallet');

  it('behavior: automaticEmbeddedWalletCreationForExternal gives a wallet sign-up an embedded wallet (with its session key)', async () => {
    await settings({ automaticEmbeddedWalletCreationForExternal: true });
    const session = newApiKeyPair();
    const { wallet, response } = await walletSignIn(session.publicKey);
    expect(response.user.newUser).toBe(true);
    const [embedded] = embeddedOf(response.user);
    expect(embedded.wallet_properties).toMatchObject({ source: 'dynamic', isAuthenticatorAttached: false });
    expect(embedded.address).not.toBe(wallet.address);
    // The external wallet stays the user's too.
    expect(response.user.verifiedCredentials.some((credential: any) => credential.address === wallet.address && credential.wallet_provider === 'browserExtension')).toBe(true);
    const organizationId = embedded.wallet_properties.turnkeySubOrganizationId;
    expect((await custody(session).getWhoami({ organizationId })).organizationId).toBe(organizationId);
    // The JWT is the re-issued one: GET /users with it shows the embedded wallet.
    expect(embeddedOf((await t.call('GET', '/users', { token: response.jwt })).body.user)).toHaveLength(1);
  });

  it('behavior: without automaticEmbeddedWalletCreationForExternal a wallet sign-up gets none — automaticEmbeddedWalletCreation alone does not apply to it', async () => {
    await settings({ automaticEmbeddedWalletCreation: true });
    const { response } = await walletSignIn(newApiKeyPair().publicKey);
    expect(response.user.newUser).toBe(true);
    expect(embeddedOf(response.user)).toEqual([]);
    await settings({ automaticEmbeddedWalletCreationForExternal: false });
    expect(embeddedOf((await walletSignIn()).response.user)).toEqual([]);
  });

  const ORIGIN = 'http://localhost:5173';
  const freshChallenge = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  const passkeyClient = (stamper: ReturnType<typeof softPasskeyStamper>) => new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, stamper as never);

  /** Creates the signed-in user's wallet with a new soft passkey; answers the credential and the authenticator. */
  async function createWithPasskey(jwt: string, alias?: string) {
    const authenticator = createSoftAuthenticator();
    const challenge = freshChallenge();
    const attestation = softPasskeyAttestation(authenticator, challenge, ORIGIN);
    const created = await t.call('POST', '/users/embeddedWallets', {
      token: jwt,
      body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', isAuthenticatorAttached: true, ...(alias ? { passkeyAlias: alias } : {}), challenge, attestation },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return { authenticator, attestation, credential: solanaCredential(created.body.user) };
  }

  it('default: a wallet created with a passkey: the passkey is an authenticator of its sub-organization, and its WebAuthn stamps sign', async () => {
    const { jwt } = await t.signIn(freshEmail());
    const { authenticator, attestation, credential } = await createWithPasskey(jwt, 'My laptop');
    const { turnkeySubOrganizationId: organizationId, turnkeyUserId } = credential.wallet_properties;
    expect(credential.wallet_properties.isAuthenticatorAttached).toBe(true);
    const client = passkeyClient(softPasskeyStamper(authenticator, ORIGIN));
    expect(await client.getWhoami({ organizationId })).toMatchObject({ organizationId, userId: turnkeyUserId });
    const { user } = await client.getUser({ organizationId, userId: turnkeyUserId });
    expect(user.authenticators).toEqual([expect.objectContaining({ authenticatorName: 'My laptop', credentialId: attestation.credentialId })]);
    const { activity } = await client.signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: String(Date.now()),
      organizationId,
      parameters: { signWith: credential.address, payload: 'c0ffee', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
    });
    const { r, s } = (activity.result as any).signRawPayloadResult;
    expect(ed25519.verify(Buffer.from(r + s, 'hex'), Buffer.from('c0ffee', 'hex'), base58Decode(credential.address))).toBe(true);
  });

  it("error: WebAuthn stamps of a passkey never attached (16) or attached to another user's wallet (7) are refused", async () => {
    const { jwt } = await t.signIn(freshEmail());
    const { credential } = await createWithPasskey(jwt);
    const organizationId = credential.wallet_properties.turnkeySubOrganizationId;
    const stranger = createSoftAuthenticator();
    softPasskeyAttestation(stranger, freshChallenge(), ORIGIN); // a passkey custody never saw
    await expect(passkeyClient(softPasskeyStamper(stranger, ORIGIN)).getWhoami({ organizationId })).rejects.toMatchObject({ code: 16 });
    const other = await createWithPasskey((await t.signIn(freshEmail())).jwt);
    await expect(passkeyClient(softPasskeyStamper(other.authenticator, ORIGIN)).getWhoami({ organizationId })).rejects.toMatchObject({ code: 7 });
  });

  it('error: an attestation not made over the challenge sent → invalid_request on attestation, no wallet; isAuthenticatorAttached without one → invalid_request', async () => {
    const { jwt } = await t.signIn(freshEmail());
    const attestation = softPasskeyAttestation(createSoftAuthenticator(), freshChallenge(), ORIGIN);
    const forged = await t.call('POST', '/users/embeddedWallets', { token: jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', isAuthenticatorAttached: true, challenge: freshChallenge(), attestation } });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatchObject({ code: 'invalid_request', path: 'attestation' });
    expect(forged.body.error.message).toMatch(/^The passkey attestation was refused: invalid attestation/);
    const bare = await t.call('POST', '/users/embeddedWallets', { token: jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', isAuthenticatorAttached: true } });
    expect(bare.status).toBe(400);
    expect(bare.body.error.code).toBe('invalid_request');
    expect(solanaCredential((await t.call('GET', '/users', { token: jwt })).body.user)).toBeUndefined();
  });

  it('behavior: forceAuthenticatorAtSignup refuses a wallet without a passkey, accepts one with, and automatic creation leaves it to the kit', async () => {
    await settings({ forceAuthenticatorAtSignup: true, automaticEmbeddedWalletCreation: true });
    const { jwt, user } = await t.signIn(freshEmail());
    expect(solanaCredential(user)).toBeUndefined();
    const refused = await createWallet(jwt, newApiKeyPair().publicKey);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_embedded_wallet_settings', message: embeddedWalletMessages.passkeyRequired });
    expect(solanaCredential((await t.call('GET', '/users', { token: jwt })).body.user)).toBeUndefined();
    const { credential } = await createWithPasskey(jwt);
    expect(credential.wallet_properties.isAuthenticatorAttached).toBe(true);
  });

  it('default: POST /users/embeddedWallets/sessionKey registers a key for sessionKeyDuration; it lapses then', async () => {
    await settings({ sessionKeyDuration: { amount: 10, unit: 'minutes' } });
    const { jwt } = await t.signIn(freshEmail());
    const created = await createWallet(jwt);
    const properties = solanaCredential(created.body.user).wallet_properties;
    const session = newApiKeyPair();
    const before = t.clock.now().getTime();
    const registered = await t.call('POST', '/users/embeddedWallets/sessionKey', { token: jwt, body: { publicKey: session.publicKey } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(new Date(registered.body.expiresAt).getTime() - before).toBeGreaterThanOrEqual(600_000);
    expect(new Date(registered.body.expiresAt).getTime() - before).toBeLessThan(605_000);
    await custody(session).getWhoami({ organizationId: properties.turnkeySubOrganizationId });
    t.clock.advance(601_000);
    await expect(custody(session).getWhoami({ organizationId: properties.turnkeySubOrganizationId })).rejects.toMatchObject({ code: 16 });
  });

  it("behavior: a session key never outlives its session: with sessionKeyDuration longer than the session's rest, it lapses as the session ends, however late custody makes it", async () => {
    await settings({ sessionKeyDuration: { amount: 7, unit: 'days' } });
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { jwtDuration: { amount: 15, unit: 'minutes' } } } });
    const { jwt, expiresAt } = await t.signIn(freshEmail());
    const sessionEnds = new Date(expiresAt!).getTime();
    // Every read of the clock moves it on by a second: custody makes each key seconds after the product API sized it.
    t.clock.tickEachRead(1_000);
    try {
      const atCreation = newApiKeyPair();
      const created = await createWallet(jwt, atCreation.publicKey);
      const organizationId = solanaCredential(created.body.user).wallet_properties.turnkeySubOrganizationId;
      t.clock.advance(5 * 60_000);
      const registered = newApiKeyPair();
      const response = await t.call('POST', '/users/embeddedWallets/sessionKey', { token: jwt, body: { publicKey: registered.publicKey } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(new Date(response.body.expiresAt).getTime()).toBeLessThanOrEqual(sessionEnds);
      t.clock.tickEachRead(0);
      await custody(atCreation).getWhoami({ organizationId });
      await custody(registered).getWhoami({ organizationId });
      // The session ends by itself (no sign-out deletes anything): from that moment custody lets neither key sign.
      t.clock.advance(sessionEnds - t.clock.now().getTime());
      expect((await t.call('GET', '/users', { token: jwt })).status).toBe(401);
      for (const key of [atCreation, registered]) {
        await expect(custody(key).getWhoami({ organizationId })).rejects.toMatchObject({ code: 16, message: expect.stringContaining('expired api key') });
      }
    } finally {
      t.clock.tickEachRead(0);
    }
  });

  it('error: a session key without an embedded wallet → no_hd_wallet_found', async () => {
    const { jwt } = await t.signIn(freshEmail());
    const response = await t.call('POST', '/users/embeddedWallets/sessionKey', { token: jwt, body: { publicKey: newApiKeyPair().publicKey } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('no_hd_wallet_found');
  });

  it('default: DELETE /users/embeddedWallets needs deleteWithoutExport for an unexported wallet; another id is invalid_wallet_id', async () => {
    const { jwt } = await t.signIn(freshEmail());
    const created = await createWallet(jwt);
    const walletId = solanaCredential(created.body.user).id;
    const unknown = await t.call('DELETE', '/users/embeddedWallets', { token: jwt, body: { walletIds: ['not-mine'] } });
    expect(unknown.body.error.code).toBe('invalid_wallet_id');
    const refused = await t.call('DELETE', '/users/embeddedWallets', { token: jwt, body: { walletIds: [walletId] } });
    expect(refused.status).toBe(400);
    expect(solanaCredential((await t.call('GET', '/users', { token: jwt })).body.user)).toBeDefined();
    const deleted = await t.call('DELETE', '/users/embeddedWallets', { token: jwt, body: { walletIds: [walletId], deleteWithoutExport: true } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(solanaCredential(deleted.body.user)).toBeUndefined();
  });

  it('error: with a second factor, deleting a wallet (its key gone with it) needs one passed in the last 5 minutes, like deleting the account: 403 mfa_invalid_request and the wallet stays; after a step-up it goes', async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
    const { jwt } = await t.signIn(freshEmail());
    const walletId = solanaCredential((await createWallet(jwt)).body.user).id;
    const { id, secret } = (await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body as { id: string; secret: string };
    expect((await t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id, code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
    t.clock.advance(6 * 60_000);
    const refused = await t.call('DELETE', '/users/embeddedWallets', { token: jwt, body: { walletIds: [walletId], deleteWithoutExport: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'mfa_invalid_request', message: stepUpMessages.required });
    expect(solanaCredential((await t.call('GET', '/users', { token: jwt })).body.user)?.id).toBe(walletId);
    expect((await t.call('POST', '/users/mfa/auth/totp', { token: jwt, body: { code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
    const deleted = await t.call('DELETE', '/users/embeddedWallets', { token: jwt, body: { walletIds: [walletId], deleteWithoutExport: true } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(solanaCredential(deleted.body.user)).toBeUndefined();
  });

  it("error: e-mail recovery when it is not set up → email_recovery_disabled 'Cannot proceed with your request'", async () => {
    await settings({ emailRecoveryEnabled: false });
    const email = freshEmail();
    const { jwt } = await t.signIn(email);
    await createWallet(jwt);
    const target = await newTargetKey();
    const response = await t.call('POST', '/users/embeddedWallets/emailAuth', { token: jwt, body: { email, sessionPublicKey: p256.Point.fromHex(target.targetPublicKey).toHex(true) } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'email_recovery_disabled', message: 'Cannot proceed with your request' });
    expect(await t.inbox(email)).toHaveLength(1); // only the sign-in code
  });

  it('default: e-mail recovery sends a code whose key acts for the wallet; another address is refused', async () => {
    await settings({ emailRecoveryEnabled: true });
    const email = freshEmail();
    const { jwt } = await t.signIn(email);
    const created = await createWallet(jwt);
    const organizationId = solanaCredential(created.body.user).wallet_properties.turnkeySubOrganizationId;
    const target = await newTargetKey();
    const compressed = p256.Point.fromHex(target.targetPublicKey).toHex(true);
    const wrong = await t.call('POST', '/users/embeddedWallets/emailAuth', { token: jwt, body: { email: 'someone-else@example.com', sessionPublicKey: compressed } });
    expect(wrong.body.error.code).toBe('recovery_email_unavailable_or_invalid');
    const started = await t.call('POST', '/users/embeddedWallets/emailAuth', { token: jwt, body: { email, sessionPublicKey: compressed } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const [message] = await t.inbox(email);
    const opened = await target.open(Buffer.from(message!.code!, 'base64url').toString('utf8'));
    const key = { privateKey: Buffer.from(opened.plaintext).toString('hex'), publicKey: Buffer.from(p256.getPublicKey(opened.plaintext, true)).toString('hex') };
    expect((await custody(key).getWhoami({ organizationId })).organizationId).toBe(organizationId);
  });
});
