import { randomUUID } from 'node:crypto';
import type { SessionInfo } from '@latchkey/protocol';
import type { Queryable } from '../../db/database.js';
import { sometimesSweepExpired, type SweepPlace } from '../retention/sweepExpired.js';

export interface SessionRow {
  id: string;
  user_id: string;
  environment_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

const COLUMNS = 'id, user_id, environment_id, created_at, expires_at, revoked_at';

/**
 * A new session in `place`'s environment; `ipAddress` is the client's, given only while the project collects it
 * (`collectedClientAddress`). Beside it, one time in `place.sweepOneIn`, sessions an hour past their expiry are swept.
 */
export async function insertSession(q: Queryable, place: SweepPlace, values: { userId: string; now: Date; expiresAt: Date; ipAddress?: string | undefined }): Promise<SessionRow> {
  const [rows] = await Promise.all([
    q.query<SessionRow>(`INSERT INTO sessions (id, user_id, environment_id, created_at, expires_at, ip_address) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`, [
      randomUUID(),
      values.userId,
      place.environmentId,
      values.now.toISOString(),
      values.expiresAt.toISOString(),
      values.ipAddress ?? null,
    ]),
    sometimesSweepExpired(q, 'sessions', place),
  ]);
  const row = rows[0];
  if (!row) throw new Error('INSERT INTO sessions returned no row.');
  return row;
}

export async function findSession(q: Queryable, environmentId: string, sessionId: string): Promise<SessionRow | undefined> {
  const rows = await q.query<SessionRow>(`SELECT ${COLUMNS} FROM sessions WHERE environment_id = $1 AND id = $2`, [environmentId, sessionId]);
  return rows[0];
}

/**
 * Pushes a live session's expiry to `expiresAt`; undefined when it is no longer live at `now` (revoked, run out or
 * gone, say since the request was authenticated: on PostgreSQL a sign-out can commit in between, and an unguarded
 * UPDATE brought the revoked session back).
 */
export async function extendSession(q: Queryable, sessionId: string, expiresAt: Date, now: Date): Promise<SessionRow | undefined> {
  const rows = await q.query<SessionRow>(`UPDATE sessions SET expires_at = $2 WHERE id = $1 AND revoked_at IS NULL AND expires_at > $3 RETURNING ${COLUMNS}`, [
    sessionId,
    expiresAt.toISOString(),
    now.toISOString(),
  ]);
  return rows[0];
}

export async function revokeSession(q: Queryable, sessionId: string, now: Date): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, now.toISOString()]);
}

/** Ends every live session of a user (not the expired ones: they stay as they ended). */
export async function revokeUserSessions(q: Queryable, environmentId: string, userId: string, now: Date): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = $3 WHERE environment_id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3', [
    environmentId,
    userId,
    now.toISOString(),
  ]);
}

export function toSessionInfo(row: SessionRow): SessionInfo {
  return {
    id: row.id,
    userId: row.user_id,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
  };
}
