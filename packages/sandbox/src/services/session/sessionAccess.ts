import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import type { UserRecord } from '../users/userRepository.js';
import { loadAccessGate, type AccessGate } from '../wallets/accessList.js';
import { authenticate, type Auth } from './authenticate.js';
import { endAllSessions } from './endSessions.js';

/**
 * A session's user must still pass the access list (SPEC §6 'User does not have access'): one blocked since signing
 * in, or named by none of a list's allow entries, has every session ended at once — on every device, with every key of
 * the user's embedded wallets at custody, as POST /revoke/all does — and the request gets 403 `user_without_access`.
 * Ending them is what stops a wallet's session key too: custody does not consult the product API's list. While the
 * list is empty (`gate.listed` false) this costs nothing beyond the probe read with the session.
 */
export async function endSessionsWithoutAccess(ctx: SandboxContext, auth: Auth, gate: AccessGate, record?: UserRecord): Promise<void> {
  if (!gate.listed) return;
  try {
    await gate.assertUser(ctx.db, auth.userId, record);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'user_without_access') await endAllSessions(ctx, auth);
    throw error;
  }
}

/**
 * A session of a user who must still have access: `authenticated` resolves the session with the access list's probe
 * read beside it (its `alongside`, handed in as `readGate`: the bearer token for the socket, token or cookie for a
 * route), then `endSessionsWithoutAccess`.
 */
export async function withAccess(
  ctx: SandboxContext,
  authenticated: (readGate: (q: Queryable) => Promise<AccessGate>) => Promise<Auth & { alongside: AccessGate }>,
): Promise<Auth> {
  const { userId, session, alongside: gate } = await authenticated((q) => loadAccessGate(ctx, q));
  const auth = { userId, session };
  await endSessionsWithoutAccess(ctx, auth, gate);
  return auth;
}

/** `authenticate` (a bearer token) of a user who must still have access: the socket's login and calls. */
export const authenticateWithAccess = (ctx: SandboxContext, authorization: string): Promise<Auth> =>
  withAccess(ctx, (readGate) => authenticate(ctx, authorization, readGate));
