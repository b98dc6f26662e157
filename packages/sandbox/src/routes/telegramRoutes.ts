import { telegramAuthQuerySchema } from '@latchkey/protocol';
import { invalidRequestFromZod } from '../errors/zodIssue.js';
import type { PageInput, RouteInput, RouteTable } from '../http/mountRoutes.js';
import { withAutomaticEmbeddedWallet } from '../services/embedded/embeddedWallets.js';
import * as telegram from '../services/telegram/telegramSignIn.js';
import { POPUP_PAGE_HEADERS, telegramReturnPage } from './oauthRedirectPage.js';

/**
 * GET /telegram/auth?state=: the page the kit opens. First visit: records the state and goes to the login simulator;
 * back with `returned=1`: a page whose script hands the data to the opener.
 */
async function getTelegramAuth({ ctx, c }: PageInput) {
  const query = telegramAuthQuerySchema.safeParse({ state: c.req.query('state') });
  if (!query.success) throw invalidRequestFromZod(query.error, 'Query');
  if (c.req.query('returned') === undefined) return c.redirect(await telegram.beginTelegramAuth(ctx, query.data.state, c.req.header('referer')), 302);
  const row = await telegram.findTelegramState(ctx, ctx.db, query.data.state);
  const page = telegramReturnPage({ state: query.data.state, targetOrigin: row?.app_origin ?? undefined });
  return c.html(page.html, page.status, POPUP_PAGE_HEADERS);
}

/** POST /telegram/signin: the signed login data signs in; a Telegram sign-up gets the automatic embedded wallet. */
async function signInWithTelegram({ ctx, body }: RouteInput<'signInWithTelegram'>) {
  return withAutomaticEmbeddedWallet(ctx, await telegram.signInWithTelegram(ctx, body));
}

/** POST /telegram/verify: the signed login data links the Telegram account to the signed-in user. */
function verifyTelegram({ ctx, auth, body }: RouteInput<'verifyTelegram', 'session'>) {
  return telegram.linkTelegram(ctx, auth, body);
}

export const telegramRoutes: RouteTable = {
  getTelegramAuth: { auth: 'public', page: getTelegramAuth },
  signInWithTelegram: { auth: 'public', handler: signInWithTelegram },
  verifyTelegram: { auth: 'session', handler: verifyTelegram },
};
