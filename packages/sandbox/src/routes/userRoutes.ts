import { ApiError, messages } from '../errors/ApiError.js';
import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import { checkUserField as checkField } from '../services/users/checkUserField.js';
import { deleteUser as deleteAccount } from '../services/users/deleteUser.js';
import * as users from '../services/users/updateUser.js';
import { toWireUser } from '../services/users/userRepository.js';
import { selectWallet as selectPrimaryWallet } from '../services/wallets/walletSignIn.js';

/** GET /users: the signed-in user. */
async function getUser({ ctx, auth }: RouteInput<'getUser', 'sessionUser'>) {
  // The user and the access list came with the session (one round trip); a user who lost access since signing in
  // was refused there, and every session of theirs ended (SPEC §6 'User does not have access').
  const { record } = auth;
  if (!record) throw new ApiError(401, 'unauthorized', messages.invalidToken);
  return { user: toWireUser(record, await ctx.settings.get(), { sessionId: auth.session.id }) };
}

/** PUT /users: updates the profile and custom fields (checked against the settings' field rules). */
async function updateUser({ ctx, auth, body }: RouteInput<'updateUser', 'session'>) {
  return { user: await users.updateUser(ctx, auth, body) };
}

/**
 * DELETE /users: the account and everything hanging off it (typed confirmation; a recent second factor with MFA). A user
 * who lost access may still delete their account.
 */
function deleteUser({ ctx, auth }: RouteInput<'deleteUser', 'sessionLeaving'>) {
  return deleteAccount(ctx, auth);
}

/** GET /users/check: is this username or unique custom-field value free? */
function checkUserField({ ctx, auth, body }: RouteInput<'checkUserField', 'session'>) {
  return checkField(ctx, auth, body);
}

/** PUT /users/wallets/selection: the wallet becomes the primary one. */
function selectWallet({ ctx, auth, body }: RouteInput<'selectWallet', 'session'>) {
  return selectPrimaryWallet(ctx, auth, body);
}

export const userRoutes: RouteTable = {
  getUser: { auth: 'sessionUser', handler: getUser },
  updateUser: { auth: 'session', handler: updateUser },
  deleteUser: { auth: 'sessionLeaving', handler: deleteUser },
  checkUserField: { auth: 'session', handler: checkUserField },
  selectWallet: { auth: 'session', handler: selectWallet },
};
