import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { describe, expect, it } from 'vitest';
import { withRaceSandbox, type RaceSandbox } from '../test/postgresLocks.js';
import { SOLANA_DEFAULT_PATH } from './solanaKeys.js';
import { newApiKeyPair } from './testHelpers.js';

/**
 * Deleting a session key deletes every key it added (`delete_api_keys`, through `added_by`), so a key minted by a stolen
 * session key dies with the sign-out. On PostgreSQL two custody requests run at once: a key being added by the session
 * key while that key is deleted must not survive as an orphan nobody will delete. The test holds a lock on the
 * activity log, where both requests end, to run them in the order that lost the key before.
 */
type Key = { privateKey: string; publicKey: string };

/** In the race's sandbox: a root organisation and a user with one session key. */
async function custodyUser({ t, hold }: RaceSandbox) {
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
  const addBy = (maker: Key, added: Key) =>
    clientFor(maker).createApiKeys({
      type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      timestampMs: ts(),
      organizationId,
      parameters: { userId, apiKeys: [{ apiKeyName: `minted-${added.publicKey.slice(0, 8)}`, publicKey: added.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }] },
    } as any);
  const removeSessionKey = () => parent.deleteApiKeys({ type: 'ACTIVITY_TYPE_DELETE_API_KEYS', timestampMs: ts(), organizationId, parameters: { userId, apiKeyIds: [sessionKeyId!] } });
  /** Every request's last write is its activity: with the log locked, each runs up to there and waits. */
  const lockActivityLog = () => hold('LOCK TABLE custody_activities IN SHARE MODE');
  const outcome = (request: Promise<unknown>) =>
    request.then(
      () => 'done',
      (error: { code?: number }) => error.code,
    );
  return { clientFor, parent, sessionKey, organizationId, userId, addBy, removeSessionKey, lockActivityLog, outcome };
}

describe('custody on PostgreSQL: a key added by a key being deleted', () => {
  it.each(['the addition reaches the database first', 'the deletion reaches the database first'] as const)(
    'error: %s — either way the added key does not outlive the key that added it',
    async (order) => {
      await withRaceSandbox(async (race) => {
        const user = await custodyUser(race);
        const added = newApiKeyPair();
        await user.lockActivityLog();
        const [first, second] = order === 'the addition reaches the database first' ? [() => user.addBy(user.sessionKey, added), user.removeSessionKey] : [user.removeSessionKey, () => user.addBy(user.sessionKey, added)];
        const firstDone = user.outcome(first());
        await race.waitForWaiters(1);
        const secondDone = user.outcome(second());
        await race.waitForWaiters(2);
        await race.release();
        const outcomes = await Promise.all([firstDone, secondDone]);
        // The deletion always goes through; the addition either went first (and its key went with the deletion) or is
        // refused as the act of a key that no longer exists.
        expect(outcomes[order === 'the addition reaches the database first' ? 1 : 0]).toBe('done');

        const { organizationId, userId } = user;
        await expect(user.clientFor(added).getWhoami({ organizationId })).rejects.toMatchObject({ code: 16 });
        await expect(user.clientFor(user.sessionKey).getWhoami({ organizationId })).rejects.toMatchObject({ code: 16 });
        expect((await user.parent.getUser({ organizationId, userId })).user.apiKeys).toEqual([]);
      });
    },
  );
});

describe('custody on PostgreSQL: a key added, a level down, while the chain is deleted', () => {
  it("error: the session key's key adds another as the session key is deleted — the deletion waits for it and deletes it too", async () => {
    await withRaceSandbox(async (race) => {
      const user = await custodyUser(race);
      // A thief's chain: the session key adds `child` (unknown to the product API); `child` is adding `grandchild` as
      // the user signs out (the session key is deleted).
      const [child, grandchild] = [newApiKeyPair(), newApiKeyPair()];
      await user.addBy(user.sessionKey, child);
      await user.lockActivityLog();
      const adding = user.outcome(user.addBy(child, grandchild));
      await race.waitForWaiters(1);
      const deleting = user.outcome(user.removeSessionKey());
      await race.waitForWaiters(2);
      await race.release();
      expect(await Promise.all([adding, deleting])).toEqual(['done', 'done']);

      const { organizationId, userId } = user;
      for (const key of [user.sessionKey, child, grandchild]) await expect(user.clientFor(key).getWhoami({ organizationId })).rejects.toMatchObject({ code: 16 });
      expect((await user.parent.getUser({ organizationId, userId })).user.apiKeys).toEqual([]);
    });
  });
});
