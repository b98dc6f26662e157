import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/openDatabase.js';
import type { Database } from '../../db/database.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

/**
 * SPEC §3 `privacy.collectIp`: the client's IP address is stored (on the session a sign-in opens, on analytics
 * events) only while the project collects it. Proven on the database itself: the sandbox runs on a PGlite folder,
 * signs in and posts events once with the setting off and once on, closes, and every row of every table is read.
 */
let dir: string;
let t: TestSandbox;
let db: Database | undefined;
/** The test client's address as the sandbox sees it (it listens on 127.0.0.1). */
const CLIENT_IP = '127.0.0.1';
/** The address as a value of its own (not inside a URL such as `http://127.0.0.1:4011`, which settings carry). */
const standaloneIp = /(?<![\w.:/])127\.0\.0\.1(?![\w.:])/;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'latchkey-collect-ip-'));
  t = await startTestSandbox({ dataDir: dir });
}, 60_000);
afterAll(async () => {
  await db?.close();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const postEvent = (anonymousId: string) => t.call('POST', '/events', { body: { events: [{ anonymousId, event: 'signInStarted', properties: { method: 'email' }, type: 'track' }] } });

describe('privacy.collectIp (the sandbox stores the client IP only when the project collects it)', () => {
  it('behavior: off → no IP anywhere in the database (sessions, events, rate limits, every table); on → on the new session and the events', async () => {
    // Off (the seed): a sign-in (its code request counts against the per-client send limit), a refresh, an event.
    expect((await t.call('GET', '/settings')).body.privacy).toEqual({ collectIp: false });
    const off = await t.signIn('ip-off@example.com');
    expect((await t.call('POST', '/refresh', { token: off.jwt })).status).toBe(200);
    expect((await postEvent('anon-ip-off')).status).toBe(200);

    expect((await t.call('PUT', '/sandbox/admin/settings', { body: { privacy: { collectIp: true } } })).status).toBe(200);
    const on = await t.signIn('ip-on@example.com');
    expect((await postEvent('anon-ip-on')).status).toBe(200);

    await t.close();
    db = await openDatabase({ dataDir: dir });
    const sessions = await db.query<{ user_id: string; ip_address: string | null }>('SELECT user_id, ip_address FROM sessions');
    expect(sessions.filter((row) => row.user_id === off.user.id).map((row) => row.ip_address)).toEqual([null]);
    expect(sessions.filter((row) => row.user_id === on.user.id).map((row) => row.ip_address)).toEqual([CLIENT_IP]);
    const events = await db.query<{ anonymous_id: string; ip_address: string | null }>('SELECT anonymous_id, ip_address FROM analytics_events ORDER BY seq');
    expect(events).toEqual([
      { anonymous_id: 'anon-ip-off', ip_address: null },
      { anonymous_id: 'anon-ip-on', ip_address: CLIENT_IP },
    ]);

    // Every row of every table, as text: the address stands alone only in what was stored while collecting.
    const tables = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'");
    expect(tables.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { table_name: table } of tables) {
      const rows = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table}" t`);
      for (const { row } of rows) if (standaloneIp.test(row)) found.push(`${table}: ${row}`);
    }
    expect(found.map((hit) => hit.slice(0, hit.indexOf(':'))).sort()).toEqual(['analytics_events', 'sessions']);
    expect(found.find((hit) => hit.startsWith('sessions'))).toContain(on.user.id);
    expect(found.find((hit) => hit.startsWith('analytics_events'))).toContain('anon-ip-on');
  });
});
