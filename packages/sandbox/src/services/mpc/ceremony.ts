import type { MpcSocketMethod, MpcSocketResult } from '@latchkey/protocol';
import type { Queryable } from '../../db/database.js';
import type { SandboxContext } from '../../context.js';
import type { RoomRow } from './mpcRoomRepository.js';

/**
 * What one step of a ceremony computes from the room and the message: the answer, the room's next
 * public transcript and secret state, and what to write when the step is taken (in the same
 * transaction as the room moving on, so nothing is written for a refused replay).
 */
export interface StepOutcome<M extends MpcSocketMethod> {
  result: MpcSocketResult<M>;
  publicState?: unknown;
  secretState?: unknown;
  commit?: (tx: Queryable) => Promise<void>;
}

/** One step's handler; `params` are the method's, already validated against its schema. */
export type StepHandler<M extends MpcSocketMethod, P = unknown> = (ctx: SandboxContext, room: RoomRow<P>, params: never) => Promise<StepOutcome<M>>;

/** The FROST identifier → keygen id map of a room, to name a culprit by the id its party chose. */
export function keygenIdsByIdentifier(entries: readonly [identifier: string, keygenId: string][]): Readonly<Record<string, string>> {
  return Object.fromEntries(entries);
}
