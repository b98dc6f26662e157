import type { Hono } from 'hono';
import { servedWalletCatalogue } from '../static/walletCatalogue.js';
import { WALLET_ICONS_PATH, walletIconSvg } from '../static/walletIcons.js';
import { OAUTH_REDIRECT_SCRIPT, OAUTH_REDIRECT_SCRIPT_PATH, TELEGRAM_RETURN_SCRIPT, TELEGRAM_RETURN_SCRIPT_PATH } from './oauthRedirectPage.js';

/** Where the sandbox serves its wallet catalogue (the kit's default static-assets path). */
export const WALLET_CATALOGUE_PATH = '/static/wallet-catalogue.json';

const SCRIPT_HEADERS = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' };

/** Files outside the protocol table: the popup pages' scripts (no inline scripts under their CSP) and the wallet catalogue. */
export function mountStaticAssets(app: Hono): void {
  app.get(TELEGRAM_RETURN_SCRIPT_PATH, (c) => c.body(TELEGRAM_RETURN_SCRIPT, 200, SCRIPT_HEADERS));
  app.get(OAUTH_REDIRECT_SCRIPT_PATH, (c) => c.body(OAUTH_REDIRECT_SCRIPT, 200, SCRIPT_HEADERS));
  // A static asset: any origin may read it (SPEC §7: one cross-origin GET, no credentials).
  // Its redirect wallets' links lead to the mobile-wallet simulator on this origin.
  app.get(WALLET_CATALOGUE_PATH, (c) => c.json(servedWalletCatalogue(new URL(c.req.url).origin), 200, { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300' }));
  // The catalogue's icon set beside it: a wallet's mark by its brand sprite id (an <img>, so no CORS is needed).
  app.get(`${WALLET_ICONS_PATH}:file`, async (c) => {
    const match = /^([a-z0-9-]+)\.svg$/.exec(c.req.param('file'));
    const svg = match ? await walletIconSvg(match[1]!) : undefined;
    if (!svg) return c.json({ error: { code: 'not_found', message: 'No such wallet icon.' } }, 404);
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
      'access-control-allow-origin': '*',
      // An SVG opened on its own runs nothing and loads nothing.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    });
  });
}
