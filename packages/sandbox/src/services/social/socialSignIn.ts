import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_PATH_PREFIX, type OAuthCodeExchange, type OAuthInitAuthResponse, type ProjectSettings, type SignInResponse, type SocialProvider } from '@latchkey/protocol';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { SandboxContext } from '../../context.js';
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import { isLoopbackOrigin } from '../../net/loopbackOrigin.js';
import type { Auth } from '../session/authenticate.js';
import { findSession } from '../session/sessionRepository.js';
import { signInResponse } from '../session/signInResponse.js';
import { completePrimarySignIn } from '../mfa/mfa.js';
import { assertAccessAllowed } from '../wallets/accessList.js';
import { findCredential, insertCredential, markSignIn, signInCredentialOwner } from '../users/userRepository.js';
import { storeOneTimeState } from '../retention/sweepExpired.js';

/** An authorization attempt (its state) is good for this long. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export const socialMessages = {
  providerNotAvailable: (provider: string) => `The ${provider} social provider is not enabled for this environment.`,
  invalidState: 'Invalid random state',
  wrongVerifier: 'The code verifier does not match the code challenge.',
  verifierRequired: 'A PKCE code verifier is required (only Apple binds the ID token to a nonce instead).',
  challengeRequired: 'A PKCE code challenge is required (only Apple binds the ID token to a nonce instead).',
  wrongNonce: 'The nonce does not match the one this attempt was started with.',
  invalidCode: 'The authorization code is invalid, was not issued for this state or was already used.',
  providerRefused: 'The social provider refused the authorization code.',
  accountAlreadyLinked: 'This social account is already linked to your account.',
  socialAccountExists: 'This social account belongs to another user.',
} as const;

export interface OAuthStateRow {
  state: string;
  provider: string;
  code_challenge: string;
  redirect_uri: string;
  app_origin: string | null;
  return_url: string | null;
  status: 'pending' | 'used';
  expires_at: Date;
}

/**
 * Apple's SDK flow has no PKCE: the kit commits to SHA-256(nonce) (hex) at initAuth, the ID token
 * carries that hash, and the raw nonce comes with the code. The commitment is kept where a PKCE
 * challenge would be, marked by this prefix so neither can stand in for the other.
 */
export const NONCE_COMMITMENT_PREFIX = 'nonce-sha256:';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The client id the sandbox uses with its provider for `provider`. */
function clientIdOf(settings: ProjectSettings, provider: string): string {
  return settings.providers.find((entry) => entry.provider === provider)?.clientId ?? `latchkey-sandbox-${provider}`;
}

/**
 * The sandbox plays Apple too: an Apple provider entry without `baseAuthUrl` (where Apple's JS is
 * served; the kit appends Apple's script path) gets the sandbox's OIDC origin, which serves the SDK
 * emulation. Filled in when the settings are served because the port is known only then.
 */
export function withAppleSdkEmulation(settings: ProjectSettings, issuer: string): ProjectSettings {
  return { ...settings, providers: settings.providers.map((entry) => (entry.provider === 'apple' && entry.baseAuthUrl === undefined ? { ...entry, baseAuthUrl: issuer } : entry)) };
}

/** Social providers on: toggled on in `sdk.socialSignIn`, with an enabled provider entry. Telegram has its own routes. */
export function enabledSocialProviders(settings: ProjectSettings): SocialProvider[] {
  const toggles = settings.sdk.socialSignIn?.providers ?? [];
  return toggles
    .filter((toggle) => toggle.enabled && toggle.provider !== 'telegram')
    .filter((toggle) => settings.providers.some((entry) => entry.provider === toggle.provider && entry.enabledAt))
    .map((toggle) => toggle.provider);
}

export function assertSocialProviderEnabled(settings: ProjectSettings, provider: SocialProvider): void {
  if (!enabledSocialProviders(settings).includes(provider)) throw new ApiError(400, 'provider_not_available', socialMessages.providerNotAvailable(provider));
}

/** The page the provider returns to: `{apiBaseUrl}/api/v0/sdk/{environmentId}/providers/{provider}/redirect`. */
export function socialRedirectUri(ctx: SandboxContext, provider: string): string {
  return `${ctx.apiBaseUrl}${API_PATH_PREFIX}/sdk/${ctx.environmentId}/providers/${provider}/redirect`;
}

/**
 * POST /providers/{provider}/initAuth: a fresh state bound to the PKCE challenge and the exact
 * redirect URI; the answer is the provider's sign-in URL. With `redirectUrl` (the redirect
 * strategy) the redirect page sends the browser back there instead of to an opener.
 */
export async function initSocialAuth(
  ctx: SandboxContext,
  provider: SocialProvider,
  input: { codeChallenge?: string | undefined; codeChallengeMethod: 'S256'; nonce?: string | undefined; redirectUrl?: string | undefined },
  appOrigin: string | undefined,
): Promise<OAuthInitAuthResponse> {
  const settings = await ctx.settings.get();
  assertSocialProviderEnabled(settings, provider);
  if (input.redirectUrl !== undefined && !isLoopbackOrigin(new URL(input.redirectUrl).origin)) {
    throw new ApiError(400, 'invalid_request', 'redirectUrl must be on an allowed (loopback) origin.', 'redirectUrl');
  }
  // PKCE for everyone; Apple's SDK flow may bind the ID token to a nonce instead.
  const byNonce = input.codeChallenge === undefined;
  if (byNonce && (provider !== 'apple' || input.nonce === undefined)) throw new ApiError(400, 'invalid_request', socialMessages.challengeRequired, 'codeChallenge');
  const commitment = byNonce ? `${NONCE_COMMITMENT_PREFIX}${input.nonce}` : input.codeChallenge!;
  const origin = appOrigin && isLoopbackOrigin(appOrigin) ? appOrigin : null;
  const state = randomBytes(32).toString('base64url');
  const redirectUri = socialRedirectUri(ctx, provider);
  const now = ctx.now();
  await storeOneTimeState(
    ctx,
    'oauth_states',
    (q) =>
      q.query(
        `INSERT INTO oauth_states (state, environment_id, provider, code_challenge, redirect_uri, app_origin, return_url, status, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9)`,
        [state, ctx.environmentId, provider, commitment, redirectUri, origin, input.redirectUrl ?? null, now.toISOString(), new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString()],
      ),
    { anonymous: true },
  );
  const url = new URL('/signin', ctx.oauthProvider.issuer);
  const common = { provider, client_id: clientIdOf(settings, provider), redirect_uri: redirectUri, response_type: 'code' };
  url.search = new URLSearchParams(
    byNonce
      ? // What Apple's SDK opens (AppleID.auth.init takes these values from here): its popup answers by web message, its redirect on redirect_uri.
        { ...common, scope: 'name email', state, nonce: input.nonce!, response_mode: input.redirectUrl === undefined ? 'web_message' : 'query' }
      : { ...common, scope: 'openid email profile', state, code_challenge: input.codeChallenge!, code_challenge_method: 'S256' },
  ).toString();
  return { state, redirectUrl: redirectUri, authorizationUrl: url.href };
}

/** The pending, unexpired state row of `provider` (for the redirect page: read only). */
export async function findOAuthState(ctx: SandboxContext, q: Queryable, provider: string, state: string, lock = false): Promise<OAuthStateRow | undefined> {
  const rows = await q.query<OAuthStateRow>(
    `SELECT state, provider, code_challenge, redirect_uri, app_origin, return_url, status, expires_at FROM oauth_states
     WHERE environment_id = $1 AND state = $2 AND provider = $3${lock ? ' FOR UPDATE' : ''}`,
    [ctx.environmentId, state, provider],
  );
  const row = rows[0];
  if (!row || row.status !== 'pending' || row.expires_at.getTime() <= ctx.now().getTime()) return undefined;
  return row;
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

interface SocialIdentity {
  accountId: string;
  email: string | undefined;
  displayName: string | undefined;
  username: string | undefined;
}

/** Redeems the code at the provider's token endpoint and verifies the ID token it returns. */
async function redeemCode(ctx: SandboxContext, settings: ProjectSettings, row: OAuthStateRow, input: OAuthCodeExchange, hashedNonce: string | undefined): Promise<SocialIdentity> {
  const clientId = clientIdOf(settings, row.provider);
  const response = await fetch(new URL('/token', ctx.oauthProvider.issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: row.redirect_uri,
      client_id: clientId,
      ...(input.codeVerifier !== undefined ? { code_verifier: input.codeVerifier } : {}),
    }),
  });
  if (!response.ok) throw new ApiError(400, 'invalid_verification', socialMessages.providerRefused, 'code');
  const tokens = (await response.json()) as { id_token?: unknown };
  if (typeof tokens.id_token !== 'string') throw new ApiError(400, 'invalid_verification', socialMessages.providerRefused, 'code');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(tokens.id_token, jwksOf(ctx.oauthProvider.issuer), { issuer: ctx.oauthProvider.issuer, audience: clientId }));
  } catch {
    throw new ApiError(400, 'invalid_verification', socialMessages.providerRefused, 'code');
  }
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new ApiError(400, 'invalid_verification', socialMessages.providerRefused, 'code');
  // Apple: the ID token must carry the nonce this attempt committed to.
  if (hashedNonce !== undefined && (typeof payload['nonce'] !== 'string' || !sameText(payload['nonce'], hashedNonce))) {
    throw new ApiError(400, 'invalid_verification', socialMessages.wrongNonce, 'nonce');
  }
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  // Only an address the provider verified enters the identity (Apple writes the flag as a string).
  const verified = payload['email_verified'] === true || payload['email_verified'] === 'true';
  return { accountId: payload.sub, email: verified ? text(payload['email']) : undefined, displayName: text(payload['name']), username: text(payload['preferred_username']) };
}

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function jwksOf(issuer: string): ReturnType<typeof createRemoteJWKSet> {
  let jwks = jwksCache.get(issuer);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL('/jwks', issuer));
    jwksCache.set(issuer, jwks);
  }
  return jwks;
}

/**
 * The checks the mock provider does not make, then the exchange: the state is pending, unexpired
 * and this provider's; the verifier hashes (S256) to the challenge stored with it — or, for Apple's
 * SDK flow, the raw nonce hashes (SHA-256 hex) to the committed nonce, which the code's request and
 * the ID token must carry too; the code was issued by the provider for exactly this state, client
 * and redirect URI and not redeemed yet.
 * Runs inside `tx` with the state row locked; the state is marked used only if `then` succeeds.
 */
async function withExchange<T>(
  ctx: SandboxContext,
  provider: SocialProvider,
  input: OAuthCodeExchange,
  then: (tx: Queryable, settings: ProjectSettings, identity: SocialIdentity) => Promise<T>,
): Promise<T> {
  const settings = await ctx.settings.get();
  assertSocialProviderEnabled(settings, provider);
  return ctx.db.transaction(async (tx) => {
    const row = await findOAuthState(ctx, tx, provider, input.state, true);
    if (!row) throw new ApiError(400, 'invalid_verification', socialMessages.invalidState, 'state');
    // PKCE, or (Apple's SDK flow only) the raw nonce behind the committed hash.
    let hashedNonce: string | undefined;
    if (input.codeVerifier !== undefined) {
      if (!sameText(s256(input.codeVerifier), row.code_challenge)) throw new ApiError(400, 'invalid_verification', socialMessages.wrongVerifier, 'codeVerifier');
    } else if (provider === 'apple' && input.nonce !== undefined) {
      hashedNonce = sha256Hex(input.nonce);
      if (!sameText(`${NONCE_COMMITMENT_PREFIX}${hashedNonce}`, row.code_challenge)) throw new ApiError(400, 'invalid_verification', socialMessages.wrongNonce, 'nonce');
    } else {
      throw new ApiError(400, 'invalid_request', socialMessages.verifierRequired, 'codeVerifier');
    }
    const grant = ctx.oauthProvider.grant(input.code);
    const grantMatches =
      grant !== undefined &&
      grant.state === row.state &&
      grant.redirectUri === row.redirect_uri &&
      grant.clientId === clientIdOf(settings, provider) &&
      (hashedNonce === undefined ? grant.codeChallenge === row.code_challenge : grant.codeChallenge === undefined && grant.nonce === hashedNonce);
    if (!grantMatches) throw new ApiError(400, 'invalid_verification', socialMessages.invalidCode, 'code');
    const identity = await redeemCode(ctx, settings, row, input, hashedNonce);
    const result = await then(tx, settings, identity);
    await tx.query(`UPDATE oauth_states SET status = 'used', used_at = $2 WHERE state = $1`, [row.state, ctx.now().toISOString()]);
    return result;
  });
}

function credentialIdentifier(provider: string, accountId: string): string {
  return `${provider}:${accountId}`;
}

async function saveOAuthAccount(ctx: SandboxContext, q: Queryable, credentialId: string, provider: string, identity: SocialIdentity): Promise<void> {
  await q.query(
    `INSERT INTO oauth_accounts (credential_id, environment_id, provider, account_id, username, display_name, emails)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
     ON CONFLICT (credential_id) DO UPDATE SET username = EXCLUDED.username, display_name = EXCLUDED.display_name, emails = EXCLUDED.emails`,
    [credentialId, ctx.environmentId, provider, identity.accountId, identity.username ?? null, identity.displayName ?? null, JSON.stringify(identity.email ? [identity.email] : [])],
  );
}

/** POST /providers/{provider}/signIn: the social account's user signed in (created on first use). */
export async function signInWithSocial(ctx: SandboxContext, provider: SocialProvider, input: OAuthCodeExchange): Promise<SignInResponse> {
  return withExchange(ctx, provider, input, async (tx, settings, identity) => {
    const now = ctx.now();
    const identifier = credentialIdentifier(provider, identity.accountId);
    // The access gate (SPEC §6): the social account (`{provider}:{accountId}`) and its e-mail address and domain.
    await assertAccessAllowed(ctx, tx, identity.email ? [identifier, identity.email] : [identifier]);
    const { credential, newUser } = await signInCredentialOwner(tx, { environmentId: ctx.environmentId, format: 'oauth', now }, { identifier, profile: identity.email ? { email: identity.email } : {} });
    await saveOAuthAccount(ctx, tx, credential.id, provider, identity);
    // A primary sign-in like any other: with a verified second factor it answers an MFA challenge, not a session.
    return completePrimarySignIn(ctx, tx, settings, credential.user_id, { newUser });
  });
}

/** POST /providers/{provider}/verify (bearer): links the social account to the signed-in user. */
export async function linkSocialAccount(ctx: SandboxContext, auth: Auth, provider: SocialProvider, input: OAuthCodeExchange): Promise<SignInResponse> {
  return withExchange(ctx, provider, input, async (tx, settings, identity) => {
    const now = ctx.now();
    const identifier = credentialIdentifier(provider, identity.accountId);
    const existing = await findCredential(tx, ctx.environmentId, 'oauth', identifier);
    if (existing?.user_id === auth.userId) throw new ApiError(400, 'account_already_linked', socialMessages.accountAlreadyLinked);
    const taken = () => new ApiError(400, 'social_account_already_exists', socialMessages.socialAccountExists);
    if (existing) throw taken();
    // Another user linking (or signing up with) it at the same moment: that insert won.
    const credential = await insertCredential(tx, { userId: auth.userId, environmentId: ctx.environmentId, format: 'oauth', identifier, now }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error;
    });
    await saveOAuthAccount(ctx, tx, credential.id, provider, identity);
    await markSignIn(tx, auth.userId, credential.id, now);
    const session = (await findSession(tx, ctx.environmentId, auth.session.id)) ?? auth.session;
    return signInResponse(ctx, tx, settings, auth.userId, session, { issuedAt: now });
  });
}
