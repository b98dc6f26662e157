import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/database.js';
import { openDatabase } from '../../db/openDatabase.js';
import { backupsOf, mpcWalletsOf } from '../mpc/mpcWalletRepository.js';
import { insertCredential, insertUser, loadUser, signInCredentialOwner } from './userRepository.js';

/** The repository's hot paths run on every sign-in and every authenticated request: what they do, and in how many statements. */
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory' });
});
afterAll(() => db.close());

const ENV = 'repo-test';

/** `db` that counts the statements sent through it. */
function counting(): Queryable & { statements: number } {
  const counter = {
    statements: 0,
    query: <Row extends object>(sql: string, params?: readonly unknown[]) => {
      counter.statements += 1;
      return db.query<Row>(sql, params);
    },
    exec: (sql: string) => {
      counter.statements += 1;
      return db.exec(sql);
    },
  };
  return counter;
}

describe('signInCredentialOwner', () => {
  it('default: a new credential creates its user with the profile, the sign-in recorded, in one statement (behind the identity lock)', async () => {
    const q = counting();
    const now = new Date('2026-01-02T03:04:05.000Z');
    const { credential, newUser } = await signInCredentialOwner(q, { environmentId: ENV, format: 'email', now }, { identifier: 'new@example.com', profile: { email: 'new@example.com' } });
    expect(q.statements).toBe(2);
    expect(newUser).toBe(true);
    expect(credential).toMatchObject({ format: 'email', identifier: 'new@example.com', created_at: now, last_selected_at: now });
    const record = await loadUser(db, ENV, credential.user_id);
    expect(record?.row).toMatchObject({ profile: { email: 'new@example.com' }, metadata: {}, first_visit: now, last_visit: now, last_verified_credential_id: credential.id });
    expect(record?.credentials.map((row) => row.id)).toEqual([credential.id]);
  });

  it('behavior: a known credential signs its owner in again (nothing created, last visit and selection move), in one statement (behind the identity lock)', async () => {
    const first = await signInCredentialOwner(db, { environmentId: ENV, format: 'email', now: new Date('2026-01-01T00:00:00.000Z') }, { identifier: 'again@example.com', profile: {} });
    const later = new Date('2026-02-01T00:00:00.000Z');
    const q = counting();
    const again = await signInCredentialOwner(q, { environmentId: ENV, format: 'email', now: later }, { identifier: 'again@example.com', profile: { email: 'ignored@example.com' } });
    expect(q.statements).toBe(2);
    expect(again.newUser).toBe(false);
    expect(again.credential.id).toBe(first.credential.id);
    expect(again.credential.user_id).toBe(first.credential.user_id);
    const record = await loadUser(db, ENV, first.credential.user_id);
    expect(record?.row).toMatchObject({ profile: {}, last_visit: later, last_verified_credential_id: first.credential.id });
    expect(record?.credentials[0]?.last_selected_at).toEqual(later);
    const users = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM verified_credentials WHERE environment_id = $1 AND identifier = $2', [ENV, 'again@example.com']);
    expect(users[0]?.count).toBe(1);
  });

  it('behavior: the same identifier in another environment or format is another user', async () => {
    const now = new Date();
    const a = await signInCredentialOwner(db, { environmentId: ENV, format: 'email', now }, { identifier: 'shared', profile: {} });
    const b = await signInCredentialOwner(db, { environmentId: `${ENV}-other`, format: 'email', now }, { identifier: 'shared', profile: {} });
    const c = await signInCredentialOwner(db, { environmentId: ENV, format: 'phoneNumber', now }, { identifier: 'shared', profile: {} });
    expect(new Set([a.credential.user_id, b.credential.user_id, c.credential.user_id]).size).toBe(3);
    expect([a.newUser, b.newUser, c.newUser]).toEqual([true, true, true]);
  });

  it('behavior: an identity given as SQL (its lock the caller\'s) signs in whoever it yields, in one statement, and nobody (nothing written) when it yields no row', async () => {
    const now = new Date('2026-01-03T00:00:00.000Z');
    const from = (identifier: string | null) => (param: (value: unknown) => string) =>
      `SELECT identifier, jsonb_build_object('email', identifier) AS profile FROM (SELECT ${param(identifier)}::text AS identifier) i WHERE identifier IS NOT NULL`;
    const q = counting();
    const signedIn = await signInCredentialOwner(q, { environmentId: ENV, format: 'email', now }, { from: from('sql@example.com') });
    expect(q.statements).toBe(1);
    expect(signedIn?.newUser).toBe(true);
    expect((await loadUser(db, ENV, signedIn!.credential.user_id))?.row.profile).toEqual({ email: 'sql@example.com' });
    const count = async () => (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users WHERE environment_id = $1', [ENV]))[0]?.count;
    const before = await count();
    expect(await signInCredentialOwner(db, { environmentId: ENV, format: 'email', now }, { from: from(null) })).toBeUndefined();
    expect(await count()).toBe(before);
  });
});

describe('loadUser', () => {
  it('default: the user and their credentials, oldest first, in one statement (MPC wallets and backups included)', async () => {
    const now = new Date('2026-03-01T00:00:00.000Z');
    const user = await insertUser(db, ENV, { username: 'two-credentials' }, now);
    const second = await insertCredential(db, { userId: user.id, environmentId: ENV, format: 'phoneNumber', identifier: '+14155550100', now: new Date(now.getTime() + 1000) });
    const first = await insertCredential(db, { userId: user.id, environmentId: ENV, format: 'email', identifier: 'two@example.com', now });
    const q = counting();
    const pending = loadUser(q, ENV, user.id);
    // Issued before the first answer: a sign-in reads its user while its transaction commits, and a statement sent
    // after an await would reach a closed transaction (seen: an MPC wallet's owner signing in again answered 500
    // 'Transaction is closed' when the MPC reads waited for the user's row).
    expect(q.statements).toBe(1);
    const record = await pending;
    expect(q.statements).toBe(1);
    expect(record?.row).toEqual(user);
    expect(record?.credentials).toEqual([
      { ...first, oauth: null, wallet: null, embedded: null, mpc: null },
      { ...second, oauth: null, wallet: null, embedded: null, mpc: null },
    ]);
  });

  it('behavior: an MPC wallet comes with its backups, oldest first, typed as the MPC repository reads them', async () => {
    const now = new Date('2026-03-02T00:00:00.000Z');
    const user = await insertUser(db, ENV, {}, now);
    const credential = await insertCredential(db, { userId: user.id, environmentId: ENV, format: 'blockchain', identifier: 'SOL:mpc-wallet-address', now });
    await db.query(
      `INSERT INTO mpc_wallets (credential_id, environment_id, user_id, chain, address, public_key, threshold_signature_scheme, generation, public_package, client_keygen_ids, server_keygen_ids, created_at, updated_at)
       VALUES ($1, $2, $3, 'SOL', 'mpc-wallet-address', 'pk', 'TWO_OF_THREE', 2, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8)`,
      [credential.id, ENV, user.id, JSON.stringify({ verifying_key: 'vk', shares: { a: 1 } }), JSON.stringify(['c1']), JSON.stringify(['s1', 's2']), now.toISOString(), new Date(now.getTime() + 5).toISOString()],
    );
    for (const [id, offset, location] of [
      ['00000000-0000-4000-8000-00000000000b', 2000, 'googleDrive'],
      ['00000000-0000-4000-8000-00000000000a', 1000, null],
    ] as const) {
      await db.query(
        `INSERT INTO mpc_key_share_backups (id, environment_id, wallet_id, generation, backup_location, secret, password_encrypted, source, created_at)
         VALUES ($1, $2, $3, 2, $4, $5, $6, 'user', $7)`,
        [id, ENV, credential.id, location, location ? null : 'sealed', location === null, new Date(now.getTime() + offset).toISOString()],
      );
    }
    const record = await loadUser(db, ENV, user.id);
    const [wallet] = await mpcWalletsOf(db, ENV, user.id);
    expect(record?.credentials).toHaveLength(1);
    expect(record?.credentials[0]?.mpc).toEqual({ wallet, backups: await backupsOf(db, credential.id, 2) });
    expect(record?.credentials[0]?.mpc?.wallet.updated_at).toEqual(new Date(now.getTime() + 5));
    expect(record?.credentials[0]?.mpc?.backups.map((backup) => backup.id)).toEqual(['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b']);
  });

  it('default: a user without credentials has none; an unknown user (or another environment\'s) is undefined', async () => {
    const user = await insertUser(db, ENV, {}, new Date());
    expect(await loadUser(db, ENV, user.id)).toEqual({ row: user, credentials: [] });
    expect(await loadUser(db, `${ENV}-other`, user.id)).toBeUndefined();
    expect(await loadUser(db, ENV, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
