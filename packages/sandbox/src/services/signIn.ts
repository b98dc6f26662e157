import type { ProjectSettings, SignInResponse } from '@latchkey/protocol';
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import type { SessionRow } from './sessionRepository.js';
import { completePrimarySignIn } from './mfa.js';
import { jwtDurationSeconds } from './settingsRules.js';
import { findCredential, insertCredential, insertUser, loadUser, markSignIn, toWireUser, type UserRecord } from './userRepository.js';
import type { TokenSubject } from './sessionTokens.js';

/** When a session (re)started at `now` ends: `security.jwtDuration` later, in whole seconds like `exp`. */
export function sessionExpiresAt(now: Date, settings: ProjectSettings): Date {
  return new Date((Math.floor(now.getTime() / 1000) + jwtDurationSeconds(settings)) * 1000);
}

export function tokenSubject(record: UserRecord, sessionId: string): TokenSubject {
  const { row, credentials } = record;
  const email = row.profile['email'];
  const username = row.profile['username'];
  return {
    userId: row.id,
    sessionId,
    email: typeof email === 'string' && email !== '' ? email : undefined,
    username: typeof username === 'string' && username !== '' ? username : undefined,
    lastVerifiedCredentialId: row.last_verified_credential_id ?? undefined,
    credentials: credentials.map((credential) => ({ id: credential.id, format: credential.format, identifier: credential.identifier })),
  };
}

/** The sign-in response for `session`, with a freshly signed token expiring with the session. */
export async function signInResponse(
  ctx: SandboxContext,
  q: Queryable,
  settings: ProjectSettings,
  userId: string,
  session: SessionRow,
  options: { issuedAt: Date; newUser?: boolean },
): Promise<SignInResponse> {
  const { issuedAt, newUser = false } = options;
  const record = await loadUser(q, ctx.environmentId, userId);
  if (!record) throw new Error(`User ${userId} vanished during sign-in.`);
  const tokens = await ctx.tokens.issue(tokenSubject(record, session.id), { issuedAt, expiresAt: session.expires_at });
  return {
    jwt: tokens.jwt,
    minifiedJwt: tokens.minifiedJwt,
    expiresAt: tokens.expiresAt.toISOString(),
    user: toWireUser(record, settings, { sessionId: session.id, newUser }),
  };
}

/** Finds (or creates) the user owning the e-mail credential, and opens a session for them. */
export function signInWithEmail(ctx: SandboxContext, q: Queryable, settings: ProjectSettings, email: string): Promise<SignInResponse> {
  return signInWithCredential(ctx, q, settings, 'email', email, { email });
}

/**
 * Finds (or creates, with `profile`) the user owning the credential `format`/`identifier` (an
 * e-mail address, an E.164 phone number), and opens a session for them.
 */
export async function signInWithCredential(
  ctx: SandboxContext,
  q: Queryable,
  settings: ProjectSettings,
  format: string,
  identifier: string,
  profile: Record<string, unknown>,
): Promise<SignInResponse> {
  const now = ctx.now();
  let credential = await findCredential(q, ctx.environmentId, format, identifier);
  const newUser = credential === undefined;
  if (!credential) {
    const user = await insertUser(q, ctx.environmentId, profile, now);
    credential = await insertCredential(q, { userId: user.id, environmentId: ctx.environmentId, format, identifier, now });
  }
  await markSignIn(q, credential.user_id, credential.id, now);
  // A session, or an MFA token when a second factor is due.
  return completePrimarySignIn(ctx, q, settings, credential.user_id, { newUser });
}
