import { telegramAuthQuerySchema } from '@latchkey/protocol';
import { assertCaptcha } from '../services/captcha/assertCaptcha.js';
import { invalidRequestFromZod } from '../errors/zodIssue.js';
import type { PageInput, RouteInput, RouteTable } from '../http/mountRoutes.js';
import { withAutomaticEmbeddedWallet } from '../services/embedded/embeddedWallets.js';
import * as telegram from '../services/telegram/telegramSignIn.js';
import { POPUP_PAGE_HEADERS, telegramReturnPage } from './oauthRedirectPage.js';

/**
 * GET /telegram/auth?state=: the page the kit opens with the state initAuth registered. First visit: to the login
 * simulator; back with `returned=1`: a page whose script hands the data to the state's app origin only. An unknown
 * state: the error page.
 */
async function getTelegramAuth({ ctx, c }: PageInput) {
  const query = telegramAuthQuerySchema.safeParse({ state: c.req.query('state') });
  if (!query.success) throw invalidRequestFromZod(query.error, 'Query');
  if (c.req.query('returned') === undefined) {
    const login = await telegram.beginTelegramAuth(ctx, query.data.state);
    if (login) return c.redirect(login, 302);
  }
  const row = await telegram.findTelegramState(ctx, ctx.db, query.data.state);
  const page = telegramReturnPage({ state: query.data.state, targetOrigin: row?.app_origin ?? undefined });
  return c.html(page.html, page.status, POPUP_PAGE_HEADERS);
}

/** POST /telegram/initAuth: a state bound to the caller's Origin, and the page to open with it. */
function initTelegramAuth({ ctx, c }: RouteInput<'initTelegramAuth'>) {
  return telegram.initTelegramAuth(ctx, c.req.header('origin'));
}

/** POST /telegram/signin: the signed login data signs in; a Telegram sign-up gets the automatic embedded wallet. */
async function signInWithTelegram({ ctx, body }: RouteInput<'signInWithTelegram'>) {
  await assertCaptcha(ctx, body.captchaToken);
  return withAutomaticEmbeddedWallet(ctx, await telegram.signInWithTelegram(ctx, body));
}

/** POST /telegram/verify: the signed login data links the Telegram account to the signed-in user. */
function verifyTelegram({ ctx, auth, body }: RouteInput<'verifyTelegram', 'session'>) {
  return telegram.linkTelegram(ctx, auth, body);
}

export const telegramRoutes: RouteTable = {
  initTelegramAuth: { auth: 'public', handler: initTelegramAuth },
  getTelegramAuth: { auth: 'public', page: getTelegramAuth },
  signInWithTelegram: { auth: 'public', handler: signInWithTelegram },
  verifyTelegram: { auth: 'session', handler: verifyTelegram },
};
