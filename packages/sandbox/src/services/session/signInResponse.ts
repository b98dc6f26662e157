import type { ProjectSettings, SignInResponse, User } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import type { SessionRow } from './sessionRepository.js';
import { jwtDurationSeconds } from '../settings/settingsRules.js';
import { loadUser, toWireUser, type UserRecord } from '../users/userRepository.js';
import type { TokenSubject } from './sessionTokens.js';

/** How long refreshes can keep a session alive after its sign-in (longer only when one token lives longer). */
export const SESSION_MAX_LIFETIME_S = 30 * 86_400;

/**
 * When a session (re)started at `now` ends: `security.jwtDuration` later, in whole seconds like `exp`. Given the time of
 * its sign-in (a refresh), no later than `SESSION_MAX_LIFETIME_S` (or one `jwtDuration`, if longer) after it: a token
 * refreshed without end — a stolen one, say — does not keep the session forever.
 */
export function sessionExpiresAt(now: Date, settings: ProjectSettings, signedInAt?: Date): Date {
  const seconds = jwtDurationSeconds(settings);
  const expires = Math.floor(now.getTime() / 1000) + seconds;
  const end = signedInAt === undefined ? expires : Math.floor(signedInAt.getTime() / 1000) + Math.max(SESSION_MAX_LIFETIME_S, seconds);
  return new Date(Math.min(expires, end) * 1000);
}

export function tokenSubject(record: UserRecord, sessionId: string): TokenSubject {
  const { row, credentials } = record;
  const profileEmail = row.profile['email'];
  const username = row.profile['username'];
  // Only a verified address reaches the token: the profile's when it is one of the user's e-mail credentials,
  // else the first of those.
  const verifiedEmails = credentials.filter((credential) => credential.format === 'email').map((credential) => credential.identifier);
  const email = typeof profileEmail === 'string' && verifiedEmails.includes(profileEmail) ? profileEmail : verifiedEmails[0];
  return {
    userId: row.id,
    sessionId,
    email,
    username: typeof username === 'string' && username !== '' ? username : undefined,
    lastVerifiedCredentialId: row.last_verified_credential_id ?? undefined,
    credentials: credentials.map((credential) => ({ id: credential.id, format: credential.format, identifier: credential.identifier })),
  };
}

/** A sign-in response whose reads are done, its tokens being signed (which needs no database). */
export interface PendingSignIn {
  readonly response: Promise<SignInResponse>;
}

/**
 * The sign-in response for `session`, pending: the user is read (beside the session, which may still be on its way —
 * its INSERT issued — in the same round trip), then its token is signed (expiring with the session). Returned at once,
 * nothing awaited: inside a transaction, return it from the work and await it after — COMMIT then goes out with those
 * reads, and the database is not held for the signing (on PGlite, one session for all).
 */
export function startSignInResponse(
  ctx: SandboxContext,
  q: Queryable,
  settings: ProjectSettings,
  userId: string,
  sessionRow: SessionRow | Promise<SessionRow>,
  options: { issuedAt: Date; newUser?: boolean },
): PendingSignIn {
  const { issuedAt, newUser = false } = options;
  const response = Promise.all([loadUser(q, ctx.environmentId, userId), sessionRow]).then(async ([record, session]) => {
    if (!record) throw new Error(`User ${userId} vanished during sign-in.`);
    const tokens = await ctx.tokens.issue(tokenSubject(record, session.id), { issuedAt, expiresAt: session.expires_at });
    return {
      jwt: tokens.jwt,
      minifiedJwt: tokens.minifiedJwt,
      expiresAt: tokens.expiresAt.toISOString(),
      user: toWireUser(record, settings, { sessionId: session.id, newUser }),
    };
  });
  // Whoever takes it awaits it; one a rollback drops is never left unhandled.
  response.catch(() => undefined);
  return { response };
}

/** The sign-in response for `session`, with a freshly signed token expiring with the session. */
export async function signInResponse(
  ctx: SandboxContext,
  q: Queryable,
  settings: ProjectSettings,
  userId: string,
  sessionRow: SessionRow | Promise<SessionRow>,
  options: { issuedAt: Date; newUser?: boolean },
): Promise<SignInResponse> {
  return startSignInResponse(ctx, q, settings, userId, sessionRow, options).response;
}

/**
 * The user a sign-in shows while its second factor is pending: who signs in, with what — the credential just used —
 * and nothing else. The profile, the other credentials (a phone number, the wallets) and the rest wait for the second
 * factor: the first one alone (a read inbox, say) must not reveal them.
 */
export function pendingSignInUser(user: User): User {
  const used = user.verifiedCredentials.filter((credential) => credential.id === user.lastVerifiedCredentialId);
  return {
    id: user.id,
    projectEnvironmentId: user.projectEnvironmentId,
    verifiedCredentials: used,
    ...(user.lastVerifiedCredentialId === undefined ? {} : { lastVerifiedCredentialId: user.lastVerifiedCredentialId }),
    ...(user.newUser === undefined ? {} : { newUser: user.newUser }),
  };
}
