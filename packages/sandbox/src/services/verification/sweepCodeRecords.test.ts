import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { openDatabase } from '../../db/openDatabase.js';
import { SWEEP_BATCH } from '../retention/sweepExpired.js';
import { SWEEP_EVERY, sweepCodeRecords } from './sweepCodeRecords.js';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory' });
});
afterAll(() => db.close());

const HOUR = 3_600_000;
const now = new Date('2026-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

async function addVerification(env: string, table: 'email_verifications' | 'sms_verifications', expiresAt: string, createdAt = expiresAt): Promise<string> {
  const id = randomUUID();
  const [recipientColumn, extra] = table === 'email_verifications' ? ['email', ''] : ['phone_e164, iso_country_code', ", 'US'"];
  await db.query(
    `INSERT INTO ${table} (id, environment_id, ${recipientColumn}, code_hash, status, created_at, expires_at) VALUES ($1, $2, $3${extra}, 'x', 'pending', $4, $5)`,
    [id, env, table === 'email_verifications' ? `${id}@example.com` : '+14155550100', createdAt, expiresAt],
  );
  return id;
}

const addEvent = (env: string, key: string, at: string) => db.query('INSERT INTO rate_limit_events (environment_id, bucket, key, at) VALUES ($1, $2, $3, $4)', [env, 'email:recipient', key, at]);
const count = async (env: string, table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE environment_id = $1`, [env]))[0]!.n;

describe('sweepCodeRecords', () => {
  it('default: verifications a day past their expiry and rate-limit events past every window go; newer ones and other environments stay', async () => {
    const env = 'sweep-default';
    await addVerification(env, 'email_verifications', ago(25 * HOUR));
    const recentEmail = await addVerification(env, 'email_verifications', ago(23 * HOUR));
    // Created long ago, but retried since: its new code's expiry is what counts.
    const retried = await addVerification(env, 'email_verifications', ago(HOUR), ago(30 * HOUR));
    await addVerification(env, 'sms_verifications', ago(25 * HOUR));
    await addVerification(env, 'sms_verifications', ago(HOUR));
    await addEvent(env, 'gone@example.com', ago(25 * HOUR));
    await addEvent(env, 'kept@example.com', ago(23 * HOUR));
    await addVerification('sweep-other', 'email_verifications', ago(25 * HOUR));

    expect(await sweepCodeRecords(db, env, now, SWEEP_EVERY * 3)).toBe(3);
    expect((await db.query<{ id: string }>('SELECT id FROM email_verifications WHERE environment_id = $1', [env])).map((row) => row.id).sort()).toEqual([recentEmail, retried].sort());
    expect(await count(env, 'sms_verifications')).toBe(1);
    expect(await db.query<{ key: string }>('SELECT key FROM rate_limit_events WHERE environment_id = $1', [env])).toEqual([{ key: 'kept@example.com' }]);
    expect(await count('sweep-other', 'email_verifications')).toBe(1);
  });

  it('behavior: it runs once every SWEEP_EVERY codes (the inbox seq), and deletes at most SWEEP_BATCH rows of each kind per run', async () => {
    const env = 'sweep-bounded';
    for (let i = 0; i < SWEEP_BATCH + 10; i++) await addEvent(env, `k${i}`, ago(30 * HOUR));
    expect(await sweepCodeRecords(db, env, now, SWEEP_EVERY + 1)).toBe(0);
    expect(await count(env, 'rate_limit_events')).toBe(SWEEP_BATCH + 10);
    expect(await sweepCodeRecords(db, env, now, SWEEP_EVERY * 2)).toBe(SWEEP_BATCH);
    expect(await sweepCodeRecords(db, env, now, SWEEP_EVERY * 4)).toBe(10);
    expect(await count(env, 'rate_limit_events')).toBe(0);
  });
});
