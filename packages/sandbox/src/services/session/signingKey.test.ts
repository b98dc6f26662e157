import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { openDatabase } from '../../db/openDatabase.js';
import { loadOrCreateSigningKey } from './signingKey.js';

const now = () => new Date('2026-11-28T12:00:00Z');
let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('session signing keys', () => {
  it('default: one key per environment, the same on every load (a restart, a second process)', async () => {
    db = await openDatabase({ dataDir: 'memory' });
    const first = await loadOrCreateSigningKey(db, 'env-a', now);
    const again = await loadOrCreateSigningKey(db, 'env-a', now);
    expect(again.kid).toBe(first.kid);
    // Two processes of one environment starting together agree on one key.
    const [x, y] = await Promise.all([loadOrCreateSigningKey(db, 'env-race', now), loadOrCreateSigningKey(db, 'env-race', now)]);
    expect(x.kid).toBe(y.kid);
  });

  it('error: two environments on one database never share a key (a host that checks the JWKS but not the audience would take one environment\'s token for another\'s)', async () => {
    db = await openDatabase({ dataDir: 'memory' });
    const a = await loadOrCreateSigningKey(db, 'env-a', now);
    const b = await loadOrCreateSigningKey(db, 'env-b', now);
    expect(b.kid).not.toBe(a.kid);
    expect(b.publicJwk.n).not.toBe(a.publicJwk.n);
  });

  it('behavior: a key stored before keys had an environment is taken by the first environment that loads, so its tokens stay good; another environment makes its own', async () => {
    db = await openDatabase({ dataDir: 'memory' });
    const legacy = await loadOrCreateSigningKey(db, 'env-a', now);
    await db.query('UPDATE signing_keys SET environment_id = NULL');
    expect((await loadOrCreateSigningKey(db, 'env-a', now)).kid).toBe(legacy.kid);
    expect((await loadOrCreateSigningKey(db, 'env-b', now)).kid).not.toBe(legacy.kid);
  });
});
