import type { Context } from 'hono';
import type { SandboxContext } from '../context.js';
import { ApiError } from '../errors/ApiError.js';
import { enrolmentAuth, pendingChallengeAuth, userOfMfaBearer, type EnrolmentAuth } from '../services/mfa/mfa.js';
import { authenticateRequest, type Auth } from '../services/session/authenticate.js';
import { loadUser, type UserRecord } from '../services/users/userRepository.js';
import { loadAccessGate } from '../services/wallets/accessList.js';
import { endSessionsWithoutAccess, withAccess } from '../services/session/sessionAccess.js';
import { assertRecentSecondFactor } from '../services/mfa/stepUp.js';

/**
 * Who may call a product route, as data beside the route (`mountRoutes`), and what its handler then gets as `auth`:
 * - `public`: anyone; `undefined`.
 * - `session`: a live session token, or session cookie (401 otherwise, checked before the body is read), of a user who
 *   still passes the access list (403 `user_without_access` otherwise, and every session of the user ends:
 *   `endSessionsWithoutAccess`); the session and its user. The list's probe rides with the session's read.
 * - `sessionLeaving`: a live session even of a user who lost access: signing out and deleting the account stay possible
 *   (so do the MFA kinds below: passing a second factor confirms such a deletion).
 * - `sessionUser`: `session`, with the user's record and the access list read in the same round trip as the session.
 * - `mfaToken`: the bearer of a sign-in whose second factor is pending (its MFA token), or a live session (a step-up),
 *   as it came; 401 first when it is neither (the handler checks it again, under lock).
 * - `enrolment`: a session, or else the MFA token of a sign-in that must enrol a second factor first
 *   (`security.mfa.required`, no device yet); the user, and the session when it is one (verifying a device passes a
 *   second factor for it).
 * - `challenge`: a session, or else the MFA token of a pending challenge; the user.
 */
export interface AuthByKind {
  public: undefined;
  session: Auth;
  sessionLeaving: Auth;
  sessionUser: Auth & { readonly record: UserRecord | undefined };
  mfaToken: string | undefined;
  enrolment: EnrolmentAuth;
  challenge: Pick<Auth, 'userId'>;
}

export type AuthKind = keyof AuthByKind;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const bearerToken = (c: Context) => c.req.header('authorization')?.match(BEARER)?.[1];

/**
 * A session token, or else the MFA token as `fromMfaToken` accepts it. When neither is good, the session's error is
 * the answer — unless the token is an MFA token that may not do this (403), which says why.
 */
async function sessionOrMfaToken(
  ctx: SandboxContext,
  c: Context,
  fromMfaToken: (token: string) => Promise<Pick<Auth, 'userId'>>,
  checkSession?: (auth: Auth) => Promise<void>,
): Promise<Pick<Auth, 'userId'>> {
  let auth: Auth;
  try {
    auth = await authenticateRequest(ctx, c);
  } catch (sessionError) {
    const token = bearerToken(c);
    if (!token) throw sessionError;
    try {
      return await fromMfaToken(token);
    } catch (tokenError) {
      if (tokenError instanceof ApiError && tokenError.status === 403) throw tokenError;
      throw sessionError;
    }
  }
  await checkSession?.(auth);
  return auth;
}

/** How each kind resolves a request's `auth`; throws the route's 401/403. */
export const resolveAuth: { readonly [K in AuthKind]: (ctx: SandboxContext, c: Context) => Promise<AuthByKind[K]> } = {
  public: async () => undefined,
  // The bearer token, or the session cookie when the request has no Authorization header (cookie storage).
  session: (ctx, c) => withAccess(ctx, (readGate) => authenticateRequest(ctx, c, readGate)),
  sessionLeaving: (ctx, c) => authenticateRequest(ctx, c),
  sessionUser: async (ctx, c) => {
    const auth = await authenticateRequest(ctx, c, (q, userId) => Promise.all([loadUser(q, ctx.environmentId, userId), loadAccessGate(ctx, q)]));
    const [record, gate] = auth.alongside;
    // Without a record the handler answers 401; the gate reads the user's identities from it.
    if (record) await endSessionsWithoutAccess(ctx, auth, gate, record);
    return { userId: auth.userId, session: auth.session, record };
  },
  // Checked before the body is read, like a session (a live session is a step-up); the handler checks it again, locked.
  mfaToken: async (ctx, c) => {
    const token = bearerToken(c);
    await userOfMfaBearer(ctx, ctx.db, token);
    return token;
  },
  // A session adds a second factor beside the user's only after passing one of them recently (step-up): a device of
  // the session's own choosing would pass every later step-up. An MFA token enrols only a user with no device.
  enrolment: (ctx, c) =>
    sessionOrMfaToken(ctx, c, (token) => enrolmentAuth(ctx, token), async (auth) => {
      // With MFA off the route refuses anyway (provider_not_available), and devices guard nothing.
      if ((await ctx.settings.get()).security.mfa?.enabled) await assertRecentSecondFactor(ctx, ctx.db, auth);
    }),
  challenge: (ctx, c) => sessionOrMfaToken(ctx, c, (token) => pendingChallengeAuth(ctx, token)),
};

/** Whether a kind is for routes the protocol marks `bearer` (`mfaToken` routes may be either). */
export const bearerOf: { readonly [K in AuthKind]: boolean | undefined } = {
  public: false,
  session: true,
  sessionLeaving: true,
  sessionUser: true,
  mfaToken: undefined,
  enrolment: true,
  challenge: true,
};
