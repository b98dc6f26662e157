import { isAddress } from '@solana/kit';
import { routes } from '@latchkey/protocol';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { mountRoute } from '../http/mountRoute.js';
import { readBody } from '../http/readBody.js';
import { MAX_AIRDROP_LAMPORTS } from './localCluster.js';
import { solanaNetworkConfiguration } from './solanaNetworks.js';
import { simulateTransfer } from './simulateTransfer.js';
import { ApiError } from '../errors/ApiError.js';
import { getTransactionDecoder } from '@solana/kit';
import { listRegisteredTokens, readBalances, registerToken, tokenRegistrationSchema } from './tokenRegistry.js';

const airdropSchema = z.object({
  address: z.string().refine((value) => isAddress(value), { message: 'Must be a base58 Solana address.' }),
  lamports: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform((value) => BigInt(value)).refine((value) => value > 0n && value <= MAX_AIRDROP_LAMPORTS, {
    message: `Must be between 1 and ${MAX_AIRDROP_LAMPORTS} lamports.`,
  }),
});
/** At most this many blocks per request: enough to expire any blockhash (150) at once. */
export const MAX_BLOCKS_PER_REQUEST = 1000;
const blocksSchema = z.object({ count: z.number().int().min(1).max(MAX_BLOCKS_PER_REQUEST) });

/**
 * Sandbox-only Solana routes (never called by the kit): the faucet that funds demo users, and block production on
 * demand so tests can expire a blockhash without waiting a minute.
 */
export function mountSolanaSandboxRoutes(app: Hono, ctx: SandboxContext): void {
  app.post('/sandbox/airdrop', async (c) => {
    const { address, lamports } = await readBody(c, airdropSchema);
    const signature = ctx.solana.airdrop(address, lamports);
    return c.json({ signature, balance: ctx.solana.getBalance(address).toString() });
  });

  app.post('/sandbox/solana/blocks', async (c) => {
    const { count } = await readBody(c, blocksSchema);
    ctx.solana.produceBlocks(count);
    return c.json({ blockHeight: Number(ctx.solana.blockHeight('confirmed')) });
  });

  // The token registry behind GET /chains/SOL/balances: PUT registers (or replaces) one token's description and USD
  // price (`{ address, name, symbol, decimals?, logoURI?, usdPrice? }`; native SOL's address sets its price); GET lists.
  app.put('/sandbox/admin/tokens', async (c) => c.json(await registerToken(ctx, await readBody(c, tokenRegistrationSchema))));
  app.get('/sandbox/admin/tokens', async (c) => c.json(await listRegisteredTokens(ctx)));
}

/** Product routes for Solana: the enabled networks, balances, transaction simulation and optimization. */
export function mountSolanaProductRoutes(app: Hono, ctx: SandboxContext): void {
  mountRoute(app, ctx, routes.getNetworks, async () =>
    solanaNetworkConfiguration(await ctx.settings.get(), { rpcUrl: ctx.solanaRpcUrl, genesisHash: ctx.solana.genesisHash }),
  );
  mountRoute(app, ctx, routes.getBalances, async ({ body, c }) => readBalances(ctx, c.req.param('chainName') ?? '', body));
  mountRoute(app, ctx, routes.simulateSolanaTransaction, async ({ body }) => simulateTransfer(ctx.solana, body));
  // The sandbox has nothing to optimize: it checks the transaction decodes and returns it unchanged.
  mountRoute(app, ctx, routes.optimizeSolanaTransaction, async ({ body }) => {
    try {
      getTransactionDecoder().decode(Buffer.from(body.transaction, 'base64'));
    } catch {
      throw new ApiError(400, 'invalid_request', 'The transaction could not be decoded.', 'transaction');
    }
    return { transaction: body.transaction };
  });
}
