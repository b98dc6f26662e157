import { randomUUID } from 'node:crypto';
import { MPC_ROOM_TTL_MS, type MpcSocketMethod } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Database, Queryable } from '../../db/database.js';
import { ApiError, messages } from '../../errors/ApiError.js';
import { sometimesSweepExpired } from '../retention/sweepExpired.js';
import { MpcRpcError } from './MpcRpcError.js';
import { sealJson, unsealJson } from './mpcSecrets.js';
import { lockUsers } from '../users/userLocks.js';

/**
 * Ceremony rooms: one per ceremony, in the database only. A room knows its kind, the methods it
 * takes in order, which of them comes next (`step`), its public transcript and its secret state
 * (sealed). A message is refused unless it is the next one of an open, unexpired room of the caller;
 * moving a room on is one conditional UPDATE, so a replay (or a second instance racing the first)
 * finds the step already taken.
 */

export type RoomKind = 'keygen' | 'sign' | 'reshare' | 'refresh' | 'export';

/** The methods of each kind of ceremony, in order. */
export const ROOM_STEPS: Readonly<Record<RoomKind, readonly MpcSocketMethod[]>> = {
  keygen: ['keygen.round1', 'keygen.round2', 'keygen.round3'],
  sign: ['sign.commit', 'sign.share'],
  reshare: ['reshare.round1', 'reshare.round2', 'reshare.round3'],
  refresh: ['reshare.round1', 'reshare.round2', 'reshare.round3'],
  export: ['export.share'],
};

export interface RoomRow<P = unknown, S = unknown> {
  id: string;
  user_id: string;
  wallet_id: string | null;
  kind: RoomKind;
  step: number;
  status: 'open' | 'done' | 'failed';
  params: P;
  public_state: S | null;
  sealed_state: string | null;
  failure: { reason: string; message: string; culprit?: string } | null;
  created_at: Date;
  expires_at: Date;
}

const stateLabel = (roomId: string) => `mpc-room:${roomId}`;

/**
 * How many rooms one user may have open (not finished, not expired) at once: a room costs a row and, for a sign
 * room, the message (up to 32 KiB) until it is swept, so a session alone must not open them without end. Rooms
 * close within `MPC_ROOM_TTL_MS`; a kit runs one ceremony at a time.
 */
export const MPC_OPEN_ROOMS_PER_USER = 20;

/**
 * Opens a room for `userId` — past `MPC_OPEN_ROOMS_PER_USER` open ones, 429 `too_many_requests` with Retry-After (when
 * the first of them expires) and nothing stored. The count and the insert run under a lock on the user's row, so
 * parallel requests cannot pass the limit together. Beside it, one time in `sweepOneIn`, expired and finished rooms
 * an hour past their expiry are swept (`mpc_rooms` in `EXPIRING_TABLES`).
 */
export async function createRoom(ctx: SandboxContext, db: Database, values: { userId: string; walletId?: string; kind: RoomKind; params: object }): Promise<string> {
  const id = randomUUID();
  const now = ctx.now();
  await db.transaction(async (tx) => {
    await lockUsers(tx, values.userId);
    const [open] = await tx.query<{ count: number; first_expiry: Date | null }>(
      `SELECT count(*)::int AS count, min(expires_at) AS first_expiry FROM mpc_rooms
       WHERE environment_id = $1 AND user_id = $2 AND status = 'open' AND expires_at > $3`,
      [ctx.environmentId, values.userId, now.toISOString()],
    );
    if ((open?.count ?? 0) >= MPC_OPEN_ROOMS_PER_USER) {
      const refusal = new ApiError(429, 'too_many_requests', messages.rateLimit);
      refusal.retryAfterSeconds = Math.max(1, Math.ceil(((open?.first_expiry?.getTime() ?? now.getTime() + MPC_ROOM_TTL_MS) - now.getTime()) / 1000));
      throw refusal;
    }
    await tx.query(
      `INSERT INTO mpc_rooms (id, environment_id, user_id, wallet_id, kind, step, status, params, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, 0, 'open', $6::jsonb, $7, $8)`,
      [id, ctx.environmentId, values.userId, values.walletId ?? null, values.kind, JSON.stringify(values.params), now.toISOString(), new Date(now.getTime() + MPC_ROOM_TTL_MS).toISOString()],
    );
  });
  await sometimesSweepExpired(db, 'mpc_rooms', ctx);
  return id;
}

/** The room `roomId` if `method` is what it takes next from `userId`; otherwise the refusal, with its code. */
export async function roomForStep<P, S>(ctx: SandboxContext, userId: string, roomId: string, method: MpcSocketMethod): Promise<RoomRow<P, S>> {
  const rows = /^[0-9a-f-]{36}$/i.test(roomId)
    ? await ctx.db.query<RoomRow<P, S>>('SELECT * FROM mpc_rooms WHERE environment_id = $1 AND id = $2', [ctx.environmentId, roomId])
    : [];
  const room = rows[0];
  if (!room) throw new MpcRpcError('room_not_found', 'No ceremony room has this id.');
  if (room.user_id !== userId) throw new MpcRpcError('room_forbidden', "This ceremony room is another user's.");
  if (room.status === 'failed') {
    // The failure's message is a sentence already (it ends with its full stop).
    const why = room.failure?.message ?? 'failed.';
    throw new MpcRpcError('room_closed', `This ceremony was aborted: ${/[.!?]$/.test(why) ? why : `${why}.`}`, room.failure ? { failure: room.failure } : {});
  }
  const steps = ROOM_STEPS[room.kind];
  const index = steps.indexOf(method);
  if (index === -1) throw new MpcRpcError('out_of_order', `A ${room.kind} room does not take ${method}.`, { expected: steps[room.step] ?? null });
  if (index < room.step) throw new MpcRpcError('replayed', `${method} was already received in this room.`, { expected: steps[room.step] ?? null });
  if (room.status === 'done') throw new MpcRpcError('room_closed', 'This ceremony is over.');
  if (room.expires_at.getTime() <= ctx.now().getTime()) throw new MpcRpcError('room_expired', 'This ceremony room has expired; open a new one.');
  if (index > room.step) throw new MpcRpcError('out_of_order', `${method} came before ${steps[room.step]}.`, { expected: steps[room.step] ?? null });
  return room;
}

export function openRoomState<T>(ctx: SandboxContext, room: RoomRow<unknown, unknown>): T {
  if (!room.sealed_state) throw new Error(`Room ${room.id} has no state.`);
  return unsealJson<T>(ctx.mpc, room.sealed_state, stateLabel(room.id));
}

/**
 * Moves the room past its current step (only if nobody did first): the new public transcript and
 * secret state, `done` after the last step (the secret state is dropped then). False: the step was taken.
 */
export async function advanceRoom(ctx: SandboxContext, q: Queryable, room: RoomRow, next: { publicState?: unknown; secretState?: unknown }): Promise<boolean> {
  const last = room.step + 1 >= ROOM_STEPS[room.kind].length;
  const sealed = !last && next.secretState !== undefined ? sealJson(ctx.mpc, next.secretState, stateLabel(room.id)) : null;
  const rows = await q.query<{ id: string }>(
    `UPDATE mpc_rooms SET step = step + 1, status = $3, public_state = $4::jsonb, sealed_state = $5
     WHERE id = $1 AND step = $2 AND status = 'open' RETURNING id`,
    [room.id, room.step, last ? 'done' : 'open', JSON.stringify(next.publicState ?? room.public_state ?? null), sealed],
  );
  return rows.length === 1;
}

/** Aborts the room (its secret state dropped) with why, and who was at fault if anyone is known. */
export async function failRoom(ctx: SandboxContext, roomId: string, failure: { reason: string; message: string; culprit?: string }): Promise<void> {
  await ctx.db.query(`UPDATE mpc_rooms SET status = 'failed', failure = $2::jsonb, sealed_state = NULL WHERE id = $1 AND status = 'open'`, [roomId, JSON.stringify(failure)]);
}
