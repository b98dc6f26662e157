import { routes } from '@latchkey/protocol';
import type { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { ApiError } from '../errors/ApiError.js';
import { mountBearerRoute, mountRoute } from '../http/mountRoute.js';
import { readJson } from '../http/readBody.js';
import { walletCatalogue } from '../static/walletCatalogue.js';
import { clearAccessList, setAccessListEntry } from '../services/wallets/accessList.js';
import { withAutomaticEmbeddedWallet } from '../services/embedded/embeddedWallets.js';
import { linkWallet, mergeAccounts, selectWallet, signInWithWallet, transferWallet } from '../services/wallets/walletSignIn.js';
import { createWalletNonce } from '../services/wallets/walletSignature.js';

/** Where the sandbox serves its wallet catalogue (the kit's default static-assets path). */
export const WALLET_CATALOGUE_PATH = '/static/wallet-catalogue.json';

/**
 * Wallet sign-in (`/nonce`, `/verify`, `/verify/link|merge|transfer`; `/verify/unlink` is the shared credential
 * unlink), the primary-wallet selection, the wallet catalogue, and the sandbox-only access-list admin.
 */
export function mountWalletRoutes(app: Hono, ctx: SandboxContext): void {
  mountRoute(app, ctx, routes.getNonce, () => createWalletNonce(ctx));
  // A wallet sign-up gets an embedded wallet when `automaticEmbeddedWalletCreationForExternal` asks for it.
  mountRoute(app, ctx, routes.verifyWalletSignature, async ({ body }) =>
    withAutomaticEmbeddedWallet(ctx, await signInWithWallet(ctx, body), { external: true, sessionPublicKey: body.sessionPublicKey }),
  );
  mountBearerRoute(app, ctx, routes.linkWallet, ({ auth, body }) => linkWallet(ctx, auth, body));
  mountBearerRoute(app, ctx, routes.mergeAccounts, ({ auth, body }) => mergeAccounts(ctx, auth, body));
  mountBearerRoute(app, ctx, routes.transferWallet, ({ auth, body }) => transferWallet(ctx, auth, body));
  mountBearerRoute(app, ctx, routes.selectWallet, ({ auth, body }) => selectWallet(ctx, auth, body));

  // A static asset: any origin may read it (SPEC §7: one cross-origin GET, no credentials).
  app.get(WALLET_CATALOGUE_PATH, (c) => c.json(walletCatalogue, 200, { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300' }));

  // Sandbox admin: PUT `{ address, action: 'allow' | 'block' }` adds an entry; DELETE clears the list.
  app.put('/sandbox/admin/access-list', async (c) => {
    const body = (await readJson(c)) as { address?: unknown; action?: unknown } | undefined;
    if (typeof body?.address !== 'string' || body.address === '' || (body.action !== 'allow' && body.action !== 'block')) {
      throw new ApiError(400, 'invalid_request', 'Expected { address, action: "allow" | "block" }.');
    }
    await setAccessListEntry(ctx, body.address, body.action);
    return c.json({ ok: true });
  });
  app.delete('/sandbox/admin/access-list', async (c) => {
    await clearAccessList(ctx);
    return c.json({ ok: true });
  });
}
