import { describe, expect, it } from 'vitest';
import { custodyUser } from '../test/custodyRace.js';
import { withRaceSandbox } from '../test/postgresLocks.js';
import { newApiKeyPair } from './testHelpers.js';

/**
 * Deleting a session key deletes every key it added (`delete_api_keys`, through `added_by`), so a key minted by a stolen
 * session key dies with the sign-out. On PostgreSQL two custody requests run at once: a key being added by the session
 * key while that key is deleted must not survive as an orphan nobody will delete. The test holds a lock on the
 * activity log, where both requests end, to run them in the order that lost the key before.
 */
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
