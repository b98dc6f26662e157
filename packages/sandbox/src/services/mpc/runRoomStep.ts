import type { MpcSocketMethod, MpcSocketResult } from '@latchkey/protocol';
import { FrostCulpritError, FrostWireError, identifierOf } from '@latchkey/protocol/frost';
import type { SandboxContext } from '../../context.js';
import type { StepOutcome } from './ceremony.js';
import { MpcRpcError } from './MpcRpcError.js';
import { advanceRoom, failRoom, roomForStep, type RoomRow } from './mpcRoomRepository.js';
import { findMpcWallet } from './mpcWalletRepository.js';

/** The step handler of a method: what the room and the message give. */
export type RoomStep<M extends MpcSocketMethod> = (ctx: SandboxContext, room: RoomRow<never, never>, params: never) => Promise<StepOutcome<M>>;

/** Keygen ids by FROST identifier, for the room's and its wallet's participants: a culprit is named by both. */
async function keygenIdsOf(ctx: SandboxContext, room: RoomRow): Promise<Map<string, string>> {
  const ids: string[] = [];
  const params = room.params as Record<string, unknown>;
  for (const key of ['clientKeygenIds', 'serverKeygenIds']) if (Array.isArray(params[key])) ids.push(...(params[key] as string[]));
  if (room.wallet_id) {
    const wallet = await findMpcWallet(ctx.db, ctx.environmentId, room.wallet_id);
    if (wallet) ids.push(...wallet.client_keygen_ids, ...wallet.server_keygen_ids);
  }
  return new Map(ids.map((id) => [identifierOf(id), id]));
}

/**
 * Runs `method` in its room for `userId`: the room must be theirs, open, unexpired and waiting for
 * exactly this method. A package that fails verification aborts the room and names the culprit
 * (its FROST identifier and keygen id). The room moves on, and the step's writes happen, in one
 * transaction that only one message per step can win.
 */
export async function runRoomStep<M extends MpcSocketMethod>(
  ctx: SandboxContext,
  userId: string,
  method: M,
  params: { roomId: string },
  step: RoomStep<M>,
): Promise<MpcSocketResult<M>> {
  const room = await roomForStep(ctx, userId, params.roomId, method);
  let outcome: StepOutcome<M>;
  try {
    outcome = await step(ctx, room as RoomRow<never, never>, params as never);
  } catch (error) {
    if (error instanceof FrostCulpritError) {
      const culpritKeygenId = (await keygenIdsOf(ctx, room)).get(error.culprit) ?? null;
      const message = `A package from ${culpritKeygenId ?? error.culprit} failed verification (${error.message}); the ceremony was aborted.`;
      await failRoom(ctx, room.id, { reason: 'package_invalid', message, culprit: error.culprit });
      throw new MpcRpcError('package_invalid', message, { culprit: error.culprit, culpritKeygenId });
    }
    if (error instanceof MpcRpcError && error.reason === 'package_invalid') {
      await failRoom(ctx, room.id, { reason: error.reason, message: error.message });
      throw error;
    }
    if (error instanceof FrostWireError) throw new MpcRpcError('invalid_params', error.message);
    throw error;
  }
  await ctx.db.transaction(async (tx) => {
    if (!(await advanceRoom(ctx, tx, room, outcome))) throw new MpcRpcError('replayed', `${method} was already received in this room.`);
    await outcome.commit?.(tx);
  });
  return outcome.result;
}
