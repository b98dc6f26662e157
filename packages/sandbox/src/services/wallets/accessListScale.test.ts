import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxContext } from '../../context.js';
import type { Database, Queryable } from '../../db/database.js';
import { openDatabase } from '../../db/openDatabase.js';
import type { UserRecord } from '../users/userRepository.js';
import { accessGateParts, assertAccessAllowed, loadAccessGate } from './accessList.js';

/**
 * An access list can be long (a token-gated launch allows tens of thousands of addresses), and it is consulted on every
 * sign-in and every request made with a session: a check reads the entries that name the identities at hand, never
 * the whole list.
 */
let db: Database;
const ENV = 'access-scale';
const LISTED = 2_000;
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory' });
  await db.query(
    `INSERT INTO access_list_entries (environment_id, address, action, created_at)
     SELECT $1, 'member-' || i || '@example.com', 'allow', now() FROM generate_series(1, $2::int) i`,
    [ENV, LISTED],
  );
  await db.query(`INSERT INTO access_list_entries (environment_id, address, action, created_at) VALUES ($1, '@blocked.example', 'block', now())`, [ENV]);
});
afterAll(() => db.close());

/** Rows a plan's scans of the access list produced or filtered out, in all (an EXPLAIN ANALYZE, JSON). */
function scannedRows(plan: unknown): number {
  const document = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: Record<string, unknown> }];
  const scanned = (node: Record<string, unknown>): number =>
    (node['Relation Name'] === 'access_list_entries' ? Number(node['Actual Rows'] ?? 0) * Number(node['Actual Loops'] ?? 1) + Number(node['Rows Removed by Filter'] ?? 0) : 0) +
    ((node['Plans'] as Record<string, unknown>[] | undefined) ?? []).reduce((sum, child) => sum + scanned(child), 0);
  return scanned(document[0].Plan);
}

/** The database, counting the statements sent, the rows they answered and the access-list rows their plans scanned. */
function recording(): Queryable & { statements: number; rows: number; scanned: number } {
  const recorder = {
    statements: 0,
    rows: 0,
    scanned: 0,
    async query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]> {
      recorder.statements += 1;
      const [explained] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      recorder.scanned += scannedRows(explained!['QUERY PLAN']);
      const rows = await db.query<Row>(sql, params);
      recorder.rows += rows.length;
      return rows;
    },
    exec: (sql: string) => db.exec(sql),
  };
  return recorder;
}

const contextOf = (environmentId: string) => ({ db, environmentId, now: () => new Date() }) as unknown as SandboxContext;

/** A user record with e-mail credentials: what the user gate reads of it. */
const userWith = (...emails: string[]) =>
  ({ credentials: emails.map((identifier) => ({ identifier, format: 'email' })) }) as unknown as UserRecord;

const codeOf = (work: () => Promise<unknown>) => work().then(() => 'passed', (error: { code?: string }) => error.code ?? String(error));

describe(`an access list of ${LISTED} entries`, () => {
  it('behavior: a way in is judged on the entries naming it (and whether the list allows anyone), reading at most a row per entry found', async () => {
    const q = recording();
    const ctx = contextOf(ENV);
    expect(await codeOf(() => assertAccessAllowed(ctx, q, ['Member-7@example.com']))).toBe('passed');
    expect(await codeOf(() => assertAccessAllowed(ctx, q, ['stranger@example.com']))).toBe('address_not_approved');
    expect(await codeOf(() => assertAccessAllowed(ctx, q, ['ada@blocked.example']))).toBe('address_blocked_by_gate');
    expect(q.statements).toBe(3);
    expect(q.rows).toBe(3);
    // Per check: an allow entry found (the list allows someone), a block entry found, the identity's own entries.
    expect(q.scanned).toBeLessThanOrEqual(3 * 3);
  });

  it('behavior: a session user is judged on their own identities: GET /users does not read the list', async () => {
    const q = recording();
    const gate = await loadAccessGate(contextOf(ENV), q);
    expect(await codeOf(() => gate.assertUser(q, randomUUID(), userWith('member-12@example.com', 'other@example.org')))).toBe('passed');
    expect(await codeOf(() => gate.assertUser(q, randomUUID(), userWith('stranger@example.com')))).toBe('user_without_access');
    expect(await codeOf(() => gate.assertUser(q, randomUUID(), userWith('member-3@example.com', 'x@blocked.example')))).toBe('user_without_access');
    expect(await codeOf(() => gate.allow(q, ['member-99@example.com']))).toBe('passed');
    expect(await codeOf(() => gate.allow(q, ['someone@blocked.example'], 'email'))).toBe('address_blocked_by_gate');
    expect(q.rows).toBe(1 + 5);
    expect(q.scanned).toBeLessThanOrEqual(6 * 4);
  });

  it('default: with no list at all, the gate is one statement and every check passes without another', async () => {
    const q = recording();
    const gate = await loadAccessGate(contextOf('access-scale-empty'), q);
    await gate.assertUser(q, randomUUID(), userWith('anyone@example.com'));
    await gate.allow(q, ['anyone@example.com']);
    expect(q.statements).toBe(1);
  });

  it("behavior: the code-send gate (a CTE of the send's statement) reads the identity's entries, not the list", async () => {
    const verdict = async (email: string) => {
      const params: unknown[] = [];
      const gate = accessGateParts([email], (value) => `$${params.push(value)}`, ENV);
      const [plan] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) WITH ${gate.cte} SELECT ${gate.columns}`, params);
      const [row] = await db.query<{ gate_blocked: boolean; gate_not_approved: boolean }>(`WITH ${gate.cte} SELECT ${gate.columns}`, params);
      return { refusal: gate.refusal(row!)?.code ?? 'passed', scanned: scannedRows(plan!['QUERY PLAN']) };
    };
    for (const [email, expected] of [
      ['member-5@example.com', 'passed'],
      ['stranger@example.com', 'address_not_approved'],
      ['eve@blocked.example', 'address_blocked_by_gate'],
    ] as const) {
      const { refusal, scanned } = await verdict(email);
      expect(refusal, email).toBe(expected);
      expect(scanned, email).toBeLessThanOrEqual(3);
    }
  });
});
