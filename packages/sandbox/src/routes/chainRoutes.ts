import { getTransactionDecoder } from '@solana/kit';
import { ApiError } from '../errors/ApiError.js';
import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import { simulateTransfer } from '../solana/simulateTransfer.js';
import { readBalances } from '../solana/tokenRegistry.js';

/** GET /chains/{chainName}/balances: the address's SOL and token balances on the local cluster, described and priced. */
function getBalances({ ctx, body, c }: RouteInput<'getBalances'>) {
  return readBalances(ctx, c.req.param('chainName') ?? '', body);
}

/** POST /solana/simulateTransaction: what the transaction would move, without sending it. */
function simulateSolanaTransaction({ ctx, body }: RouteInput<'simulateSolanaTransaction'>) {
  return simulateTransfer(ctx.solana, body);
}

/** POST /solana/optimizeTransaction: the sandbox has nothing to optimize; it checks the transaction decodes and returns it unchanged. */
function optimizeSolanaTransaction({ body }: RouteInput<'optimizeSolanaTransaction'>) {
  try {
    getTransactionDecoder().decode(Buffer.from(body.transaction, 'base64'));
  } catch {
    throw new ApiError(400, 'invalid_request', 'The transaction could not be decoded.', 'transaction');
  }
  return { transaction: body.transaction };
}

/** Chain helpers (public): balances, transaction simulation and optimization. */
export const chainRoutes: RouteTable = {
  getBalances: { auth: 'public', handler: getBalances },
  simulateSolanaTransaction: { auth: 'public', handler: simulateSolanaTransaction },
  optimizeSolanaTransaction: { auth: 'public', handler: optimizeSolanaTransaction },
};
