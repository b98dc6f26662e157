import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import { assertCaptcha } from '../services/captcha/assertCaptcha.js';
import * as passkeys from '../services/passkeys/passkeys.js';

/** GET /users/passkeys/register: creation options for the signed-in user. */
function getPasskeyRegistrationOptions({ ctx, auth }: RouteInput<'getPasskeyRegistrationOptions', 'session'>) {
  return passkeys.passkeyRegistrationOptions(ctx, auth);
}

/** POST /users/passkeys/register: verifies the attestation and stores the passkey. */
function registerPasskey({ ctx, auth, body, c }: RouteInput<'registerPasskey', 'session'>) {
  return passkeys.registerPasskey(ctx, auth, { ...body, userAgent: c.req.header('user-agent') });
}

/** GET /users/passkeys/signin: request options for a discoverable credential. */
function getPasskeySignInOptions({ ctx }: RouteInput<'getPasskeySignInOptions'>) {
  return passkeys.passkeySignInOptions(ctx);
}

/** POST /users/passkeys/signin: verifies the assertion and signs its owner in. */
async function signInWithPasskey({ ctx, body }: RouteInput<'signInWithPasskey'>) {
  await assertCaptcha(ctx, body.captchaToken);
  return passkeys.signInWithPasskey(ctx, body);
}

/** GET /users/passkeys: the user's passkeys. */
function getPasskeys({ ctx, auth }: RouteInput<'getPasskeys', 'session'>) {
  return passkeys.listPasskeys(ctx, auth);
}

/** PUT /users/passkeys: renames one of them. */
function updatePasskey({ ctx, auth, body }: RouteInput<'updatePasskey', 'session'>) {
  return passkeys.renamePasskey(ctx, auth, body);
}

/** DELETE /users/passkeys: removes one of them. */
function deletePasskey({ ctx, auth, body }: RouteInput<'deletePasskey', 'session'>) {
  return passkeys.deletePasskey(ctx, auth, body);
}

export const passkeyRoutes: RouteTable = {
  getPasskeyRegistrationOptions: { auth: 'session', handler: getPasskeyRegistrationOptions },
  registerPasskey: { auth: 'session', handler: registerPasskey },
  getPasskeySignInOptions: { auth: 'public', handler: getPasskeySignInOptions },
  signInWithPasskey: { auth: 'public', handler: signInWithPasskey },
  getPasskeys: { auth: 'session', handler: getPasskeys },
  updatePasskey: { auth: 'session', handler: updatePasskey },
  deletePasskey: { auth: 'session', handler: deletePasskey },
};
