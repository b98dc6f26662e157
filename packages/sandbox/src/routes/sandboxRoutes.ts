import { isAddress } from '@solana/kit';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { ApiError } from '../errors/ApiError.js';
import { readBody, readJson } from '../http/readBody.js';
import type { SandboxInfo } from '../sandboxInfo.js';
import { listInbox } from '../services/inbox/inbox.js';
import { clearAnalyticsEvents, listAnalyticsEvents } from '../services/analytics/analyticsEvents.js';
import { listLogs } from '../services/logs/logs.js';
import { endCustodyKeysWithoutAccess } from '../services/session/sessionAccess.js';
import { clearAccessList, setAccessListEntry } from '../services/wallets/accessList.js';
import { MAX_AIRDROP_LAMPORTS } from '../solana/localCluster.js';
import { listRegisteredTokens, registerToken, tokenRegistrationSchema } from '../solana/tokenRegistry.js';
import { mountCustodySandboxRoutes } from './custodySandboxRoutes.js';
import { renderInboxPage } from './inboxPage.js';

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
 * Sandbox-only routes (never called by the kit): info, inbox, stored logs and analytics events, admin settings and access list, the
 * Solana faucet, block production on demand (tests expire a blockhash without waiting a minute), the token registry,
 * and custody's own.
 */
export function mountSandboxRoutes(app: Hono, ctx: SandboxContext, info: SandboxInfo): void {
  app.get('/sandbox/info', (c) => c.json(info));
  // The API base URL itself (what hosts configure as apiBaseUrl) answers with the same description.
  app.get('/', (c) => c.json(info));

  app.get('/sandbox/inbox', async (c) => {
    const to = c.req.query('to')?.trim() || undefined;
    const messages = await listInbox(ctx.db, ctx.environmentId, to);
    if ((c.req.header('accept') ?? '').includes('application/json')) return c.json(messages);
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return c.html(renderInboxPage(messages, to));
  });

  app.get('/sandbox/logs', async (c) => c.json(await listLogs(ctx)));

  // The analytics events POST /events stored, oldest first (`?anonymousId=` for one client's); DELETE forgets them.
  app.get('/sandbox/admin/events', async (c) => c.json(await listAnalyticsEvents(ctx, { anonymousId: c.req.query('anonymousId')?.trim() || undefined })));
  app.delete('/sandbox/admin/events', async (c) => {
    await clearAnalyticsEvents(ctx);
    return c.json({ ok: true });
  });

  // Ends every live JSON-RPC socket connection (close code 1012), as a restart would: clients' reconnects are tested against it.
  app.post('/sandbox/admin/sockets/drop', (c) => c.json({ dropped: ctx.sockets.drop() }));

  // Every rate-limit window of the environment starts empty again (the events counted so far are forgotten): a demo or
  // a test that sets a tight limit gets it measured from now, whatever came before it from the same address.
  app.delete('/sandbox/admin/rate-limits', async (c) => {
    const deleted = await ctx.db.query<{ count: number }>('WITH gone AS (DELETE FROM rate_limit_events WHERE environment_id = $1 RETURNING 1) SELECT count(*)::int AS count FROM gone', [ctx.environmentId]);
    return c.json({ deleted: deleted[0]?.count ?? 0 });
  });

  app.put('/sandbox/admin/settings', async (c) => c.json(await ctx.settings.merge(await readJson(c))));
  app.post('/sandbox/admin/reset-settings', async (c) => c.json(await ctx.settings.reset()));

  // The wallet access list: PUT `{ address, action: 'allow' | 'block' }` adds an entry; DELETE clears the list.
  app.put('/sandbox/admin/access-list', async (c) => {
    const body = (await readJson(c)) as { address?: unknown; action?: unknown } | undefined;
    if (typeof body?.address !== 'string' || body.address === '' || (body.action !== 'allow' && body.action !== 'block')) {
      throw new ApiError(400, 'invalid_request', 'Expected { address, action: "allow" | "block" }.');
    }
    const { narrowed } = await setAccessListEntry(ctx, body.address, body.action);
    // Custody does not read the list: the keys of whoever the change shuts out go now, not at their next request.
    if (narrowed) await endCustodyKeysWithoutAccess(ctx);
    return c.json({ ok: true });
  });
  app.delete('/sandbox/admin/access-list', async (c) => {
    await clearAccessList(ctx);
    return c.json({ ok: true });
  });

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

  mountCustodySandboxRoutes(app, ctx);
}
