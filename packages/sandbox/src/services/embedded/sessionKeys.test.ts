import { p256 } from '@noble/curves/nist.js';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKeyPair, softPasskeyAttestation, softPasskeyStamper } from '../../custody/testHelpers.js';
import { createSoftAuthenticator, type SoftAuthenticator } from '../../test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { sessionKeyMessages } from './sessionKeys.js';

/** Issue 11, hole 3: a passkey-protected wallet's session keys need its passkey (or its current key), not just a JWT. */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost:5173';
let counter = 0;
const freshEmail = () => `session-key-${++counter}-${Date.now()}@example.com`;
const freshChallenge = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
const custody = (key: { privateKey: string; publicKey: string }) => new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));
const hexSignature = (body: string, privateKey: string) => Buffer.from(p256.sign(new TextEncoder().encode(body), Buffer.from(privateKey, 'hex'), { format: 'der' })).toString('hex');

interface ProtectedWallet {
  jwt: string;
  authenticator: SoftAuthenticator;
  organizationId: string;
  address: string;
}

/** A signed-in user whose wallet was created with a (soft) passkey, and, when given, a first session key. */
async function protectedWallet(sessionPublicKey?: string): Promise<ProtectedWallet> {
  const { jwt } = await t.signIn(freshEmail());
  const authenticator = createSoftAuthenticator();
  const challenge = freshChallenge();
  const attestation = softPasskeyAttestation(authenticator, challenge, ORIGIN);
  const created = await t.call('POST', '/users/embeddedWallets', {
    token: jwt,
    body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', isAuthenticatorAttached: true, challenge, attestation, ...(sessionPublicKey ? { sessionPublicKey } : {}) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const credential = created.body.user.verifiedCredentials.find((entry: any) => entry.format === 'blockchain');
  return { jwt, authenticator, organizationId: credential.wallet_properties.turnkeySubOrganizationId, address: credential.address };
}

const challengeFor = async (jwt: string, publicKey: string) => {
  const response = await t.call('POST', '/users/embeddedWallets/sessionKey/challenge', { token: jwt, body: { publicKey } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { nonce: string; body: string; expiresAt: string };
};
const register = (jwt: string, body: Record<string, unknown>) => t.call('POST', '/users/embeddedWallets/sessionKey', { token: jwt, body });
const passkeyStamp = (authenticator: SoftAuthenticator, body: string) => softPasskeyStamper(authenticator, ORIGIN).stamp(body);
const signWith = (key: { privateKey: string; publicKey: string }, organizationId: string, address: string) =>
  custody(key).signRawPayload({
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    timestampMs: String(t.clock.now().getTime()),
    organizationId,
    parameters: { signWith: address, payload: `0${++counter % 10}`.padEnd(4, 'a'), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
  });

describe('session keys of a passkey-protected wallet', () => {
  it('error: a stolen JWT alone cannot mint a session key (403) nor sign; its own passkey or key over a challenge is refused too', async () => {
    const wallet = await protectedWallet();
    const thief = newApiKeyPair();
    const bare = await register(wallet.jwt, { publicKey: thief.publicKey });
    expect(bare.status).toBe(403);
    expect(bare.body.error).toEqual({ code: 'forbidden', message: sessionKeyMessages.proofRequired, path: 'passkeyStamp' });
    await expect(signWith(thief, wallet.organizationId, wallet.address)).rejects.toMatchObject({ code: 16 });

    const withOwnPasskey = await challengeFor(wallet.jwt, thief.publicKey);
    const ownPasskey = createSoftAuthenticator();
    softPasskeyAttestation(ownPasskey, freshChallenge(), ORIGIN);
    const refused = await register(wallet.jwt, { publicKey: thief.publicKey, challenge: withOwnPasskey.body, passkeyStamp: await passkeyStamp(ownPasskey, withOwnPasskey.body) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_session_public_key', path: 'passkeyStamp' });
    expect(refused.body.error.message).toMatch(/^The proof was refused by custody: could not find authenticator/);

    const withOwnKey = await challengeFor(wallet.jwt, thief.publicKey);
    const signedByThief = await register(wallet.jwt, { publicKey: thief.publicKey, challenge: withOwnKey.body, prevSessionKeySignature: hexSignature(withOwnKey.body, thief.privateKey) });
    expect(signedByThief.status).toBe(400);
    expect(signedByThief.body.error).toMatchObject({ code: 'invalid_session_public_key', path: 'prevSessionKeySignature' });
    await expect(signWith(thief, wallet.organizationId, wallet.address)).rejects.toMatchObject({ code: 16 });
  });

  it("default: the wallet's passkey over the challenge (the key, a server nonce, the expiry) registers the key, which then signs", async () => {
    const wallet = await protectedWallet();
    const key = newApiKeyPair();
    const challenge = await challengeFor(wallet.jwt, key.publicKey);
    const parsed = JSON.parse(challenge.body);
    expect(parsed).toMatchObject({ type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', organizationId: wallet.organizationId });
    expect(parsed.parameters.apiKeys).toEqual([{ apiKeyName: `session-${challenge.nonce}`, publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }]);
    expect(new Date(challenge.expiresAt).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(300_000);
    const registered = await register(wallet.jwt, { publicKey: key.publicKey, challenge: challenge.body, passkeyStamp: await passkeyStamp(wallet.authenticator, challenge.body) });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const { activity } = await signWith(key, wallet.organizationId, wallet.address);
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  });

  it('error: a challenge is good once, for its own key and session, for 5 minutes', async () => {
    const wallet = await protectedWallet();
    const key = newApiKeyPair();
    const used = await challengeFor(wallet.jwt, key.publicKey);
    expect((await register(wallet.jwt, { publicKey: key.publicKey, challenge: used.body, passkeyStamp: await passkeyStamp(wallet.authenticator, used.body) })).status).toBe(200);
    const again = await register(wallet.jwt, { publicKey: key.publicKey, challenge: used.body, passkeyStamp: await passkeyStamp(wallet.authenticator, used.body) });
    expect(again.body.error).toMatchObject({ code: 'invalid_session_public_key', message: sessionKeyMessages.unknownChallenge, path: 'challenge' });

    const other = newApiKeyPair();
    const forOther = await challengeFor(wallet.jwt, other.publicKey);
    const swapped = await register(wallet.jwt, { publicKey: key.publicKey, challenge: forOther.body, passkeyStamp: await passkeyStamp(wallet.authenticator, forOther.body) });
    expect(swapped.body.error).toMatchObject({ code: 'invalid_session_public_key', path: 'challenge' });

    const late = await challengeFor(wallet.jwt, other.publicKey);
    t.clock.advance(300_001);
    const expired = await register(wallet.jwt, { publicKey: other.publicKey, challenge: late.body, passkeyStamp: await passkeyStamp(wallet.authenticator, late.body) });
    expect(expired.body.error).toMatchObject({ code: 'invalid_session_public_key', path: 'challenge' });
  });

  it('error: a passkeyStamp that is no header value (a line break, a non-ASCII character) is 400 at the field, and the challenge is not burnt', async () => {
    const wallet = await protectedWallet();
    const key = newApiKeyPair();
    const challenge = await challengeFor(wallet.jwt, key.publicKey);
    const stamp = await passkeyStamp(wallet.authenticator, challenge.body);
    const inside = (text: string) => `${stamp.stampHeaderValue.slice(0, 8)}${text}${stamp.stampHeaderValue.slice(8)}`;
    for (const stampHeaderValue of [inside('\n'), inside('é'), inside('\u2028')]) {
      const refused = await register(wallet.jwt, { publicKey: key.publicKey, challenge: challenge.body, passkeyStamp: { ...stamp, stampHeaderValue } });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'invalid_request', path: 'passkeyStamp.stampHeaderValue' });
    }
    expect((await register(wallet.jwt, { publicKey: key.publicKey, challenge: challenge.body, passkeyStamp: stamp })).status).toBe(200);
  });

  it('behavior: the current session key renews by signing the challenge; its signature over the bare key (the old form) or an expired key is refused', async () => {
    const first = newApiKeyPair();
    const wallet = await protectedWallet(first.publicKey);
    expect((await signWith(first, wallet.organizationId, wallet.address)).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const next = newApiKeyPair();
    const oldForm = await register(wallet.jwt, { publicKey: next.publicKey, prevSessionKeySignature: hexSignature(next.publicKey, first.privateKey) });
    expect(oldForm.status).toBe(400);
    expect(oldForm.body.error).toMatchObject({ code: 'invalid_request', path: 'challenge' });
    const challenge = await challengeFor(wallet.jwt, next.publicKey);
    const renewed = await register(wallet.jwt, { publicKey: next.publicKey, challenge: challenge.body, prevSessionKeySignature: hexSignature(challenge.body, first.privateKey) });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect((await signWith(next, wallet.organizationId, wallet.address)).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');

    t.clock.advance(1_801_000);
    const third = newApiKeyPair();
    const lapsed = await challengeFor(wallet.jwt, third.publicKey);
    const byExpired = await register(wallet.jwt, { publicKey: third.publicKey, challenge: lapsed.body, prevSessionKeySignature: hexSignature(lapsed.body, next.privateKey) });
    expect(byExpired.status).toBe(400);
    expect(byExpired.body.error).toMatchObject({ code: 'invalid_session_public_key', path: 'prevSessionKeySignature' });
  });

  it('behavior: a key lapses when its challenge says, counted from when the challenge was made: a challenge used 4 minutes late buys no extra 4 minutes', async () => {
    const wallet = await protectedWallet();
    const key = newApiKeyPair();
    const asked = t.clock.now().getTime();
    const challenge = await challengeFor(wallet.jwt, key.publicKey);
    const madeAt = Number(JSON.parse(challenge.body).timestampMs);
    expect(madeAt).toBeGreaterThanOrEqual(asked);
    expect(madeAt).toBeLessThanOrEqual(t.clock.now().getTime());
    const lapsesAt = madeAt + Number(JSON.parse(challenge.body).parameters.apiKeys[0].expirationSeconds) * 1000;
    t.clock.advance(4 * 60_000);
    const registered = await register(wallet.jwt, { publicKey: key.publicKey, challenge: challenge.body, passkeyStamp: await passkeyStamp(wallet.authenticator, challenge.body) });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(new Date(registered.body.expiresAt).getTime()).toBe(lapsesAt);
    expect((await signWith(key, wallet.organizationId, wallet.address)).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    t.clock.advance(lapsesAt - t.clock.now().getTime());
    await expect(signWith(key, wallet.organizationId, wallet.address)).rejects.toMatchObject({ code: 16, message: expect.stringContaining('expired api key') });
  });

  it('default: a wallet without a passkey still registers a key with the session alone', async () => {
    const { jwt } = await t.signIn(freshEmail());
    expect((await t.call('POST', '/users/embeddedWallets', { token: jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd' } })).status).toBe(200);
    expect((await register(jwt, { publicKey: newApiKeyPair().publicKey })).status).toBe(200);
  });
});
