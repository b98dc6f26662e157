import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SandboxContext } from '../../context.js';
import type { CustodyClient } from '../../custody/createCustodyClient.js';
import { CustodyError } from '../../custody/CustodyError.js';
import type { Database } from '../../db/database.js';
import { openDatabase } from '../../db/openDatabase.js';
import { endSession } from '../session/endSessions.js';
import { findSession, insertSession, revokeSession, type SessionRow } from '../session/sessionRepository.js';
import { deleteSessionKeys, type CustodyUser } from './deleteSessionKeys.js';
import { assertSessionStillLive, recordSessionKey } from './sessionKeyRecords.js';

/**
 * What ending a session leaves when custody fails or races it, with a custody that keeps API keys in a map and can be
 * made unreachable (the HTTP behaviour against the real emulator is in session/endSessions.test.ts).
 */
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory' });
});
afterAll(() => db.close());

const ENV = 'delete-session-keys';
const now = new Date('2026-06-01T12:00:00.000Z');

/** A custody of one map: `apiKeys[organizationId/userId]`; `unreachable` fails every request as a dead network does. */
function fakeCustody() {
  const apiKeys = new Map<string, { apiKeyId: string; publicKey: string }[]>();
  const state = { unreachable: false, beforeDelete: (): void => undefined };
  const keysOf = (organizationId: unknown, userId: unknown) => apiKeys.get(`${organizationId}/${userId}`);
  const client: CustodyClient = {
    rootOrganizationId: 'root',
    async query(name, body) {
      if (state.unreachable) throw new TypeError('fetch failed');
      const keys = keysOf(body['organizationId'], body['userId']);
      if (name !== 'get_user' || !keys) throw new CustodyError(5, 'could not find user');
      return { user: { apiKeys: keys.map((key) => ({ apiKeyId: key.apiKeyId, credential: { publicKey: key.publicKey } })) } } as any;
    },
    async submit(name, _type, organizationId, parameters) {
      if (state.unreachable) throw new TypeError('fetch failed');
      if (name !== 'delete_api_keys') throw new CustodyError(7, 'not emulated here');
      state.beforeDelete();
      const keys = keysOf(organizationId, parameters['userId']) ?? [];
      const ids = parameters['apiKeyIds'] as string[];
      if (!ids.every((id) => keys.some((key) => key.apiKeyId === id))) throw new CustodyError(5, 'could not find every api key');
      apiKeys.set(`${organizationId}/${parameters['userId']}`, keys.filter((key) => !ids.includes(key.apiKeyId)));
      return { apiKeyIds: ids } as any;
    },
    forward: async () => {
      throw new CustodyError(7, 'not emulated here');
    },
  };
  const ctx = { db, environmentId: ENV, now: () => now, sweepOneIn: 2 ** 40, custody: { baseUrl: 'http://127.0.0.1:9', client } } as unknown as SandboxContext;
  return {
    ctx,
    state,
    add(custodyUser: CustodyUser, publicKey: string) {
      const key = `${custodyUser.sub_organization_id}/${custodyUser.custody_user_id}`;
      apiKeys.set(key, [...(apiKeys.get(key) ?? []), { apiKeyId: randomUUID(), publicKey }]);
    },
    remove(custodyUser: CustodyUser, publicKey: string) {
      const key = `${custodyUser.sub_organization_id}/${custodyUser.custody_user_id}`;
      apiKeys.set(key, (apiKeys.get(key) ?? []).filter((entry) => entry.publicKey !== publicKey));
    },
    publicKeys: (custodyUser: CustodyUser) => (apiKeys.get(`${custodyUser.sub_organization_id}/${custodyUser.custody_user_id}`) ?? []).map((key) => key.publicKey),
  };
}

/** A user with `sessions` live sessions and a custody user for their wallet. */
async function user(sessions: number) {
  const userId = randomUUID();
  await db.query('INSERT INTO users (id, environment_id, first_visit, last_visit) VALUES ($1, $2, $3, $3)', [userId, ENV, now.toISOString()]);
  const rows: SessionRow[] = [];
  for (let i = 0; i < sessions; i++) rows.push(await insertSession(db, { environmentId: ENV, now: () => now, sweepOneIn: 2 ** 40 }, { userId, now, expiresAt: new Date(now.getTime() + 3_600_000) }));
  const custodyUser: CustodyUser = { sub_organization_id: randomUUID(), custody_user_id: randomUUID() };
  return { userId, sessions: rows, custodyUser };
}

const recordsOf = async (userId: string) => (await db.query<{ session_id: string }>('SELECT session_id FROM session_custody_keys WHERE user_id = $1', [userId])).map((row) => row.session_id);

describe('ending a session when custody fails or races', () => {
  it("error: custody unreachable — the revoke still ends the session; the key's record stays, and the user's next sign-out deletes the key", async () => {
    const custody = fakeCustody();
    const { userId, sessions, custodyUser } = await user(2);
    const [first, second] = sessions as [SessionRow, SessionRow];
    await recordSessionKey(custody.ctx, db, { userId, sessionId: first.id, custodyUser, publicKey: '02aa', seconds: 1800 });
    custody.add(custodyUser, '02aa');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      custody.state.unreachable = true;
      await endSession(custody.ctx, { userId, session: first });
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
    expect((await findSession(db, ENV, first.id))?.revoked_at).not.toBeNull();
    expect(custody.publicKeys(custodyUser)).toEqual(['02aa']);
    expect(await recordsOf(userId)).toEqual([first.id]);

    custody.state.unreachable = false;
    await endSession(custody.ctx, { userId, session: second });
    expect(custody.publicKeys(custodyUser)).toEqual([]);
    expect(await recordsOf(userId)).toEqual([]);
  });

  it('behavior: a key created after the ending looked for it is deleted by its registration, which answers 401', async () => {
    const custody = fakeCustody();
    const { userId, sessions, custodyUser } = await user(2);
    const [ending, live] = sessions as [SessionRow, SessionRow];
    await recordSessionKey(custody.ctx, db, { userId, sessionId: ending.id, custodyUser, publicKey: '02bb', seconds: 1800 });
    await endSession(custody.ctx, { userId, session: ending });
    custody.add(custodyUser, '02bb');
    await expect(assertSessionStillLive(custody.ctx, ending.id, custodyUser, { publicKey: '02BB' })).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(custody.publicKeys(custodyUser)).toEqual([]);

    custody.add(custodyUser, '02cc');
    await expect(assertSessionStillLive(custody.ctx, live.id, custodyUser, { publicKey: '02cc' })).resolves.toBeUndefined();
    expect(custody.publicKeys(custodyUser)).toEqual(['02cc']);
  });

  it('behavior: a key someone else deleted meanwhile (the kit, with the key itself) is read again, not a failure', async () => {
    const custody = fakeCustody();
    const { userId, sessions, custodyUser } = await user(1);
    const [session] = sessions as [SessionRow];
    for (const publicKey of ['02dd', '02ee']) {
      await recordSessionKey(custody.ctx, db, { userId, sessionId: session.id, custodyUser, publicKey, seconds: 1800 });
      custody.add(custodyUser, publicKey);
    }
    let raced = 0;
    // The kit's own delete_api_keys of one of the keys lands between the listing and this deletion (custody: 5).
    custody.state.beforeDelete = () => {
      if (raced++ === 0) custody.remove(custodyUser, '02dd');
    };
    await expect(deleteSessionKeys(custody.ctx, userId, { session: session.id })).resolves.toEqual([custodyUser]);
    expect(raced).toBe(2);
    expect(custody.publicKeys(custodyUser)).toEqual([]);
  });

  it("behavior: records of ended sessions go once custody no longer has their keys; a live session's record stays before its key exists", async () => {
    const custody = fakeCustody();
    const { userId, sessions, custodyUser } = await user(2);
    const [ended, live] = sessions as [SessionRow, SessionRow];
    await recordSessionKey(custody.ctx, db, { userId, sessionId: ended.id, custodyUser, publicKey: '02ff', seconds: 1800 });
    await recordSessionKey(custody.ctx, db, { userId, sessionId: live.id, custodyUser, publicKey: '0211', seconds: 1800 });
    await revokeSession(db, ended.id, now);
    await deleteSessionKeys(custody.ctx, userId, 'ended');
    expect(await recordsOf(userId)).toEqual([live.id]);
  });
});
