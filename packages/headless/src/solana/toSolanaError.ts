import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { isNetworkFailure } from '../core/errors/toLatchkeyError.js';

/**
 * A web3.js failure as the kit's error, its text kept only in `cause` (for the logger): the kit's own errors pass
 * through, an unreachable cluster is `network_error`, and anything else the node answered is `rpc_error`. web3.js
 * words its errors for developers ('failed to get recent blockhash: TypeError: Failed to fetch'); users read the
 * kit's sentence instead. Only a failure to reach the node is `network_error`: a `TypeError` a garbled answer caused
 * (`{ value: null }` read as a blockhash) is the node's doing, `rpc_error`, not a connection to check.
 */
export function toSolanaError(error: unknown): LatchkeyError {
  if (error instanceof LatchkeyError) return error;
  if (isNetworkFailure(error)) return new LatchkeyError('network_error', { cause: error });
  return new LatchkeyError('rpc_error', { cause: error });
}
