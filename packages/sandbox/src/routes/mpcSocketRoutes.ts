import { API_PATH_PREFIX, mpcSocketMethods, type MpcSocketMethod, type MpcSocketParams } from '@latchkey/protocol';
import type { JsonRpcMethod, JsonRpcMethodTable } from '../http/jsonRpcSocket.js';
import type { SandboxContext } from '../context.js';
import type { Auth } from '../services/session/authenticate.js';
import { exportShare } from '../services/mpc/exportCeremony.js';
import { keygenRound1, keygenRound2, keygenRound3 } from '../services/mpc/keygenCeremony.js';
import { reshareRound1, reshareRound2, reshareRound3 } from '../services/mpc/reshareCeremony.js';
import { runRoomStep, type RoomStep } from '../services/mpc/runRoomStep.js';
import { signCommit, signShare } from '../services/mpc/signCeremony.js';

/**
 * The MPC socket's methods (JSON-RPC 2.0, `{apiBaseUrl}/api/v0/sdk/{environmentId}/waas/socket`):
 * each runs one step of a ceremony room opened by a `/waas/*` route. `rpc.login` is the transport's.
 */

type Input<M extends Exclude<MpcSocketMethod, 'rpc.login'>> = { ctx: SandboxContext; auth: Auth; params: MpcSocketParams<M> };

const step = <M extends Exclude<MpcSocketMethod, 'rpc.login'>>(method: M, handler: RoomStep<M>) => ({ ctx, auth, params }: Input<M>) =>
  runRoomStep(ctx, auth.userId, method, params, handler);

const keygenRound1Method = step('keygen.round1', keygenRound1 as RoomStep<'keygen.round1'>);
const keygenRound2Method = step('keygen.round2', keygenRound2 as RoomStep<'keygen.round2'>);
const keygenRound3Method = step('keygen.round3', keygenRound3 as RoomStep<'keygen.round3'>);
const signCommitMethod = step('sign.commit', signCommit as RoomStep<'sign.commit'>);
const signShareMethod = step('sign.share', signShare as RoomStep<'sign.share'>);
const reshareRound1Method = step('reshare.round1', reshareRound1 as RoomStep<'reshare.round1'>);
const reshareRound2Method = step('reshare.round2', reshareRound2 as RoomStep<'reshare.round2'>);
const reshareRound3Method = step('reshare.round3', reshareRound3 as RoomStep<'reshare.round3'>);
const exportShareMethod = step('export.share', exportShare as RoomStep<'export.share'>);

const bind = <M extends Exclude<MpcSocketMethod, 'rpc.login'>>(method: M, handler: (input: Input<M>) => Promise<unknown>): JsonRpcMethod => ({
  params: mpcSocketMethods[method].params,
  result: mpcSocketMethods[method].result,
  handler: handler as JsonRpcMethod['handler'],
});

export const mpcSocketRoutes: JsonRpcMethodTable = {
  'keygen.round1': bind('keygen.round1', keygenRound1Method),
  'keygen.round2': bind('keygen.round2', keygenRound2Method),
  'keygen.round3': bind('keygen.round3', keygenRound3Method),
  'sign.commit': bind('sign.commit', signCommitMethod),
  'sign.share': bind('sign.share', signShareMethod),
  'reshare.round1': bind('reshare.round1', reshareRound1Method),
  'reshare.round2': bind('reshare.round2', reshareRound2Method),
  'reshare.round3': bind('reshare.round3', reshareRound3Method),
  'export.share': bind('export.share', exportShareMethod),
};

/** The socket's path on the API origin. */
export const mpcSocketPath = (environmentId: string) => `${API_PATH_PREFIX}/sdk/${environmentId}/waas/socket`;
