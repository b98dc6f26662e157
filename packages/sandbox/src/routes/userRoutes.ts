import { ApiError, messages } from '../errors/ApiError.js';
import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import { checkUserField as checkField } from '../services/users/checkUserField.js';
import { deleteUser as deleteAccount } from '../services/users/deleteUser.js';
import * as users from '../services/users/updateUser.js';
import { toWireUser } from '../services/users/userRepository.js';
import { selectWallet as selectPrimaryWallet } from '../services/wallets/walletSignIn.js';

/** GET /users: the signed-in user. */
async function getUser({ ctx, auth }: RouteInput<'getUser', 'sessionUser'>) {
  // The user and the access list came with the session (one round trip).
  const { record, gate } = auth;
  if (!record) throw new ApiError(401, 'unauthorized', messages.invalidToken);
  // A user who lost access since signing in cannot restore the session (SPEC §6 'User does not have access').
  await gate.assertUser(ctx.db, auth.userId, record);
  return { user: toWireUser(record, await ctx.settings.get(), { sessionId: auth.session.id }) };
}

/** PUT /users: updates the profile and custom fields (checked against the settings' field rules). */
async function updateUser({ ctx, auth, body }: RouteInput<'updateUser', 'session'>) {
  return { user: await users.updateUser(ctx, auth, body) };
}

/** DELETE /users: the account and everything hanging off it (typed confirmation; a recent second factor with MFA). */
function deleteUser({ ctx, auth }: RouteInput<'deleteUser', 'session'>) {
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
  deleteUser: { auth: 'session', handler: deleteUser },
  checkUserField: { auth: 'session', handler: checkUserField },
  selectWallet: { auth: 'session', handler: selectWallet },
};
