import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { totpRegistrationSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/openDatabase.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { stepUpMessages } from '../mfa/stepUp.js';
import { totpCode } from '../mfa/totp.js';

/** DELETE /users, checked in the database itself: the sandbox runs on a PGlite folder that the test reopens. */
let t: TestSandbox;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'latchkey-delete-user-'));
  t = await startTestSandbox({ dataDir: dir });
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
const confirm = { confirmation: 'DELETE' };
const remove = (jwt: string, body: unknown) => t.call('DELETE', '/users', body === undefined ? { token: jwt } : { token: jwt, body });

/** Rows that still name the user, per table. */
const USER_TABLES = ['users', 'verified_credentials', 'sessions', 'mfa_devices', 'mfa_recovery_codes', 'embedded_wallets', 'passkeys'] as const;

describe('DELETE /users', () => {
  const deleted: string[] = [];
  const kept: string[] = [];

  it('default: with the typed confirmation the account goes and its session token stops working', async () => {
    const { jwt, user } = await t.signIn(`delete-${++counter}@example.com`);
    const other = await t.signIn(`keep-${++counter}@example.com`);
    expect((await t.call('POST', '/users/embeddedWallets', { token: jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd' } })).status).toBe(200);
    expect((await t.call('PUT', '/users', { token: jwt, body: { username: `gone_${counter}` } })).status).toBe(200);
    const response = await remove(jwt, confirm);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect((await t.call('GET', '/users', { token: jwt })).status).toBe(401);
    expect((await t.call('GET', '/users', { token: other.jwt })).status).toBe(200);
    // The username is free again for someone else.
    expect((await t.call('GET', `/users/check?field=username&value=gone_${counter}`, { token: other.jwt })).body.available).toBe(true);
    deleted.push(user.id);
    kept.push(other.user.id);
  });

  it('error: without the typed confirmation nothing is deleted (400)', async () => {
    const { jwt, user } = await t.signIn(`unconfirmed-${++counter}@example.com`);
    for (const body of [undefined, {}, { confirmation: 'delete' }]) {
      const response = await remove(jwt, body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
    }
    expect((await t.call('GET', '/users', { token: jwt })).status).toBe(200);
    kept.push(user.id);
  });

  it('error: with MFA on, a session without a recent second factor cannot delete (403 mfa_invalid_request); after a step-up it can', async () => {
    const { jwt, user } = await t.signIn(`mfa-delete-${++counter}@example.com`);
    const { id, secret } = totpRegistrationSchema.parse((await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body);
    expect((await t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id, code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
    t.clock.advance(6 * 60_000);
    const refused = await remove(jwt, confirm);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'mfa_invalid_request', message: stepUpMessages.required });
    expect((await t.call('GET', '/users', { token: jwt })).status).toBe(200);
    expect((await t.call('POST', '/users/mfa/auth/totp', { token: jwt, body: { code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
    expect((await remove(jwt, confirm)).status).toBe(200);
    deleted.push(user.id);
  });

  it('behavior: in the database no row names a deleted user; the others are intact', async () => {
    await t.close();
    const db = await openDatabase({ dataDir: dir });
    try {
      for (const table of USER_TABLES) {
        const column = table === 'users' ? 'id' : 'user_id';
        const gone = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = ANY($1::uuid[])`, [deleted]);
        expect(gone[0]!.n, table).toBe(0);
      }
      const alive = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE id = ANY($1::uuid[])', [kept]);
      expect(alive[0]!.n).toBe(kept.length);
      const credentials = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM verified_credentials WHERE user_id = ANY($1::uuid[])', [kept]);
      expect(credentials[0]!.n).toBeGreaterThanOrEqual(kept.length);
      // The custody wallet behind the deleted embedded wallet is gone too.
      const custody = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM custody_wallets WHERE organization_id IN (SELECT id FROM custody_organizations WHERE parent_id IS NOT NULL)");
      expect(custody[0]!.n).toBe(0);
    } finally {
      await db.close();
    }
  });
});
