import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxContext } from '../../context.js';
import type { Database, Queryable } from '../../db/database.js';
import { openDatabase } from '../../db/openDatabase.js';
import { ApiError } from '../../errors/ApiError.js';
import { consumeRateLimits, MAX_WINDOW_SECONDS, type RateLimitRule } from './rateLimits.js';

/**
 * Every code sent counts its events under rate limits (`rate_limit_events`, one row per send and rule), so the table
 * holds a row per recent send of every address. A send reads and prunes its own keys' rows, never the table: even
 * with a plan made once, while the table was empty, and kept (PostgreSQL's generic plans, which the sandbox asks for,
 * are planned once per connection and reused while the connection lives).
 */
let db: Database;
const ENV = 'rate-scale';
const OTHERS = 5_000;
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory' });
});
afterAll(() => db.close());

const refuse = () => new ApiError(429, 'too_many_requests', 'Rate limit reached');
const rules: RateLimitRule[] = [
  { bucket: 'email:recipient', key: 'ada@example.com', window: { limit: 5, windowSeconds: 600 }, refuse },
  { bucket: 'email:client', key: 'client-1', window: { limit: 500, windowSeconds: 60 }, refuse },
];

/** A parameter as an SQL literal, for EXECUTE (whose arguments cannot be bound): arrays in PostgreSQL's text form. */
function literal(value: unknown): string {
  const text = Array.isArray(value) ? `{${value.map((item) => JSON.stringify(String(item))).join(',')}}` : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

interface PlanNode {
  'Relation Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** Blocks the plan's scans of `relation` read (each scan node's own: a scan has no child reading the same relation). */
function blocksRead(node: PlanNode, relation: string): number {
  const own = node['Relation Name'] === relation && !node.Plans?.length ? (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + blocksRead(child, relation), 0);
}

describe(`rate limits beside ${OTHERS} other addresses' events`, () => {
  it('behavior: counting a send reads its own keys, with a plan made while the table was empty', async () => {
    const ctx = { db, environmentId: ENV, now: () => new Date() } as unknown as SandboxContext;
    await db.exec('SET plan_cache_mode = force_generic_plan');
    // The counting statement, prepared (and planned: generic plans are made at the first run) on the empty table.
    let prepared: readonly unknown[] | undefined;
    const preparing: Queryable = {
      async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
        if (!sql.startsWith('WITH')) return db.query<Row>(sql, params);
        prepared = params;
        await db.exec(`PREPARE rate_scale_count AS ${sql}`);
        return db.query<Row>(`EXECUTE rate_scale_count(${params.map(literal).join(', ')})`);
      },
      exec: (sql) => db.exec(sql),
    };
    await consumeRateLimits(ctx, preparing, rules);
    expect(prepared).toBeDefined();
    await db.query(
      `INSERT INTO rate_limit_events (environment_id, bucket, key, at)
       SELECT $1, 'email:recipient', 'member-' || i || '@example.com', now() - interval '1 minute' FROM generate_series(1, $2::int) i`,
      [ENV, OTHERS],
    );
    // And one of the rule's own key, older than any window counts: this send deletes it.
    const forgotten = new Date(Date.now() - (MAX_WINDOW_SECONDS + 60) * 1000).toISOString();
    await db.query(`INSERT INTO rate_limit_events (environment_id, bucket, key, at) VALUES ($1, 'email:recipient', 'ada@example.com', $2)`, [ENV, forgotten]);
    const [explained] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE rate_scale_count(${prepared!.map(literal).join(', ')})`);
    const plan = explained!['QUERY PLAN'];
    const [{ Plan: top }] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
    // Each rule's index range and its few events: a few blocks each. The other addresses' events fill ~90.
    expect(blocksRead(top, 'rate_limit_events')).toBeLessThanOrEqual(20);
    await db.exec('DEALLOCATE rate_scale_count');
    const own = await db.query<{ at: Date }>(`SELECT at FROM rate_limit_events WHERE environment_id = $1 AND key = 'ada@example.com' ORDER BY at`, [ENV]);
    expect(own.map((row) => row.at.getTime() > Date.parse(forgotten))).toEqual([true, true]);
  });
});
