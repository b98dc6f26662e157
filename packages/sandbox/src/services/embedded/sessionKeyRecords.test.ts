import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKeyPair } from '../../custody/testHelpers.js';
import { openDatabase } from '../../db/openDatabase.js';
import { createTestEmbeddedWallet } from '../../test/embeddedWallet.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

/**
 * A session key's record (`session_custody_keys`) lives as long as its session can: a key a stolen session key renewed
 * at custody (and the keys those renewed) must die with the session even once the first key has lapsed.
 */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

type Key = { privateKey: string; publicKey: string };
let counter = 0;
const MINUTE = 60_000;
const custody = (key: Key) => new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));

async function userWithWallet(sessionPublicKey: string) {
  const { jwt } = await t.signIn(`session-key-records-${++counter}-${Date.now()}@example.com`);
  const { organizationId, custodyUserId } = await createTestEmbeddedWallet(t, jwt, { sessionPublicKey });
  return { jwt, organizationId, custodyUserId };
}

/** A new key added at custody by `by`, lapsing when `by`'s own lifetime would (30 minutes, the default session key's). */
async function renew(by: Key, wallet: { organizationId: string; custodyUserId: string }): Promise<Key> {
  const key = newApiKeyPair();
  await custody(by).createApiKeys({
    type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    timestampMs: String(t.clock.now().getTime()),
    organizationId: wallet.organizationId,
    parameters: { userId: wallet.custodyUserId, apiKeys: [{ apiKeyName: 'renewed', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }] },
  });
  return key;
}

describe('session key records', () => {
  it('behavior: a chain of keys renewed from the session key dies at POST /revoke after the first key lapsed and the records were swept', async () => {
    const first = newApiKeyPair();
    const wallet = await userWithWallet(first.publicKey);
    let newest = first;
    for (let step = 0; step < 3; step++) {
      t.clock.advance(29 * MINUTE);
      newest = await renew(newest, wallet);
    }
    // Past the first key's lapse and the sweep's hour of grace; another user's registration sweeps the records.
    t.clock.advance(8 * MINUTE);
    await userWithWallet(newApiKeyPair().publicKey);
    expect((await t.call('GET', '/session', { token: wallet.jwt })).status).toBe(200);
    expect((await custody(newest).getWhoami({ organizationId: wallet.organizationId })).organizationId).toBe(wallet.organizationId);

    expect((await t.call('POST', '/revoke', { token: wallet.jwt })).status).toBe(200);
    await expect(custody(newest).getWhoami({ organizationId: wallet.organizationId })).rejects.toMatchObject({ code: 16 });
  });

  it('behavior: migration 122 extends the records written before to their session\'s latest end', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'session-key-records-'));
    try {
      const own = await startTestSandbox({ dataDir });
      const { jwt } = await own.signIn(`migrated-${Date.now()}@example.com`);
      expect((await own.call('POST', '/users/embeddedWallets', { token: jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', sessionPublicKey: newApiKeyPair().publicKey } })).status).toBe(200);
      await own.close();
      // As written before the migration: expiring with the key (30 minutes).
      const before = await openDatabase({ dataDir });
      await before.query("UPDATE session_custody_keys SET expires_at = created_at + interval '30 minutes'");
      await before.query('DELETE FROM schema_migrations WHERE version = 122');
      await before.close();
      const after = await openDatabase({ dataDir });
      const [row] = await after.query<{ lasts: number }>(
        'SELECT extract(epoch FROM k.expires_at - s.created_at)::int AS lasts FROM session_custody_keys k JOIN sessions s ON s.id = k.session_id',
      );
      await after.close();
      expect(row!.lasts).toBe(30 * 86_400);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
