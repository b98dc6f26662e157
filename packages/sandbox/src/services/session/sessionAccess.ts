import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import type { UserRecord } from '../users/userRepository.js';
import { loadAccessGate, type AccessGate } from '../wallets/accessList.js';
import { authenticate, type Auth } from './authenticate.js';
import { endAllSessions, endCustodyKeys } from './endSessions.js';

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

/** Users whose custody keys one round of `endCustodyKeysWithoutAccess` judges. */
const SWEEP_USERS = 200;

/**
 * After the admin narrowed the access list (`setAccessListEntry`'s `narrowed`): every custody key of every user who no
 * longer passes is deleted at once. Custody does not consult the list, so a key would otherwise sign until its user's
 * next request to the product API — which a client holding the key need never send. The sessions stay: their next
 * request answers 403 `user_without_access` (saying why) and ends them there. The users judged are those with an
 * embedded wallet or a recorded custody key, in rounds of `SWEEP_USERS` in id order (each round starts past the last
 * id, so the loop ends). Answers how many users lost their keys.
 */
export async function endCustodyKeysWithoutAccess(ctx: SandboxContext): Promise<number> {
  const gate = await loadAccessGate(ctx, ctx.db);
  if (!gate.listed) return 0;
  let ended = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const users = await ctx.db.query<{ user_id: string }>(
      `SELECT user_id FROM (SELECT user_id FROM embedded_wallets WHERE environment_id = $1 UNION SELECT user_id FROM session_custody_keys WHERE environment_id = $1) holders
       WHERE user_id > $2::uuid ORDER BY user_id LIMIT ${SWEEP_USERS}`,
      [ctx.environmentId, after],
    );
    for (const { user_id: userId } of users) {
      if (!(await gate.userRefusal(ctx.db, userId))) continue;
      await endCustodyKeys(ctx, userId, 'all');
      ended += 1;
    }
    if (users.length < SWEEP_USERS) return ended;
    after = users[users.length - 1]!.user_id;
  }
}
