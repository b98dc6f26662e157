import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { freshPostgresDatabase, startTestSandbox } from '../test/testSandbox.js';
import { SOLANA_DEFAULT_PATH } from './solanaKeys.js';
import { newApiKeyPair } from './testHelpers.js';

/**
 * Deleting a session key deletes every key it added (`delete_api_keys`, through `added_by`), so a key minted by a stolen
 * session key dies with the sign-out. On PostgreSQL two custody requests run at once: a key being added by the session
 * key while that key is deleted must not survive as an orphan nobody will delete. The test holds a lock on the
 * activity log, where both requests end, to run them in the order that lost the key before.
 */
type Key = { privateKey: string; publicKey: string };

async function waitForLockWaiters(client: pg.Client, count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    // Inside a transaction the activity view is a snapshot taken once: take a new one each time.
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ waiting: string }>(
      "SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
    );
    if (Number(rows[0]?.waiting) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query("SELECT state, wait_event_type, wait_event, left(query, 90) AS query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
  throw new Error(`expected ${count} requests waiting on a lock: ${JSON.stringify(rows)}`);
}

describe('custody on PostgreSQL: a key added by a key being deleted', () => {
  it.each(['the addition reaches the database first', 'the deletion reaches the database first'] as const)(
    'error: %s — either way the added key does not outlive the key that added it',
    async (order) => {
      const clusterUrl = inject('sandboxPostgresUrl');
      if (!clusterUrl) throw new Error('The PostgreSQL run provides sandboxPostgresUrl.');
      const database = await freshPostgresDatabase(clusterUrl);
      const t = await startTestSandbox({ databaseUrl: database.url });
      const locker = new pg.Client({ connectionString: database.url });
      try {
        const clientFor = (key: Key) => new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));
        const ts = () => String(t.clock.now().getTime());
        const parentKey = newApiKeyPair();
        const root = await t.call('POST', '/sandbox/custody/organizations', { body: { publicKey: parentKey.publicKey } });
        expect(root.status).toBe(200);
        const parent = clientFor(parentKey);
        const sessionKey = newApiKeyPair();
        const { activity } = await parent.createSubOrganization({
          type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
          timestampMs: ts(),
          organizationId: root.body.organizationId,
          parameters: {
            subOrganizationName: 'user',
            rootQuorumThreshold: 1,
            rootUsers: [{ userName: 'user', apiKeys: [{ apiKeyName: 'session', publicKey: sessionKey.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }], authenticators: [], oauthProviders: [] }],
            wallet: { walletName: 'Solana', accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: SOLANA_DEFAULT_PATH, addressFormat: 'ADDRESS_FORMAT_SOLANA' }] },
          },
        } as any);
        const result = (activity.result as any).createSubOrganizationResultV7;
        const organizationId = result.subOrganizationId as string;
        const userId = result.rootUserIds[0] as string;
        const [sessionKeyId] = (await parent.getUser({ organizationId, userId })).user.apiKeys.map((key) => key.apiKeyId);

        const added = newApiKeyPair();
        const add = () =>
          clientFor(sessionKey).createApiKeys({
            type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
            timestampMs: ts(),
            organizationId,
            parameters: { userId, apiKeys: [{ apiKeyName: 'minted', publicKey: added.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }] },
          } as any);
        const remove = () => parent.deleteApiKeys({ type: 'ACTIVITY_TYPE_DELETE_API_KEYS', timestampMs: ts(), organizationId, parameters: { userId, apiKeyIds: [sessionKeyId!] } });

        // Every request's last write is its activity: with the log locked, each runs up to there and waits.
        await locker.connect();
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE custody_activities IN SHARE MODE');
        const [first, second] = order === 'the addition reaches the database first' ? [add, remove] : [remove, add];
        const firstDone = first().then(
          () => 'done',
          (error: { code?: number }) => error.code,
        );
        await waitForLockWaiters(locker, 1);
        const secondDone = second().then(
          () => 'done',
          (error: { code?: number }) => error.code,
        );
        await waitForLockWaiters(locker, 2);
        await locker.query('COMMIT');
        const outcomes = await Promise.all([firstDone, secondDone]);
        // The deletion always goes through; the addition either went first (and its key went with the deletion) or is
        // refused as the act of a key that no longer exists.
        expect(outcomes[order === 'the addition reaches the database first' ? 1 : 0]).toBe('done');

        await expect(clientFor(added).getWhoami({ organizationId })).rejects.toMatchObject({ code: 16 });
        await expect(clientFor(sessionKey).getWhoami({ organizationId })).rejects.toMatchObject({ code: 16 });
        expect((await parent.getUser({ organizationId, userId })).user.apiKeys).toEqual([]);
      } finally {
        await locker.end().catch(() => undefined);
        await t.close();
        await database.drop();
      }
    },
  );
});
