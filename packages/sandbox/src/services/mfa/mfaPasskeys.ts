import { randomUUID } from 'node:crypto';
import {
  PASSKEY_TIMEOUT_MS,
  type AuthenticationCredential,
  type MfaDevice,
  type PasskeyAuthenticationOptions,
  type PasskeyRegistrationOptions,
  type RegistrationCredential,
  type SignInResponse,
} from '@latchkey/protocol';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { assertMethodEnabled, consumeMfaChallenge, DEVICE_COLUMNS, lockEnrolment, mfaMessages, toWireDevice, userOfMfaBearer, verifiedDevices, type DeviceRow, type EnrolmentAuth } from './mfa.js';
import { markSecondFactor } from './stepUp.js';
import { acceptedOrigin } from '../../webauthn/acceptedOrigin.js';
import { creationOptions, duplicatePasskey, lockChallenge, passkeyMessages, readClientData, relyingParty, storeChallenge, useChallenge, verifyPasskeyAssertion, verifyPasskeyRegistration } from '../passkeys/passkeys.js';

/** A passkey as a second factor: an `mfa_devices` row of type `passkey` with its WebAuthn public key. */
interface PasskeyDeviceRow {
  id: string;
  credential_id: string;
  public_key: string;
  counter: string | number;
  transports: string[];
}

async function passkeyDevices(ctx: SandboxContext, q: Queryable, userId: string): Promise<PasskeyDeviceRow[]> {
  return q.query<PasskeyDeviceRow>(
    `SELECT id, credential_id, public_key, counter, transports FROM mfa_devices
     WHERE environment_id = $1 AND user_id = $2 AND type = 'passkey' AND verified AND credential_id IS NOT NULL ORDER BY created_at ASC`,
    [ctx.environmentId, userId],
  );
}

/** GET /users/mfa/register/passkey: creation options for a passkey as a second factor (SPEC §9), the user's MFA passkeys excluded. */
export async function mfaPasskeyRegistrationOptions(ctx: SandboxContext, auth: Pick<Auth, 'userId'>): Promise<PasskeyRegistrationOptions> {
  const settings = await ctx.settings.get();
  assertMethodEnabled(settings, 'passkey');
  return creationOptions(ctx, relyingParty(settings), auth.userId, {
    purpose: 'mfa-register',
    exclude: await passkeyDevices(ctx, ctx.db, auth.userId),
    // A second factor needs no discoverable credential: the challenge names the user's own.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/**
 * POST /users/mfa/register/passkey: verifies the attestation and stores the passkey as a verified MFA device (the first
 * device is the default). A session that registers one has passed a second factor (see stepUp.ts).
 */
export async function registerMfaPasskey(
  ctx: SandboxContext,
  auth: EnrolmentAuth,
  input: { credential: RegistrationCredential; alias?: string | undefined },
): Promise<MfaDevice> {
  const settings = await ctx.settings.get();
  assertMethodEnabled(settings, 'passkey');
  const rp = relyingParty(settings);
  const { challenge, origin } = readClientData(input.credential.response.clientDataJSON);
  if (!acceptedOrigin(origin, rp.id)) throw new ApiError(400, 'invalid_verification', passkeyMessages.badOrigin, 'credential');
  return ctx.db.transaction(async (tx) => {
    await lockEnrolment(ctx, tx, auth);
    await lockChallenge(ctx, tx, challenge, 'mfa-register', auth.userId);
    const taken = await tx.query('SELECT 1 FROM mfa_devices WHERE environment_id = $1 AND credential_id = $2', [ctx.environmentId, input.credential.id]);
    if (taken.length > 0) throw new ApiError(409, 'duplicate_exists', passkeyMessages.duplicate, 'credential.id');
    const credential = await verifyPasskeyRegistration(input.credential, { challenge, origin, rpId: rp.id });
    const verifiedAt = ctx.now();
    const now = verifiedAt.toISOString();
    const hasDefault = (await verifiedDevices(ctx, tx, auth.userId)).some((row) => row.is_default);
    const rows = await tx.query<DeviceRow>(
      `INSERT INTO mfa_devices (id, environment_id, user_id, type, alias, is_default, verified, created_at, verified_at, credential_id, public_key, counter, transports)
       VALUES ($1, $2, $3, 'passkey', $4, $5, true, $6, $6, $7, $8, $9, $10::jsonb) RETURNING ${DEVICE_COLUMNS}`,
      [
        randomUUID(),
        ctx.environmentId,
        auth.userId,
        input.alias?.trim() || null,
        !hasDefault,
        now,
        credential.id,
        Buffer.from(credential.publicKey).toString('base64url'),
        credential.counter,
        JSON.stringify(input.credential.response.transports ?? credential.transports ?? []),
      ],
    ).catch(duplicatePasskey);
    await useChallenge(ctx, tx, challenge);
    if (auth.session) await markSecondFactor(tx, auth.session.id, verifiedAt);
    return toWireDevice(rows[0] as DeviceRow);
  });
}

/**
 * GET /users/mfa/auth/passkey with the MFA token as bearer: request options that allow only the
 * user's MFA passkeys; 404 `mfa_device_not_found` when the user has none.
 */
export async function mfaPasskeyAuthenticationOptions(ctx: SandboxContext, mfaToken: string | undefined): Promise<PasskeyAuthenticationOptions> {
  const settings = await ctx.settings.get();
  const rp = relyingParty(settings);
  const userId = await userOfMfaBearer(ctx, ctx.db, mfaToken);
  const devices = await passkeyDevices(ctx, ctx.db, userId);
  if (devices.length === 0) throw new ApiError(404, 'mfa_device_not_found', mfaMessages.deviceNotFound);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: devices.map((row) => ({ id: row.credential_id, transports: row.transports as never })),
  });
  await storeChallenge(ctx, options.challenge, 'mfa-auth', userId);
  return options as PasskeyAuthenticationOptions;
}

/**
 * POST /users/mfa/auth/passkey with the MFA token as bearer: an assertion of one of the user's MFA
 * passkeys (verified with @simplewebauthn/server, counter moved on) finishes the sign-in; a bad one
 * counts as a wrong attempt (400 `invalid_verification`), an unknown passkey is 404 `mfa_device_not_found`.
 */
export async function authenticateMfaPasskey(ctx: SandboxContext, mfaToken: string | undefined, input: { credential: AuthenticationCredential }): Promise<SignInResponse> {
  // Read before the transaction: the settings store may use the database connection the transaction holds.
  const rp = relyingParty(await ctx.settings.get());
  return consumeMfaChallenge(ctx, mfaToken, async (tx, userId) => {
    const { challenge, origin } = readClientData(input.credential.response.clientDataJSON);
    if (!acceptedOrigin(origin, rp.id)) return { ok: false, error: new ApiError(400, 'invalid_verification', passkeyMessages.badOrigin, 'credential') };
    await lockChallenge(ctx, tx, challenge, 'mfa-auth', userId);
    const device = (await passkeyDevices(ctx, tx, userId)).find((row) => row.credential_id === input.credential.id);
    if (!device) return { ok: false, error: new ApiError(404, 'mfa_device_not_found', mfaMessages.deviceNotFound, 'credential.id'), countsAsAttempt: false };
    const assertion = await verifyPasskeyAssertion(input.credential, { challenge, origin, rpId: rp.id }, device);
    // The challenge is spent either way: an assertion is good once.
    await useChallenge(ctx, tx, challenge);
    if (!assertion.verified) return { ok: false, error: new ApiError(400, 'invalid_verification', passkeyMessages.notVerified, 'credential') };
    // Never backwards (see custody's authorize): two assertions checked at once each move it on to their own count.
    await tx.query('UPDATE mfa_devices SET counter = greatest(counter, $2) WHERE id = $1', [device.id, assertion.newCounter]);
    return { ok: true };
  });
}
