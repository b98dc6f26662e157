import type { Context } from 'hono';
import { ApiError, messages } from '../errors/ApiError.js';
import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import * as mfa from '../services/mfa/mfa.js';
import * as mfaPasskeys from '../services/mfa/mfaPasskeys.js';
import * as totpRegistration from '../services/mfa/totpRegistration.js';
import * as recoveryCodes from '../services/mfa/recoveryCodes.js';
import { cookieRequestFromAnotherPage } from '../services/session/authenticate.js';

/** GET /users/mfa: the user's verified devices, the default first. */
function getMfaDevices({ ctx, auth }: RouteInput<'getMfaDevices', 'session'>) {
  return mfa.listMfaDevices(ctx, auth);
}

/**
 * A GET that makes something (a registration kept pending, pushing out the oldest) is only for the kit's own fetch:
 * one the session cookie carries from a link or an image of another page is 403 `forbidden`, and makes nothing.
 */
function assertKitFetch(c: Context): void {
  if (cookieRequestFromAnotherPage(c)) throw new ApiError(403, 'forbidden', messages.foreignOrigin);
}

/** GET /users/mfa/register/totp: a new, unverified TOTP device (signed in, or enrolling with the MFA token). */
function getTotpRegistration({ ctx, auth, c }: RouteInput<'getTotpRegistration', 'enrolment'>) {
  assertKitFetch(c);
  return totpRegistration.startTotpRegistration(ctx, auth);
}

/** POST /users/mfa/register/totp: the first code verifies the device. */
function registerTotp({ ctx, auth, body }: RouteInput<'registerTotp', 'enrolment'>) {
  return totpRegistration.verifyTotpRegistration(ctx, auth, body);
}

/** GET /users/mfa/register/passkey: creation options for a passkey as a second factor. */
function getMfaPasskeyRegistrationOptions({ ctx, auth, c }: RouteInput<'getMfaPasskeyRegistrationOptions', 'enrolment'>) {
  assertKitFetch(c);
  return mfaPasskeys.mfaPasskeyRegistrationOptions(ctx, auth);
}

/** POST /users/mfa/register/passkey: verifies the attestation and stores the passkey as an MFA device. */
function registerMfaPasskey({ ctx, auth, body }: RouteInput<'registerMfaPasskey', 'enrolment'>) {
  return mfaPasskeys.registerMfaPasskey(ctx, auth, body);
}

/** POST /users/mfa/auth/totp (MFA token): a right code opens the session. */
function authenticateMfaTotp({ ctx, auth, body }: RouteInput<'authenticateMfaTotp', 'mfaToken'>) {
  return mfa.authenticateTotp(ctx, auth, body);
}

/** GET /users/mfa/auth/passkey (MFA token): request options allowing only the user's MFA passkeys. */
function getMfaPasskeyAuthenticationOptions({ ctx, auth }: RouteInput<'getMfaPasskeyAuthenticationOptions', 'mfaToken'>) {
  return mfaPasskeys.mfaPasskeyAuthenticationOptions(ctx, auth);
}

/** POST /users/mfa/auth/passkey (MFA token): a verified assertion opens the session. */
function authenticateMfaPasskey({ ctx, auth, body }: RouteInput<'authenticateMfaPasskey', 'mfaToken'>) {
  return mfaPasskeys.authenticateMfaPasskey(ctx, auth, body);
}

/** GET /users/mfa/recovery: the first call generates the codes and shows them once. */
function getRecoveryCodes({ ctx, auth, c }: RouteInput<'getRecoveryCodes', 'session'>) {
  return recoveryCodes.getRecoveryCodes(ctx, auth, { fromAnotherPage: cookieRequestFromAnotherPage(c) });
}

/** POST /users/mfa/recovery: a new set of codes. */
function regenerateRecoveryCodes({ ctx, auth }: RouteInput<'regenerateRecoveryCodes', 'session'>) {
  return recoveryCodes.regenerateRecoveryCodes(ctx, auth);
}

/** POST /users/mfa/recovery/acknowledge: the user saved the codes. */
function acknowledgeRecoveryCodes({ ctx, auth }: RouteInput<'acknowledgeRecoveryCodes', 'session'>) {
  return recoveryCodes.acknowledgeRecoveryCodes(ctx, auth);
}

/** POST /users/mfa/auth/recovery (MFA token): an unused recovery code opens the session. */
function authenticateMfaRecoveryCode({ ctx, auth, body }: RouteInput<'authenticateMfaRecoveryCode', 'mfaToken'>) {
  return recoveryCodes.authenticateRecoveryCode(ctx, auth, body);
}

/** GET /users/mfa/methods (signed in, or mid-challenge with the MFA token): which second factors the user has. */
function getMfaMethods({ ctx, auth }: RouteInput<'getMfaMethods', 'challenge'>) {
  return mfa.getUserMfaMethods(ctx, auth);
}

/** GET /users/mfa/{mfaDeviceId}: one of the user's devices. */
function getMfaDevice({ ctx, auth, c }: RouteInput<'getMfaDevice', 'session'>) {
  return mfa.getMfaDevice(ctx, auth, c.req.param('mfaDeviceId') ?? '');
}

/** PUT /users/mfa/{mfaDeviceId}: renames it and/or makes it the default. */
function updateMfaDevice({ ctx, auth, body, c }: RouteInput<'updateMfaDevice', 'session'>) {
  return mfa.updateMfaDevice(ctx, auth, c.req.param('mfaDeviceId') ?? '', body);
}

/** DELETE /users/mfa/{mfaDeviceId}: removes it. */
function deleteMfaDevice({ ctx, auth, c }: RouteInput<'deleteMfaDevice', 'session'>) {
  return mfa.deleteMfaDevice(ctx, auth, c.req.param('mfaDeviceId') ?? '');
}

/**
 * Second factors: devices, enrolment (a sign-in that must enrol first uses its MFA token), the challenge (MFA token)
 * and recovery codes. The `{mfaDeviceId}` routes come last, so that the static `/users/mfa/*` paths win over them.
 */
export const mfaRoutes: RouteTable = {
  getMfaDevices: { auth: 'session', handler: getMfaDevices },
  getTotpRegistration: { auth: 'enrolment', handler: getTotpRegistration },
  registerTotp: { auth: 'enrolment', handler: registerTotp },
  getMfaPasskeyRegistrationOptions: { auth: 'enrolment', handler: getMfaPasskeyRegistrationOptions },
  registerMfaPasskey: { auth: 'enrolment', handler: registerMfaPasskey },
  authenticateMfaTotp: { auth: 'mfaToken', handler: authenticateMfaTotp },
  getMfaPasskeyAuthenticationOptions: { auth: 'mfaToken', handler: getMfaPasskeyAuthenticationOptions },
  authenticateMfaPasskey: { auth: 'mfaToken', handler: authenticateMfaPasskey },
  getRecoveryCodes: { auth: 'session', handler: getRecoveryCodes },
  regenerateRecoveryCodes: { auth: 'session', handler: regenerateRecoveryCodes },
  acknowledgeRecoveryCodes: { auth: 'session', handler: acknowledgeRecoveryCodes },
  authenticateMfaRecoveryCode: { auth: 'mfaToken', handler: authenticateMfaRecoveryCode },
  getMfaMethods: { auth: 'challenge', handler: getMfaMethods },
  getMfaDevice: { auth: 'session', handler: getMfaDevice },
  updateMfaDevice: { auth: 'session', handler: updateMfaDevice },
  deleteMfaDevice: { auth: 'session', handler: deleteMfaDevice },
};
