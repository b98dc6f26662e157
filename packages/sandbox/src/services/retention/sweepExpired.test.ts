import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCaptchaToken } from '../../captcha/captchaTokens.js';
import type { SandboxContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { openDatabase } from '../../db/openDatabase.js';
import { storeChallenge } from '../passkeys/passkeys.js';
import { createRoom } from '../mpc/mpcRoomRepository.js';
import { ANONYMOUS_STATE_LIMIT } from '../rateLimits/rateLimits.js';
import { insertSession } from '../session/sessionRepository.js';
import { createWalletNonce } from '../wallets/walletSignature.js';
import { EXPIRED_RETENTION_MS, SWEEP_BATCH, EXPIRING_TABLES, sweepExpired, type ExpiringTable } from './sweepExpired.js';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory' });
});
afterAll(() => db.close());

const MINUTE = 60_000;
const now = new Date('2026-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

async function addUser(env: string): Promise<string> {
  const id = randomUUID();
  await db.query('INSERT INTO users (id, environment_id, first_visit, last_visit) VALUES ($1, $2, $3, $3)', [id, env, now.toISOString()]);
  return id;
}

/** One row of `table` in `env` expiring at `expiresAt`, with what else its table requires. */
async function addRow(table: ExpiringTable, env: string, expiresAt: string, userId: string): Promise<void> {
  const key = randomUUID();
  const common = [key, env, ago(2 * EXPIRED_RETENTION_MS), expiresAt];
  const sql: Record<ExpiringTable, [string, unknown[]]> = {
    wallet_nonces: ['INSERT INTO wallet_nonces (nonce, environment_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', common],
    oauth_states: [
      `INSERT INTO oauth_states (state, environment_id, created_at, expires_at, provider, code_challenge, redirect_uri, status) VALUES ($1, $2, $3, $4, 'google', 'c', 'http://127.0.0.1/cb', 'pending')`,
      common,
    ],
    telegram_states: [`INSERT INTO telegram_states (state, environment_id, created_at, expires_at, status) VALUES ($1, $2, $3, $4, 'used')`, common],
    passkey_challenges: [`INSERT INTO passkey_challenges (challenge, environment_id, created_at, expires_at, purpose) VALUES ($1, $2, $3, $4, 'signin')`, common],
    session_key_challenges: [
      `INSERT INTO session_key_challenges (nonce, environment_id, created_at, expires_at, user_id, session_id, public_key, body) VALUES ($1, $2, $3, $4, $5, $6, 'k', '{}')`,
      [...common, userId, randomUUID()],
    ],
    mfa_challenges: [`INSERT INTO mfa_challenges (token_hash, environment_id, created_at, expires_at, user_id, status) VALUES ($1, $2, $3, $4, $5, 'pending')`, [...common, userId]],
    captcha_tokens: [`INSERT INTO captcha_tokens (token_hash, environment_id, created_at, expires_at, site_key) VALUES ($1, $2, $3, $4, 'site')`, common],
    sessions: ['INSERT INTO sessions (id, environment_id, created_at, expires_at, user_id) VALUES ($1, $2, $3, $4, $5)', [...common, userId]],
    session_custody_keys: [
      `INSERT INTO session_custody_keys (id, environment_id, created_at, expires_at, user_id, session_id, sub_organization_id, custody_user_id, public_key) VALUES ($1, $2, $3, $4, $5, $6, $6, $6, 'k')`,
      [...common, userId, randomUUID()],
    ],
    // A ceremony room: a finished one (its expiry two minutes after it opened, as every room's).
    mpc_rooms: [`INSERT INTO mpc_rooms (id, environment_id, created_at, expires_at, user_id, kind, step, status, params) VALUES ($1, $2, $3, $4, $5, 'sign', 2, 'done', '{}')`, [...common, userId]],
  };
  const [statement, params] = sql[table];
  await db.query(statement, params);
}

const count = async (table: string, env: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE environment_id = $1`, [env]))[0]!.n;

/** What the creators read of a sandbox's context: the database, environment and clock, and how often they sweep. */
const contextOf = (env: string, sweepOneIn: number) => ({ db, environmentId: env, now: () => now, sweepOneIn }) as unknown as SandboxContext;

describe('sweepExpired', () => {
  it.each(EXPIRING_TABLES)('default: %s rows an hour past their expiry go; later ones and other environments stay', async (table) => {
    const env = `sweep-${table}`;
    const userId = await addUser(env);
    const otherUser = await addUser('sweep-other');
    await addRow(table, env, ago(EXPIRED_RETENTION_MS + MINUTE), userId);
    await addRow(table, env, ago(EXPIRED_RETENTION_MS - MINUTE), userId);
    await addRow(table, env, new Date(now.getTime() + MINUTE).toISOString(), userId);
    await addRow(table, 'sweep-other', ago(EXPIRED_RETENTION_MS + MINUTE), otherUser);

    expect(await sweepExpired(db, table, env, now)).toBe(1);
    expect(await count(table, env)).toBe(2);
    expect(await count(table, 'sweep-other')).toBe(1);
    expect(await sweepExpired(db, table, env, now)).toBe(0);
  });

  it('behavior: one sweep deletes at most SWEEP_BATCH rows', async () => {
    const env = 'sweep-bounded';
    const userId = await addUser(env);
    for (let i = 0; i < SWEEP_BATCH + 10; i++) await addRow('wallet_nonces', env, ago(2 * EXPIRED_RETENTION_MS), userId);
    expect(await sweepExpired(db, 'wallet_nonces', env, now)).toBe(SWEEP_BATCH);
    expect(await sweepExpired(db, 'wallet_nonces', env, now)).toBe(10);
    expect(await count('wallet_nonces', env)).toBe(0);
  });
});

describe('what creates one-time state sweeps its table', () => {
  // The old row of each: expired two retention periods ago, never used (what an anonymous client leaves behind).
  const creators: [ExpiringTable, (ctx: SandboxContext, userId: string) => Promise<unknown>][] = [
    ['wallet_nonces', (ctx) => createWalletNonce(ctx)],
    ['passkey_challenges', (ctx) => storeChallenge(ctx, randomUUID(), 'signin', null)],
    ['captcha_tokens', (ctx) => issueCaptchaToken(db, ctx, 'site')],
    // A sign-in's session (a row per sign-in, never deleted before).
    ['sessions', (ctx, userId) => insertSession(db, ctx, { userId, now, expiresAt: new Date(now.getTime() + 3_600_000) })],
    // An MPC ceremony room (a row per signature, never deleted before).
    ['mpc_rooms', (ctx, userId) => createRoom(ctx, db, { userId, kind: 'keygen', params: {} })],
  ];

  it.each(creators)('behavior: %s: a creation that rolls the sweep deletes the expired rows; one that does not leaves them', async (table, create) => {
    const env = `creates-${table}`;
    const userId = await addUser(env);
    await addRow(table, env, ago(2 * EXPIRED_RETENTION_MS), userId);
    await addRow(table, env, ago(2 * EXPIRED_RETENTION_MS), userId);

    // One time in 2^40: never, in practice.
    await create(contextOf(env, 2 ** 40), userId);
    expect(await count(table, env)).toBe(3);
    // One time in one: always.
    await create(contextOf(env, 1), userId);
    expect(await count(table, env)).toBe(2);
    expect(await db.query(`SELECT 1 FROM ${table} WHERE environment_id = $1 AND expires_at <= $2`, [env, now.toISOString()])).toEqual([]);
  });
});

describe('anonymous one-time state past its limit', () => {
  it('behavior: the creation refused with 429 stores nothing (its insert and its count roll back together)', async () => {
    const env = 'anonymous-refused';
    // A client address (so the per-client limit applies), the secret its keyed hash is made with, and settings that
    // name no limit (the default applies).
    const settings = { get: async () => ({ security: {} }) };
    const ctx = { ...contextOf(env, 2 ** 40), clientAddress: '203.0.113.9', mpc: { masterKey: Buffer.alloc(32, 7) }, settings } as unknown as SandboxContext;
    for (let i = 0; i < ANONYMOUS_STATE_LIMIT.limit; i++) await createWalletNonce(ctx);
    expect(await count('wallet_nonces', env)).toBe(ANONYMOUS_STATE_LIMIT.limit);
    await expect(createWalletNonce(ctx)).rejects.toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(await count('wallet_nonces', env)).toBe(ANONYMOUS_STATE_LIMIT.limit);
    expect(await count('rate_limit_events', env)).toBe(ANONYMOUS_STATE_LIMIT.limit);
  });
});
