import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';
import { apiKeyStamp } from './createCustodyClient.js';
import { newApiKeyPair, newTargetKey } from './testHelpers.js';
import { SOLANA_DEFAULT_PATH } from './solanaKeys.js';
import { policyMessages } from './policyCondition.js';

// Consensus policies hold what they name, whatever version of the activity's type is sent; a policy the emulator
// cannot evaluate is refused when made, not stored to hold nothing. A session key (which may not make policies) is the
// one trying to get past them here.
type Key = { privateKey: string; publicKey: string };
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

let n = 0;
async function submit(key: Key, name: string, type: string, organizationId: string, parameters: Record<string, unknown>) {
  // A distinct timestamp per request: the fingerprint check must not be what refuses anything here.
  const body = JSON.stringify({ type, timestampMs: String(t.clock.now().getTime() + ++n), organizationId, parameters });
  const response = await fetch(`${t.sandbox.info.custodyBaseUrl}/public/v1/submit/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-stamp': apiKeyStamp(body, key) },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** An organisation whose user holds a lasting root key (may make policies) and a 30-minute session key (may not). */
async function organisationWithSessionKey() {
  const root = newApiKeyPair();
  const created = await t.call('POST', '/sandbox/custody/organizations', { body: { publicKey: root.publicKey } });
  expect(created.status).toBe(200);
  const { organizationId, userId } = created.body as { organizationId: string; userId: string };
  const wallet = await submit(root, 'create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET', organizationId, {
    walletName: 'w',
    accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: SOLANA_DEFAULT_PATH, addressFormat: 'ADDRESS_FORMAT_SOLANA' }],
  });
  expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
  const walletId = wallet.body.activity.result.createWalletResult.walletId as string;
  const session = newApiKeyPair();
  const added = await submit(root, 'create_api_keys', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', organizationId, {
    userId,
    apiKeys: [{ apiKeyName: 'session', publicKey: session.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }],
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { root, session, organizationId, walletId };
}

describe('custody consensus policies: activity type versions and conditions', () => {
  it('error: a policy holding ACTIVITY_TYPE_EXPORT_WALLET also holds the same export sent as ACTIVITY_TYPE_EXPORT_WALLET_V2 — no seed without approvers', async () => {
    const org = await organisationWithSessionKey();
    const policy = await submit(org.root, 'create_policy', 'ACTIVITY_TYPE_CREATE_POLICY_V3', org.organizationId, {
      policyName: 'exports need two approvers',
      effect: 'EFFECT_ALLOW',
      condition: "activity.type == 'ACTIVITY_TYPE_EXPORT_WALLET'",
      consensus: 'approvers.count() >= 2',
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    const target = await newTargetKey();

    // Control: the type the policy names is held.
    const held = await submit(org.session, 'export_wallet', 'ACTIVITY_TYPE_EXPORT_WALLET', org.organizationId, { walletId: org.walletId, targetPublicKey: target.targetPublicKey });
    expect(held.status).toBe(200);
    expect(held.body.activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');

    // The same activity under another version suffix is held too.
    const variant = await submit(org.session, 'export_wallet', 'ACTIVITY_TYPE_EXPORT_WALLET_V2', org.organizationId, { walletId: org.walletId, targetPublicKey: target.targetPublicKey });
    expect(variant.status).toBe(200);
    expect(variant.body.activity.result?.exportWalletResult?.exportBundle).toBeUndefined();
    expect(variant.body.activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
  });

  it('behavior: terms joined by || each hold their route; `true` holds every activity a consensus can hold', async () => {
    const org = await organisationWithSessionKey();
    const policy = await submit(org.root, 'create_policy', 'ACTIVITY_TYPE_CREATE_POLICY_V3', org.organizationId, {
      policyName: 'signing and exports need two approvers',
      effect: 'EFFECT_ALLOW',
      condition: "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' || activity.type == 'ACTIVITY_TYPE_EXPORT_WALLET'",
      consensus: 'approvers.count() >= 2',
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    const target = await newTargetKey();
    const exported = await submit(org.session, 'export_wallet', 'ACTIVITY_TYPE_EXPORT_WALLET', org.organizationId, { walletId: org.walletId, targetPublicKey: target.targetPublicKey });
    expect(exported.status).toBe(200);
    expect(exported.body.activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    // A route the condition does not name is not held.
    const [account] = (await submit(org.session, 'create_wallet_accounts', 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS', org.organizationId, { walletId: org.walletId, accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/1'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' }] })).body.activity.result.createWalletAccountsResult.addresses as string[];
    const signed = await submit(org.session, 'sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', org.organizationId, { signWith: account, payload: 'aa', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' });
    expect(signed.body.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');

    const everything = await organisationWithSessionKey();
    expect((await submit(everything.root, 'create_policy', 'ACTIVITY_TYPE_CREATE_POLICY_V3', everything.organizationId, { policyName: 'all', effect: 'EFFECT_ALLOW', condition: 'true', consensus: 'approvers.count() >= 2' })).status).toBe(200);
    const held = await submit(everything.session, 'export_wallet', 'ACTIVITY_TYPE_EXPORT_WALLET_V2', everything.organizationId, { walletId: everything.walletId, targetPublicKey: target.targetPublicKey });
    expect(held.body.activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
  });

  it('error: a policy the emulator cannot evaluate — another operator, another consensus, EFFECT_DENY — is refused (3) and stored nowhere; the wallet answers as before', async () => {
    const org = await organisationWithSessionKey();
    const attempts: [Record<string, unknown>, string][] = [
      [{ effect: 'EFFECT_ALLOW', condition: "activity.type != 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'", consensus: 'approvers.count() >= 2' }, policyMessages.condition],
      [{ effect: 'EFFECT_ALLOW', condition: "activity.type == 'ACTIVITY_TYPE_EXPORT_WALLET' && true", consensus: 'approvers.count() >= 2' }, policyMessages.condition],
      [{ effect: 'EFFECT_ALLOW', condition: "activity.type == 'ACTIVITY_TYPE_EXPORT_WALLET'", consensus: "approvers.any(user, user.id == 'x')" }, policyMessages.consensus],
      [{ effect: 'EFFECT_DENY', condition: "activity.type == 'ACTIVITY_TYPE_EXPORT_WALLET'" }, policyMessages.deny],
    ];
    for (const [fields, message] of attempts) {
      const refused = await submit(org.root, 'create_policy', 'ACTIVITY_TYPE_CREATE_POLICY_V3', org.organizationId, { policyName: 'p', ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body).toMatchObject({ code: 3, message });
    }
    const target = await newTargetKey();
    const exported = await submit(org.session, 'export_wallet', 'ACTIVITY_TYPE_EXPORT_WALLET', org.organizationId, { walletId: org.walletId, targetPublicKey: target.targetPublicKey });
    expect(exported.body.activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
  });
});
