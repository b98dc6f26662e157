import { randomBytes } from 'node:crypto';
import { API_PATH_PREFIX, type OAuthInitAuthResponse, type SignInResponse, type TelegramSignIn } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import { isLoopbackOrigin } from '../../net/loopbackOrigin.js';
import type { Auth } from '../session/authenticate.js';
import { findSession } from '../session/sessionRepository.js';
import { signInResponse } from '../session/signInResponse.js';
import { completePrimarySignIn } from '../mfa/mfa.js';
import { isTelegramHashValid, type TelegramWidgetData } from './telegramLogin.js';
import { findCredential, insertCredential, markSignIn, signInCredentialOwner } from '../users/userRepository.js';
import { storeOneTimeState } from '../retention/sweepExpired.js';

/** A login attempt (its state) is good for this long. */
export const TELEGRAM_STATE_TTL_MS = 10 * 60_000;
/** Telegram data older than a day is refused. */
export const TELEGRAM_MAX_AUTH_AGE_S = 86_400;

export const telegramMessages = {
  notEnabled: 'Telegram sign-in is not enabled for this environment.',
  invalidState: 'Failed to connect telegram account: Invalid random state',
  badHash: 'The Telegram login data is not signed by this bot.',
  outdated: 'The Telegram login data is older than a day.',
  alreadyUsed: 'This Telegram login was already used: sign in with Telegram again.',
  accountAlreadyLinked: 'This Telegram account is already linked to your account.',
  socialAccountExists: 'This Telegram account belongs to another user.',
  origin: 'Telegram sign-in starts from the app: the Origin header must be a loopback origin or https on an allowed domain.',
} as const;

export async function assertTelegramEnabled(ctx: SandboxContext): Promise<void> {
  const settings = await ctx.settings.get();
  const toggled = settings.sdk.socialSignIn?.providers.some((toggle) => toggle.provider === 'telegram' && toggle.enabled);
  const entry = settings.providers.some((provider) => provider.provider === 'telegram' && provider.enabledAt);
  if (!toggled || !entry) throw new ApiError(400, 'provider_not_available', telegramMessages.notEnabled);
}

/** The page the kit opens: the return address of the simulator, on this API's origin. */
export function telegramAuthUrl(ctx: SandboxContext, state: string): string {
  return `${ctx.apiBaseUrl}${API_PATH_PREFIX}/sdk/${ctx.environmentId}/telegram/auth?state=${encodeURIComponent(state)}`;
}

/** The origin of an app page the login data may be handed to: loopback, or https on one of `security.allowedDomains`. */
function acceptedAppOrigin(origin: string | undefined, allowedDomains: readonly string[]): string | undefined {
  if (!origin) return undefined;
  if (isLoopbackOrigin(origin)) return origin;
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' && url.origin === origin && allowedDomains.includes(url.hostname) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /telegram/initAuth: a fresh state, registered with the app's origin as the request's `Origin` names it (a
 * browser sets it on every cross-origin fetch; a page cannot forge it). The login page later hands Telegram's data
 * to that origin only — never to one read from the popup's `Referer`, which a host may suppress
 * (`Referrer-Policy: no-referrer`).
 */
export async function initTelegramAuth(ctx: SandboxContext, origin: string | undefined): Promise<OAuthInitAuthResponse> {
  await assertTelegramEnabled(ctx);
  const settings = await ctx.settings.get();
  const appOrigin = acceptedAppOrigin(origin, settings.security.allowedDomains ?? []);
  if (!appOrigin) throw new ApiError(400, 'invalid_request', telegramMessages.origin);
  const state = randomBytes(24).toString('base64url');
  const now = ctx.now();
  await storeOneTimeState(
    ctx,
    'telegram_states',
    (q) =>
      q.query(`INSERT INTO telegram_states (state, environment_id, app_origin, status, created_at, expires_at) VALUES ($1, $2, $3, 'pending', $4, $5)`, [
        state,
        ctx.environmentId,
        appOrigin,
        now.toISOString(),
        new Date(now.getTime() + TELEGRAM_STATE_TTL_MS).toISOString(),
      ]),
    { anonymous: true },
  );
  const authorizationUrl = telegramAuthUrl(ctx, state);
  return { state, redirectUrl: authorizationUrl.slice(0, authorizationUrl.indexOf('?')), authorizationUrl };
}

/**
 * GET /telegram/auth?state= (first visit): the state must have been registered by initAuth (with its app origin);
 * then the browser goes to the login simulator. `undefined` for an unknown, used or expired state.
 */
export async function beginTelegramAuth(ctx: SandboxContext, state: string): Promise<string | undefined> {
  await assertTelegramEnabled(ctx);
  if (!(await findTelegramState(ctx, ctx.db, state))) return undefined;
  const login = new URL('/auth', ctx.telegram.loginOrigin);
  login.search = new URLSearchParams({
    bot_id: ctx.telegram.botId,
    origin: new URL(ctx.apiBaseUrl).origin,
    return_to: `${telegramAuthUrl(ctx, state)}&returned=1`,
    request_access: 'write',
  }).toString();
  return login.href;
}

/** The pending, unexpired state (read only): the return page posts only to its app origin. */
export async function findTelegramState(ctx: SandboxContext, q: Queryable, state: string, lock = false): Promise<{ state: string; app_origin: string | null } | undefined> {
  const rows = await q.query<{ state: string; app_origin: string | null; status: string; expires_at: Date }>(
    `SELECT state, app_origin, status, expires_at FROM telegram_states WHERE environment_id = $1 AND state = $2${lock ? ' FOR UPDATE' : ''}`,
    [ctx.environmentId, state],
  );
  const row = rows[0];
  if (!row || row.status !== 'pending' || row.expires_at.getTime() <= ctx.now().getTime()) return undefined;
  return row;
}

function widgetData(input: TelegramSignIn['telegramAuth']): TelegramWidgetData {
  return {
    id: input.id,
    first_name: input.firstName,
    last_name: input.lastName,
    username: input.username,
    photo_url: input.photoURL,
    auth_date: input.authDate,
  };
}

/** State pending and this browser's, hash signed with the bot token, data at most a day old; the state is used only on success. */
async function withTelegram<T>(ctx: SandboxContext, input: TelegramSignIn, then: (tx: Queryable, identifier: string) => Promise<T>): Promise<T> {
  await assertTelegramEnabled(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await findTelegramState(ctx, tx, input.state, true);
    if (!row) throw new ApiError(400, 'invalid_verification', telegramMessages.invalidState, 'state');
    if (!isTelegramHashValid(ctx.telegram.botToken, widgetData(input.telegramAuth), input.telegramAuth.hash)) {
      throw new ApiError(400, 'invalid_verification', telegramMessages.badHash, 'telegramAuth.hash');
    }
    const age = Math.floor(ctx.now().getTime() / 1000) - input.telegramAuth.authDate;
    if (age > TELEGRAM_MAX_AUTH_AGE_S || age < -60) throw new ApiError(400, 'invalid_verification', telegramMessages.outdated, 'telegramAuth.authDate');
    // The signed data is good for a day, whatever state it comes with: it signs in once. The state that used it keeps
    // its hash until the data expires (the sweep takes it an hour after that); the unique index settles a race.
    const used = await tx.query('SELECT 1 FROM telegram_states WHERE environment_id = $1 AND auth_hash = $2', [ctx.environmentId, input.telegramAuth.hash]);
    if (used.length > 0) throw new ApiError(400, 'invalid_verification', telegramMessages.alreadyUsed, 'telegramAuth.hash');
    const result = await then(tx, `telegram:${input.telegramAuth.id}`);
    const dataExpiresAt = new Date((input.telegramAuth.authDate + TELEGRAM_MAX_AUTH_AGE_S) * 1000).toISOString();
    await tx
      .query(`UPDATE telegram_states SET status = 'used', used_at = $2, auth_hash = $3, expires_at = greatest(expires_at, $4::timestamptz) WHERE state = $1`, [
        row.state,
        ctx.now().toISOString(),
        input.telegramAuth.hash,
        dataExpiresAt,
      ])
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ApiError(400, 'invalid_verification', telegramMessages.alreadyUsed, 'telegramAuth.hash');
        throw error;
      });
    return result;
  });
}

async function saveTelegramAccount(ctx: SandboxContext, q: Queryable, credentialId: string, input: TelegramSignIn['telegramAuth']): Promise<void> {
  const name = [input.firstName, input.lastName].filter(Boolean).join(' ');
  await q.query(
    `INSERT INTO oauth_accounts (credential_id, environment_id, provider, account_id, username, display_name, emails)
     VALUES ($1, $2, 'telegram', $3, $4, $5, '[]'::jsonb)
     ON CONFLICT (credential_id) DO UPDATE SET username = EXCLUDED.username, display_name = EXCLUDED.display_name`,
    [credentialId, ctx.environmentId, String(input.id), input.username ?? null, name],
  );
}

/** POST /telegram/signin: the Telegram account's user signed in (created on first use). */
export async function signInWithTelegram(ctx: SandboxContext, input: TelegramSignIn): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  return withTelegram(ctx, input, async (tx, identifier) => {
    const now = ctx.now();
    const { credential, newUser } = await signInCredentialOwner(tx, { environmentId: ctx.environmentId, format: 'oauth', now }, { identifier, profile: {} });
    await saveTelegramAccount(ctx, tx, credential.id, input.telegramAuth);
    // A primary sign-in like any other: with a verified second factor it answers an MFA challenge, not a session.
    return completePrimarySignIn(ctx, tx, settings, credential.user_id, { newUser });
  });
}

/** POST /telegram/verify (bearer): links the Telegram account to the signed-in user. */
export async function linkTelegram(ctx: SandboxContext, auth: Auth, input: TelegramSignIn): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  return withTelegram(ctx, input, async (tx, identifier) => {
    const now = ctx.now();
    const existing = await findCredential(tx, ctx.environmentId, 'oauth', identifier);
    if (existing?.user_id === auth.userId) throw new ApiError(400, 'account_already_linked', telegramMessages.accountAlreadyLinked);
    const taken = () => new ApiError(400, 'social_account_already_exists', telegramMessages.socialAccountExists);
    if (existing) throw taken();
    // Another user linking (or signing up with) it at the same moment: that insert won.
    const credential = await insertCredential(tx, { userId: auth.userId, environmentId: ctx.environmentId, format: 'oauth', identifier, now }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error;
    });
    await saveTelegramAccount(ctx, tx, credential.id, input.telegramAuth);
    await markSignIn(tx, auth.userId, credential.id, now);
    const session = (await findSession(tx, ctx.environmentId, auth.session.id)) ?? auth.session;
    return signInResponse(ctx, tx, settings, auth.userId, session, { issuedAt: now });
  });
}

/**
 * The environment's bot token, made once and kept in the database (`sandbox_secrets`), so that several sandbox
 * processes on one PostgreSQL verify each other's login data.
 */
export async function loadOrCreateBotToken(db: Queryable, environmentId: string, now: Date): Promise<{ botId: string; botToken: string }> {
  await db.query(
    `INSERT INTO sandbox_secrets (environment_id, name, value, created_at) VALUES ($1, 'telegram-bot-token', $2, $3) ON CONFLICT (environment_id, name) DO NOTHING`,
    [environmentId, newBotToken().botToken, now.toISOString()],
  );
  const rows = await db.query<{ value: string }>(`SELECT value FROM sandbox_secrets WHERE environment_id = $1 AND name = 'telegram-bot-token'`, [environmentId]);
  const botToken = rows[0]!.value;
  return { botId: botToken.slice(0, botToken.indexOf(':')), botToken };
}

/** A fresh bot token, shaped like Telegram's (`<bot id>:<secret>`). */
export function newBotToken(): { botId: string; botToken: string } {
  const botId = String(1_000_000_000 + (randomBytes(4).readUInt32BE(0) % 1_000_000_000));
  return { botId, botToken: `${botId}:${randomBytes(26).toString('base64url')}` };
}
