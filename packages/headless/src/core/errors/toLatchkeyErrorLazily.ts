import { loadContract } from '../contract/loadContract.js';
import { LatchkeyError } from './LatchkeyError.js';

/**
 * Converts anything thrown by the transport or a flow to a `LatchkeyError` (the core entry's `toLatchkeyError`): a
 * non-2xx `Response` by its `{ error: { code, message } }` body (`readErrorResponse`), a network `TypeError`, an abort,
 * a schema failure… (`toLatchkeyErrorSync`); a `LatchkeyError` is returned as it is.
 *
 * The code that paints first (the client, its settings store, the first-paint hooks) converts with this one: the
 * conversion arrives with the contract chunk, which every request loads before it is sent, so after a failed request
 * it is already there. When that chunk cannot load, the network is what failed: `network_error`, as
 * `toLatchkeyErrorSync` says of a failed fetch.
 */
export async function toLatchkeyErrorLazily(error: unknown): Promise<LatchkeyError> {
  if (error instanceof LatchkeyError) return error;
  const contract = await loadContract().catch(() => undefined);
  if (!contract) return new LatchkeyError('network_error', { cause: error });
  return typeof Response !== 'undefined' && error instanceof Response ? contract.readErrorResponse(error, contract.errorBodySchema) : contract.toLatchkeyErrorSync(error);
}
