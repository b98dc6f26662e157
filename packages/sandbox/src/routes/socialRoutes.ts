import { oauthRedirectQuerySchema, socialProviderSchema, type SocialProvider } from '@latchkey/protocol';
import { assertCaptcha } from '../services/captcha/assertCaptcha.js';
import type { Context } from 'hono';
import { ApiError } from '../errors/ApiError.js';
import type { PageInput, RouteInput, RouteTable } from '../http/mountRoutes.js';
import { withAutomaticEmbeddedWallet } from '../services/embedded/embeddedWallets.js';
import * as social from '../services/social/socialSignIn.js';
import { oauthRedirectPage, POPUP_PAGE_HEADERS } from './oauthRedirectPage.js';

function providerParam(c: Context): SocialProvider {
  const parsed = socialProviderSchema.safeParse(c.req.param('provider'));
  if (!parsed.success) throw new ApiError(404, 'not_found', `Unknown social provider "${c.req.param('provider')}".`, 'provider');
  return parsed.data;
}

/** POST /providers/{provider}/initAuth: the authorization URL and a state bound to the PKCE challenge (or Apple's nonce). */
function initSocialAuth({ ctx, body, c }: RouteInput<'initSocialAuth'>) {
  return social.initSocialAuth(ctx, providerParam(c), body, c.req.header('origin'));
}

/**
 * GET /providers/{provider}/redirect: the page the provider returns to. Redirect strategy: straight back to the app
 * with code and state. Popup: a page whose script hands them to the opener, only on the app's origin.
 */
async function getSocialRedirect({ ctx, c }: PageInput) {
  const provider = providerParam(c);
  const query = oauthRedirectQuerySchema.safeParse(c.req.query());
  const params = query.success ? query.data : {};
  const row = params.state ? await social.findOAuthState(ctx, ctx.db, provider, params.state) : undefined;
  if (row?.return_url) {
    const back = new URL(row.return_url);
    for (const key of ['code', 'state', 'error'] as const) if (params[key]) back.searchParams.set(key, params[key]);
    back.searchParams.set('provider', provider);
    return c.redirect(back.href, 302);
  }
  const title = (await ctx.settings.get()).design?.branding?.popupPageTitle;
  const page = oauthRedirectPage({ provider, code: params.code, state: params.state, error: params.error, targetOrigin: row?.app_origin ?? undefined, title });
  return c.html(page.html, page.status, POPUP_PAGE_HEADERS);
}

/** POST /providers/{provider}/signIn: the code exchange signs in; a social sign-up gets the automatic embedded wallet like an e-mail one. */
async function signInWithSocial({ ctx, body, c }: RouteInput<'signInWithSocial'>) {
  await assertCaptcha(ctx, body.captchaToken);
  return withAutomaticEmbeddedWallet(ctx, await social.signInWithSocial(ctx, providerParam(c), body));
}

/** POST /providers/{provider}/verify: the code exchange links the social account to the signed-in user. */
function verifySocial({ ctx, auth, body, c }: RouteInput<'verifySocial', 'session'>) {
  return social.linkSocialAccount(ctx, auth, providerParam(c), body);
}

export const socialRoutes: RouteTable = {
  initSocialAuth: { auth: 'public', handler: initSocialAuth },
  getSocialRedirect: { auth: 'public', page: getSocialRedirect },
  signInWithSocial: { auth: 'public', handler: signInWithSocial },
  verifySocial: { auth: 'session', handler: verifySocial },
};
