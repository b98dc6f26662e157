import type { MpcSocketErrorReason } from '@latchkey/protocol';

/**
 * A refused MPC socket message: `reason` picks the JSON-RPC error code (MPC_SOCKET_ERRORS), `data`
 * travels in the error's `data` beside it. `invalid_params` is the standard -32602.
 */
export class MpcRpcError extends Error {
  override readonly name = 'MpcRpcError';
  constructor(
    readonly reason: MpcSocketErrorReason | 'invalid_params',
    message: string,
    readonly data: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}
