import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import { clientAddressOf } from '../http/clientAddress.js';
import { storeAnalyticsEvents } from '../services/analytics/analyticsEvents.js';
import { storeLogs } from '../services/logs/logs.js';
import { toPublicSettings } from '../services/settings/settingsRules.js';
import { withAppleSdkEmulation } from '../services/social/socialSignIn.js';
import { solanaNetworkConfiguration } from '../solana/solanaNetworks.js';

/**
 * GET /settings: the project settings, provider secrets removed; Apple points at the sandbox's SDK emulation, and an
 * enabled captcha without a `scriptUrl` at the sandbox's captcha emulator.
 */
async function getSettings({ ctx }: RouteInput<'getSettings'>) {
  const settings = withAppleSdkEmulation(toPublicSettings(await ctx.settings.get()), ctx.oauthProvider.issuer);
  const captcha = settings.security.hCaptcha;
  if (!captcha?.enabled || captcha.scriptUrl !== undefined) return settings;
  return { ...settings, security: { ...settings.security, hCaptcha: { ...captcha, scriptUrl: `${ctx.captchaUrl}/1/api.js` } } };
}

/** GET /networks: the enabled Solana networks; `localnet` points at the local cluster. */
async function getNetworks({ ctx }: RouteInput<'getNetworks'>) {
  return solanaNetworkConfiguration(await ctx.settings.get(), { rpcUrl: ctx.solanaRpcUrl, genesisHash: ctx.solana.genesisHash });
}

/** GET /.well-known/jwks.json: the public key that verifies session tokens. */
async function getJwks({ ctx }: RouteInput<'getJwks'>) {
  return { keys: [ctx.signingKey.publicJwk] };
}

/** POST /logs: a batch of the kit's log records. */
async function postLogs({ ctx, body }: RouteInput<'postLogs'>) {
  await storeLogs(ctx, body.logs);
  return { ok: true as const };
}

/** POST /events: a batch of analytics events (each SPEC §3's: anonymousId, event, properties, type `track`). */
async function postEvent({ ctx, body, c }: RouteInput<'postEvent'>) {
  await storeAnalyticsEvents(ctx, body, clientAddressOf(c));
  return { ok: true as const };
}

/** What every client reads first: settings, networks, the JWKS; and where its logs and analytics events go. */
export const bootstrapRoutes: RouteTable = {
  getSettings: { auth: 'public', handler: getSettings },
  getNetworks: { auth: 'public', handler: getNetworks },
  getJwks: { auth: 'public', handler: getJwks },
  postLogs: { auth: 'public', handler: postLogs },
  postEvent: { auth: 'public', handler: postEvent },
};
