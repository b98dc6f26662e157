import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoftAuthenticator } from '../test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';
import { base58Decode, SOLANA_DEFAULT_PATH } from './solanaKeys.js';
import { newApiKeyPair, newTargetKey, softPasskeyStamper, unsignedLegacyTransaction } from './testHelpers.js';

/**
 * The custody emulator driven by the UNMODIFIED public client (`@turnkey/http` with
 * `@turnkey/api-key-stamper`), plus raw requests for the stamp failures the client cannot make.
 */

let t: TestSandbox;
let base: string;
beforeAll(async () => {
  t = await startTestSandbox();
  base = t.sandbox.info.custodyBaseUrl;
});
afterAll(() => t.close());

const clientFor = (key: { privateKey: string; publicKey: string }) => new TurnkeyClient({ baseUrl: base }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));
const ts = () => String(t.clock.now().getTime());
const solanaAccount = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: SOLANA_DEFAULT_PATH, addressFormat: 'ADDRESS_FORMAT_SOLANA' } as const;

/** A refusal of the public client: its `TurnkeyRequestError` carries the custody error body. */
async function refusal(promise: Promise<unknown>): Promise<{ code: number; message: string; details: unknown }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: number; message: string; details?: unknown };
    return { code: e.code ?? -1, message: e.message, details: e.details };
  }
  throw new Error('expected a refusal');
}

async function rootOrganization() {
  const key = newApiKeyPair();
  const created = await t.call('POST', '/sandbox/custody/organizations', { body: { publicKey: key.publicKey } });
  expect(created.status).toBe(200);
  return { key, organizationId: created.body.organizationId as string, client: clientFor(key) };
}

async function subOrganization(root: Awaited<ReturnType<typeof rootOrganization>>, options: { email?: string; expirationSeconds?: string } = {}) {
  const userKey = newApiKeyPair();
  const { activity } = await root.client.createSubOrganization({
    type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
    timestampMs: ts(),
    organizationId: root.organizationId,
    parameters: {
      subOrganizationName: 'user',
      rootQuorumThreshold: 1,
      rootUsers: [
        {
          userName: 'user',
          ...(options.email ? { userEmail: options.email } : {}),
          apiKeys: [{ apiKeyName: 'session', publicKey: userKey.publicKey, curveType: 'API_KEY_CURVE_P256', ...(options.expirationSeconds ? { expirationSeconds: options.expirationSeconds } : {}) }],
          authenticators: [],
          oauthProviders: [],
        },
      ],
      wallet: { walletName: 'Solana', accounts: [solanaAccount] },
    },
  } as any);
  expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  const result = (activity.result as any).createSubOrganizationResultV7;
  return { userKey, client: clientFor(userKey), organizationId: result.subOrganizationId as string, walletId: result.wallet.walletId as string, address: result.wallet.addresses[0] as string };
}

describe('custody emulator through @turnkey/http', () => {
  it('default: whoami answers for the key holder', async () => {
    const root = await rootOrganization();
    const who = await root.client.getWhoami({ organizationId: root.organizationId });
    expect(who).toMatchObject({ organizationId: root.organizationId, username: 'Root user' });
  });

  it('default: a sub-organization with a Solana wallet; its user lists the account', async () => {
    const root = await rootOrganization();
    const sub = await subOrganization(root);
    expect(base58Decode(sub.address)).toHaveLength(32);
    const { accounts } = await sub.client.getWalletAccounts({ organizationId: sub.organizationId, walletId: sub.walletId });
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ address: sub.address, path: SOLANA_DEFAULT_PATH, addressFormat: 'ADDRESS_FORMAT_SOLANA', curve: 'CURVE_ED25519' });
    const { wallets } = await sub.client.getWallets({ organizationId: sub.organizationId });
    expect(wallets.map((wallet) => wallet.walletId)).toEqual([sub.walletId]);
    const { wallet } = await sub.client.getWallet({ organizationId: sub.organizationId, walletId: sub.walletId });
    expect(wallet).toMatchObject({ walletId: sub.walletId, walletName: 'Solana', exported: false });
  });

  it('default: sign_raw_payload(s) give ed25519 signatures that verify against the address', async () => {
    const sub = await subOrganization(await rootOrganization());
    const payload = Buffer.from('hello custody').toString('hex');
    const { activity } = await sub.client.signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: ts(),
      organizationId: sub.organizationId,
      parameters: { signWith: sub.address, payload, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
    });
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    const { r, s } = (activity.result as any).signRawPayloadResult;
    expect(ed25519.verify(Buffer.from(r + s, 'hex'), Buffer.from(payload, 'hex'), base58Decode(sub.address))).toBe(true);
    expect(ed25519.verify(Buffer.from(r + s, 'hex'), Buffer.from('other'), base58Decode(sub.address))).toBe(false);

    const many = await sub.client.signRawPayloads({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
      timestampMs: ts(),
      organizationId: sub.organizationId,
      parameters: { signWith: sub.address, payloads: ['aa', 'bb'], encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
    });
    const signatures = (many.activity.result as any).signRawPayloadsResult.signatures as { r: string; s: string }[];
    expect(signatures.map((sig, index) => ed25519.verify(Buffer.from(sig.r + sig.s, 'hex'), Buffer.from(['aa', 'bb'][index]!, 'hex'), base58Decode(sub.address)))).toEqual([true, true]);

    const fetched = await sub.client.getActivity({ organizationId: sub.organizationId, activityId: activity.id });
    expect(fetched.activity).toMatchObject({ id: activity.id, status: 'ACTIVITY_STATUS_COMPLETED', type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' });
  });

  it('default: sign_transaction puts a real ed25519 signature over the Solana message into the transaction', async () => {
    const sub = await subOrganization(await rootOrganization());
    const signer = base58Decode(sub.address);
    const { transaction, message } = unsignedLegacyTransaction(signer);
    const { activity } = await sub.client.signTransaction({
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      timestampMs: ts(),
      organizationId: sub.organizationId,
      parameters: { signWith: sub.address, unsignedTransaction: Buffer.from(transaction).toString('hex'), type: 'TRANSACTION_TYPE_SOLANA' },
    });
    const signed = Buffer.from((activity.result as any).signTransactionResult.signedTransaction, 'hex');
    expect(signed.subarray(65)).toEqual(Buffer.from(message));
    expect(ed25519.verify(signed.subarray(1, 65), message, signer)).toBe(true);
  });

  it('default: export_wallet_account encrypts the key to the target key (HPKE); the key is the account’s', async () => {
    const sub = await subOrganization(await rootOrganization());
    const target = await newTargetKey();
    const { activity } = await sub.client.exportWalletAccount({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
      timestampMs: ts(),
      organizationId: sub.organizationId,
      parameters: { address: sub.address, targetPublicKey: target.targetPublicKey },
    });
    const { exportBundle } = (activity.result as any).exportWalletAccountResult;
    expect(exportBundle).not.toContain(sub.address);
    const opened = await target.open(exportBundle);
    expect(opened.signatureValid).toBe(true);
    expect(opened.organizationId).toBe(sub.organizationId);
    expect(Buffer.from(ed25519.getPublicKey(opened.plaintext))).toEqual(Buffer.from(base58Decode(sub.address)));
    // Someone else's key cannot open it.
    await expect((await newTargetKey()).open(exportBundle)).rejects.toThrow();

    const whole = await sub.client.exportWallet({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET',
      timestampMs: ts(),
      organizationId: sub.organizationId,
      parameters: { walletId: sub.walletId, targetPublicKey: target.targetPublicKey },
    });
    const seed = await target.open((whole.activity.result as any).exportWalletResult.exportBundle);
    expect(new TextDecoder().decode(seed.plaintext)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('default: delete_wallets refuses an unexported wallet unless deleteWithoutExport', async () => {
    const root = await rootOrganization();
    const sub = await subOrganization(root);
    const refused = await refusal(
      sub.client.deleteWallets({ type: 'ACTIVITY_TYPE_DELETE_WALLETS', timestampMs: ts(), organizationId: sub.organizationId, parameters: { walletIds: [sub.walletId] } }),
    );
    expect(refused.code).toBe(9);
    expect((await sub.client.getWallets({ organizationId: sub.organizationId })).wallets).toHaveLength(1);
    await root.client.deleteWallets({ type: 'ACTIVITY_TYPE_DELETE_WALLETS', timestampMs: ts(), organizationId: sub.organizationId, parameters: { walletIds: [sub.walletId], deleteWithoutExport: true } });
    expect((await sub.client.getWallets({ organizationId: sub.organizationId })).wallets).toEqual([]);
  });

  it('behavior: a consensus policy leaves a signing activity as CONSENSUS_NEEDED without a result', async () => {
    const sub = await subOrganization(await rootOrganization());
    await sub.client.createPolicy({
      type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
      timestampMs: ts(),
      organizationId: sub.organizationId,
      parameters: { policyName: 'two approvers', effect: 'EFFECT_ALLOW', condition: "activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'", consensus: 'approvers.count() >= 2', notes: '' },
    });
    const { activity } = await sub.client.signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: ts(),
      organizationId: sub.organizationId,
      parameters: { signWith: sub.address, payload: 'aa', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
    });
    expect(activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    expect(activity.result).toEqual({});
  });

  it('default: email_auth sends a recovery bundle; its key acts for the user, once used within 900 s', async () => {
    const root = await rootOrganization();
    const email = `recover-${Date.now()}@example.com`;
    const sub = await subOrganization(root, { email });
    const target = await newTargetKey();
    const { activity } = await root.client.emailAuth({
      type: 'ACTIVITY_TYPE_EMAIL_AUTH_V3',
      timestampMs: ts(),
      organizationId: sub.organizationId,
      parameters: { email, targetPublicKey: target.targetPublicKey, expirationSeconds: '1800' } as any,
    });
    expect((activity.result as any).emailAuthResult.apiKeyId).toBeTruthy();
    const [message] = await t.inbox(email);
    const bundle = Buffer.from(message!.code!, 'base64url').toString('utf8');
    const opened = await target.open(bundle);
    const recovered = { privateKey: Buffer.from(opened.plaintext).toString('hex'), publicKey: Buffer.from(p256.getPublicKey(opened.plaintext, true)).toString('hex') };
    const who = await clientFor(recovered).getWhoami({ organizationId: sub.organizationId });
    expect(who.organizationId).toBe(sub.organizationId);

    // A second code, used after 900 s: refused.
    const late = await newTargetKey();
    await root.client.emailAuth({ type: 'ACTIVITY_TYPE_EMAIL_AUTH_V3', timestampMs: ts(), organizationId: sub.organizationId, parameters: { email, targetPublicKey: late.targetPublicKey } as any });
    const [second] = await t.inbox(email);
    const lateKey = (await late.open(Buffer.from(second!.code!, 'base64url').toString('utf8'))).plaintext;
    t.clock.advance(901_000);
    const refused = await refusal(clientFor({ privateKey: Buffer.from(lateKey).toString('hex'), publicKey: Buffer.from(p256.getPublicKey(lateKey, true)).toString('hex') }).getWhoami({ organizationId: sub.organizationId }));
    expect(refused).toMatchObject({ code: 16 });
    expect(refused.message).toContain('The code is invalid or expired.');

    // A code asked for 4 minutes before its request arrived: its 900 s count from the asking, as its lifetime does.
    const delayed = await newTargetKey();
    await root.client.emailAuth({
      type: 'ACTIVITY_TYPE_EMAIL_AUTH_V3',
      timestampMs: String(t.clock.now().getTime() - 240_000),
      organizationId: sub.organizationId,
      parameters: { email, targetPublicKey: delayed.targetPublicKey } as any,
    });
    const [third] = await t.inbox(email);
    const delayedKey = (await delayed.open(Buffer.from(third!.code!, 'base64url').toString('utf8'))).plaintext;
    t.clock.advance(661_000);
    const expired = await refusal(clientFor({ privateKey: Buffer.from(delayedKey).toString('hex'), publicKey: Buffer.from(p256.getPublicKey(delayedKey, true)).toString('hex') }).getWhoami({ organizationId: sub.organizationId }));
    expect(expired).toMatchObject({ code: 16, message: expect.stringContaining('The code is invalid or expired.') });
  });

  it('default: init_otp_auth + otp_auth issue a credential bundle; a wrong code is refused', async () => {
    const root = await rootOrganization();
    const email = `otp-${Date.now()}@example.com`;
    const sub = await subOrganization(root, { email });
    const init = await root.client.initOtpAuth({ type: 'ACTIVITY_TYPE_INIT_OTP_AUTH_V3', timestampMs: ts(), organizationId: sub.organizationId, parameters: { otpType: 'OTP_TYPE_EMAIL', contact: email } as any });
    const otpId = (init.activity.result as any).initOtpAuthResult.otpId;
    const [message] = await t.inbox(email);
    const target = await newTargetKey();
    const wrong = await refusal(
      root.client.otpAuth({ type: 'ACTIVITY_TYPE_OTP_AUTH', timestampMs: ts(), organizationId: sub.organizationId, parameters: { otpId, otpCode: message!.code === '000000' ? '111111' : '000000', targetPublicKey: target.targetPublicKey } as any }),
    );
    expect(wrong).toMatchObject({ code: 3 });
    const ok = await root.client.otpAuth({ type: 'ACTIVITY_TYPE_OTP_AUTH', timestampMs: ts(), organizationId: sub.organizationId, parameters: { otpId, otpCode: message!.code!, targetPublicKey: target.targetPublicKey } as any });
    const opened = await target.open((ok.activity.result as any).otpAuthResult.credentialBundle);
    expect(opened.plaintext).toHaveLength(32);
  });

  it('error: three wrong codes burn the code: the right one is refused after them (each wrong guess is counted, though refused)', async () => {
    const root = await rootOrganization();
    const email = `otp-burn-${Date.now()}@example.com`;
    const sub = await subOrganization(root, { email });
    const init = await root.client.initOtpAuth({ type: 'ACTIVITY_TYPE_INIT_OTP_AUTH_V3', timestampMs: ts(), organizationId: sub.organizationId, parameters: { otpType: 'OTP_TYPE_EMAIL', contact: email } as any });
    const otpId = (init.activity.result as any).initOtpAuthResult.otpId;
    const [message] = await t.inbox(email);
    const target = await newTargetKey();
    const attempt = (otpCode: string) =>
      root.client.otpAuth({ type: 'ACTIVITY_TYPE_OTP_AUTH', timestampMs: ts(), organizationId: sub.organizationId, parameters: { otpId, otpCode, targetPublicKey: target.targetPublicKey } as any });
    const wrong = ['000000', '111111', '222222', '333333'].filter((guess) => guess !== message!.code).slice(0, 3);
    for (const guess of wrong) expect(await refusal(attempt(guess))).toMatchObject({ code: 3, message: expect.stringContaining('The code is invalid or expired.') });
    expect(await refusal(attempt(message!.code!))).toMatchObject({ code: 3, message: expect.stringContaining('The code is invalid or expired.') });
  });
});

describe('custody emulator: one-time codes and recovery keys stay bounded', () => {
  const keyOf = (privateKey: Uint8Array) => ({ privateKey: Buffer.from(privateKey).toString('hex'), publicKey: Buffer.from(p256.getPublicKey(privateKey, true)).toString('hex') });
  const initOtp = (client: TurnkeyClient, organizationId: string, contact: string) =>
    client.initOtpAuth({ type: 'ACTIVITY_TYPE_INIT_OTP_AUTH_V3', timestampMs: ts(), organizationId, parameters: { otpType: 'OTP_TYPE_EMAIL', contact } as any });

  it('error: a sixth code for one user within 900 s → 8 (429) and nothing sent, whoever asks; past the window, codes again', async () => {
    const root = await rootOrganization();
    const email = `otp-cap-${Date.now()}@example.com`;
    const sub = await subOrganization(root, { email, expirationSeconds: '900' });
    for (let i = 0; i < 5; i++) await initOtp(i % 2 ? sub.client : root.client, sub.organizationId, email);
    expect(await t.inbox(email)).toHaveLength(5);
    for (const client of [sub.client, root.client]) {
      const refused = await refusal(initOtp(client, sub.organizationId, email));
      expect(refused).toMatchObject({ code: 8, message: expect.stringContaining('resource exhausted: at most 5 one-time codes per user within 15 minutes') });
    }
    expect(await t.inbox(email)).toHaveLength(5);
    t.clock.advance(901_000);
    const again = await initOtp(root.client, sub.organizationId, email);
    expect((again.activity.result as any).initOtpAuthResult.otpId).toBeTruthy();
  });

  it('error: five codes asked for at once by one user leave no room for a sixth, however the requests interleave', async () => {
    const root = await rootOrganization();
    const email = `otp-race-${Date.now()}@example.com`;
    const sub = await subOrganization(root, { email });
    // Each its own request (a millisecond apart: the same body twice is a replay).
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => {
        t.clock.advance(1);
        return initOtp(root.client, sub.organizationId, email);
      }),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(await t.inbox(email)).toHaveLength(5);
  });

  it("error: a recovery key asked for with a session key lives no longer than it, and goes when it is deleted (otp_auth, email_auth)", async () => {
    const root = await rootOrganization();
    const email = `otp-chain-${Date.now()}@example.com`;
    const sub = await subOrganization(root, { email, expirationSeconds: '900' });
    const otpFor = async () => {
      const init = await initOtp(sub.client, sub.organizationId, email);
      const [message] = await t.inbox(email);
      return { otpId: (init.activity.result as any).initOtpAuthResult.otpId as string, otpCode: message!.code! };
    };
    const target = await newTargetKey();
    // Longer than the session key that asks (and the default 1800 s is too): refused, the code not spent.
    const code = await otpFor();
    for (const expirationSeconds of ['1000000', undefined]) {
      const outliving = await refusal(
        sub.client.otpAuth({ type: 'ACTIVITY_TYPE_OTP_AUTH', timestampMs: ts(), organizationId: sub.organizationId, parameters: { ...code, targetPublicKey: target.targetPublicKey, ...(expirationSeconds ? { expirationSeconds } : {}) } as any }),
      );
      expect(outliving).toMatchObject({ code: 7, message: expect.stringContaining('permission denied: an api key may only add api keys that expire within its own lifetime (900 seconds)') });
    }
    const emailed = await refusal(
      sub.client.emailAuth({ type: 'ACTIVITY_TYPE_EMAIL_AUTH_V3', timestampMs: ts(), organizationId: sub.organizationId, parameters: { email, targetPublicKey: target.targetPublicKey, expirationSeconds: '86400' } as any }),
    );
    expect(emailed).toMatchObject({ code: 7 });
    // Within its lifetime: granted — and deleting the session key deletes the recovered key with it.
    const ok = await sub.client.otpAuth({ type: 'ACTIVITY_TYPE_OTP_AUTH', timestampMs: ts(), organizationId: sub.organizationId, parameters: { ...code, targetPublicKey: target.targetPublicKey, expirationSeconds: '600' } as any });
    const recovered = clientFor(keyOf((await target.open((ok.activity.result as any).otpAuthResult.credentialBundle)).plaintext));
    const who = await recovered.getWhoami({ organizationId: sub.organizationId });
    const { user } = await root.client.getUser({ organizationId: sub.organizationId, userId: who.userId });
    const sessionKey = user.apiKeys.find((key) => key.credential.publicKey === sub.userKey.publicKey)!;
    await root.client.deleteApiKeys({ type: 'ACTIVITY_TYPE_DELETE_API_KEYS', timestampMs: ts(), organizationId: sub.organizationId, parameters: { userId: who.userId, apiKeyIds: [sessionKey.apiKeyId] } });
    expect(await refusal(recovered.getWhoami({ organizationId: sub.organizationId }))).toMatchObject({ code: 16, message: expect.stringContaining('could not find public key') });
  });

  it('default: otp_auth with invalidateExisting deletes the earlier recovery keys, as email_auth does', async () => {
    const root = await rootOrganization();
    const email = `otp-invalidate-${Date.now()}@example.com`;
    const sub = await subOrganization(root, { email });
    const recover = async (invalidateExisting: boolean) => {
      const init = await initOtp(root.client, sub.organizationId, email);
      const [message] = await t.inbox(email);
      const target = await newTargetKey();
      const ok = await root.client.otpAuth({
        type: 'ACTIVITY_TYPE_OTP_AUTH',
        timestampMs: ts(),
        organizationId: sub.organizationId,
        parameters: { otpId: (init.activity.result as any).initOtpAuthResult.otpId, otpCode: message!.code!, targetPublicKey: target.targetPublicKey, invalidateExisting } as any,
      });
      return clientFor(keyOf((await target.open((ok.activity.result as any).otpAuthResult.credentialBundle)).plaintext));
    };
    const first = await recover(false);
    await first.getWhoami({ organizationId: sub.organizationId });
    const second = await recover(true);
    expect(await refusal(first.getWhoami({ organizationId: sub.organizationId }))).toMatchObject({ code: 16 });
    await second.getWhoami({ organizationId: sub.organizationId });
  });
});

describe('custody emulator: every stamp failure is refused', () => {
  const rawPost = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(async (response) => ({ status: response.status, body: await response.json() }));

  it('error: a key registered nowhere → 16 could not find public key', async () => {
    const root = await rootOrganization();
    const refused = await refusal(clientFor(newApiKeyPair()).getWhoami({ organizationId: root.organizationId }));
    expect(refused).toMatchObject({ code: 16 });
    expect(refused.message).toContain('could not find public key');
  });

  it('error: a tampered body (stamp over other bytes) → 16, and nothing is done', async () => {
    const sub = await subOrganization(await rootOrganization());
    const stamper = new ApiKeyStamper({ apiPublicKey: sub.userKey.publicKey, apiPrivateKey: sub.userKey.privateKey });
    const honest = JSON.stringify({ type: 'ACTIVITY_TYPE_DELETE_WALLETS', timestampMs: ts(), organizationId: sub.organizationId, parameters: { walletIds: ['x'], deleteWithoutExport: true } });
    const tampered = JSON.stringify({ type: 'ACTIVITY_TYPE_DELETE_WALLETS', timestampMs: ts(), organizationId: sub.organizationId, parameters: { walletIds: [sub.walletId], deleteWithoutExport: true } });
    const stamp = await stamper.stamp(honest);
    const response = await rawPost('/public/v1/submit/delete_wallets', tampered, { [stamp.stampHeaderName]: stamp.stampHeaderValue });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 16, message: expect.stringContaining('signature'), details: [] });
    expect((await sub.client.getWallets({ organizationId: sub.organizationId })).wallets).toHaveLength(1);
  });

  it('error: an expired key (a session key past its expiry) → 16 expired api key', async () => {
    const sub = await subOrganization(await rootOrganization(), { expirationSeconds: '60' });
    await sub.client.getWhoami({ organizationId: sub.organizationId });
    t.clock.advance(61_000);
    const refused = await refusal(sub.client.getWhoami({ organizationId: sub.organizationId }));
    expect(refused).toMatchObject({ code: 16 });
    expect(refused.message).toContain('expired api key');
  });

  it("error: another user's organisation → 7, nothing signed", async () => {
    const root = await rootOrganization();
    const alice = await subOrganization(root);
    const bob = await subOrganization(root);
    const refused = await refusal(
      alice.client.signRawPayload({
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        timestampMs: ts(),
        organizationId: bob.organizationId,
        parameters: { signWith: bob.address, payload: 'aa', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
      }),
    );
    expect(refused).toMatchObject({ code: 7 });
  });

  it('error: the parent organisation may not sign for a sub-organization (non-custodial)', async () => {
    const root = await rootOrganization();
    const sub = await subOrganization(root);
    const refused = await refusal(
      root.client.signRawPayload({
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        timestampMs: ts(),
        organizationId: sub.organizationId,
        parameters: { signWith: sub.address, payload: 'aa', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
      }),
    );
    expect(refused).toMatchObject({ code: 7 });
  });

  it('error: no stamp, a malformed stamp, a key deleted → 16', async () => {
    const root = await rootOrganization();
    const body = JSON.stringify({ organizationId: root.organizationId });
    expect((await rawPost('/public/v1/query/whoami', body, {})).body).toMatchObject({ code: 16 });
    expect((await rawPost('/public/v1/query/whoami', body, { 'X-Stamp': 'not-base64-json' })).body).toMatchObject({ code: 16 });
  });

  it('default: a WebAuthn stamp (challenge = hex SHA-256 of the body) from a registered passkey; a tampered body → 16', async () => {
    const root = await rootOrganization();
    const authenticator = createSoftAuthenticator();
    const origin = 'http://localhost:5173';
    const challenge = Buffer.from('registration-challenge').toString('base64url');
    const attestation = authenticator.register({ challenge, rp: { id: 'localhost' }, user: { id: Buffer.from('user-1').toString('base64url') } }, origin);
    const { activity } = await root.client.createSubOrganization({
      type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
      timestampMs: ts(),
      organizationId: root.organizationId,
      parameters: {
        subOrganizationName: 'passkey user',
        rootQuorumThreshold: 1,
        rootUsers: [
          {
            userName: 'passkey user',
            apiKeys: [],
            authenticators: [
              { authenticatorName: 'passkey', challenge, attestation: { credentialId: attestation.id, clientDataJson: attestation.response.clientDataJSON, attestationObject: attestation.response.attestationObject, transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL'] } },
            ],
            oauthProviders: [],
          },
        ],
        wallet: { walletName: 'Solana', accounts: [solanaAccount] },
      },
    } as any);
    const organizationId = (activity.result as any).createSubOrganizationResultV7.subOrganizationId;
    const stampFor = async (body: string) => (await softPasskeyStamper(authenticator, origin).stamp(body)).stampHeaderValue;
    const body = JSON.stringify({ organizationId });
    const ok = await rawPost('/public/v1/query/whoami', body, { 'X-Stamp-Webauthn': await stampFor(body) });
    expect(ok).toMatchObject({ status: 200, body: { organizationId, username: 'passkey user' } });
    const other = JSON.stringify({ organizationId, extra: 1 });
    const tampered = await rawPost('/public/v1/query/whoami', other, { 'X-Stamp-Webauthn': await stampFor(body) });
    expect(tampered).toMatchObject({ status: 401, body: { code: 16 } });
  });
});
