import { oauthRedirectQuerySchema, routes, socialProviderSchema, telegramAuthQuerySchema, type SocialProvider } from '@latchkey/protocol';
import type { Context, Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { ApiError } from '../errors/ApiError.js';
import { mountBearerRoute, mountRoute, sdkRoutePattern } from '../http/mountRoute.js';
import { findOAuthState, initSocialAuth, linkSocialAccount, signInWithSocial } from '../services/social/socialSignIn.js';
import { unlinkCredential } from '../services/users/unlinkCredential.js';
import { withAutomaticEmbeddedWallet } from '../services/embedded/embeddedWallets.js';
import { beginTelegramAuth, findTelegramState, linkTelegram, signInWithTelegram } from '../services/telegram/telegramSignIn.js';
import { invalidRequestFromZod } from '../errors/zodIssue.js';
import { oauthRedirectPage, OAUTH_REDIRECT_SCRIPT, OAUTH_REDIRECT_SCRIPT_PATH, TELEGRAM_RETURN_SCRIPT, TELEGRAM_RETURN_SCRIPT_PATH, telegramReturnPage } from './oauthRedirectPage.js';

function providerParam(c: Context): SocialProvider {
  const parsed = socialProviderSchema.safeParse(c.req.param('provider'));
  if (!parsed.success) throw new ApiError(404, 'not_found', `Unknown social provider "${c.req.param('provider')}".`, 'provider');
  return parsed.data;
}

/** Social sign-in (initAuth, the redirect page, signIn, verify = link), Telegram, and unlinking a credential. */
export function mountSocialRoutes(app: Hono, ctx: SandboxContext): void {
  mountRoute(app, ctx, routes.initSocialAuth, ({ body, c }) => initSocialAuth(ctx, providerParam(c), body, c.req.header('origin')));
  // A social or Telegram sign-up gets the automatic embedded wallet like an e-mail or SMS one (SPEC §3 settings).
  mountRoute(app, ctx, routes.signInWithSocial, async ({ body, c }) => withAutomaticEmbeddedWallet(ctx, await signInWithSocial(ctx, providerParam(c), body)));
  mountBearerRoute(app, ctx, routes.verifySocial, ({ auth, body, c }) => linkSocialAccount(ctx, auth, providerParam(c), body));
  mountBearerRoute(app, ctx, routes.unlinkWallet, ({ auth, body }) => unlinkCredential(ctx, auth, body));

  // The page the provider returns to. Redirect strategy: straight back to the app with code and
  // state. Popup: a page whose script hands them to the opener, only on the app's origin.
  app.get(sdkRoutePattern(routes.getSocialRedirect.path), async (c) => {
    const provider = providerParam(c);
    const query = oauthRedirectQuerySchema.safeParse(c.req.query());
    const params = query.success ? query.data : {};
    const row = params.state ? await findOAuthState(ctx, ctx.db, provider, params.state) : undefined;
    if (row?.return_url) {
      const back = new URL(row.return_url);
      for (const key of ['code', 'state', 'error'] as const) if (params[key]) back.searchParams.set(key, params[key]);
      back.searchParams.set('provider', provider);
      return c.redirect(back.href, 302);
    }
    const page = oauthRedirectPage({ provider, code: params.code, state: params.state, error: params.error, targetOrigin: row?.app_origin ?? undefined });
    return c.html(page.html, page.status, {
      'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
  });
  // Telegram: the page the kit opens (first visit: to the login simulator; back with `returned=1`: hands the data to the opener).
  mountRoute(app, ctx, routes.signInWithTelegram, async ({ body }) => withAutomaticEmbeddedWallet(ctx, await signInWithTelegram(ctx, body)));
  mountBearerRoute(app, ctx, routes.verifyTelegram, ({ auth, body }) => linkTelegram(ctx, auth, body));
  app.get(sdkRoutePattern(routes.getTelegramAuth.path), async (c) => {
    const query = telegramAuthQuerySchema.safeParse({ state: c.req.query('state') });
    if (!query.success) throw invalidRequestFromZod(query.error, 'Query');
    if (c.req.query('returned') === undefined) return c.redirect(await beginTelegramAuth(ctx, query.data.state, c.req.header('referer')), 302);
    const row = await findTelegramState(ctx, ctx.db, query.data.state);
    const page = telegramReturnPage({ state: query.data.state, targetOrigin: row?.app_origin ?? undefined });
    return c.html(page.html, page.status, {
      'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
  });
  app.get(TELEGRAM_RETURN_SCRIPT_PATH, (c) => c.body(TELEGRAM_RETURN_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }));
  app.get(OAUTH_REDIRECT_SCRIPT_PATH, (c) => c.body(OAUTH_REDIRECT_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }));
}
