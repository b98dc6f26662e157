import { routes } from '@latchkey/protocol';
import type { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { mountBearerRoute } from '../http/mountRoute.js';
import { createEmbeddedWallet, deleteEmbeddedWallets, registerSessionKey, reissue, startEmailRecovery } from '../services/embedded/embeddedWallets.js';

/** Embedded-wallet product routes (bearer): create, delete, session key, e-mail recovery. */
export function mountEmbeddedWalletRoutes(app: Hono, ctx: SandboxContext): void {
  mountBearerRoute(app, ctx, routes.createEmbeddedWallet, async ({ auth, body }) => {
    await createEmbeddedWallet(ctx, auth.userId, body, 'user');
    return reissue(ctx, auth.userId, auth.session.id);
  });
  mountBearerRoute(app, ctx, routes.deleteEmbeddedWallets, ({ auth, body }) => deleteEmbeddedWallets(ctx, auth, body));
  mountBearerRoute(app, ctx, routes.registerSessionKey, ({ auth, body }) => registerSessionKey(ctx, auth, body));
  mountBearerRoute(app, ctx, routes.startEmbeddedWalletEmailAuth, ({ auth, body }) => startEmailRecovery(ctx, auth, body));
}
