import * as z from 'zod/mini';
import { isoDateSchema } from './common.js';
import { VERIFICATION_CODE_LENGTH } from './constants.js';
import { mfaTypeSchema } from './enums.js';
import { authenticationCredentialSchema } from './passkeys.js';

/** Multi-factor records of SPEC §3: devices, method settings, code checks, recovery codes. */

/** MFA device of SPEC §3. */
export const mfaDeviceSchema = z.object({
  id: z.string().check(z.minLength(1)),
  type: mfaTypeSchema,
  verified: z.boolean(),
  createdAt: isoDateSchema,
  verifiedAt: z.nullable(isoDateSchema),
  default: z.boolean(),
  alias: z.optional(z.nullable(z.string())),
});
export type MfaDevice = z.infer<typeof mfaDeviceSchema>;

/** Device list of SPEC §3 (GET /users/mfa). */
export const mfaDeviceListSchema = z.object({ count: z.int().check(z.gte(0)), devices: z.array(mfaDeviceSchema) });
export type MfaDeviceList = z.infer<typeof mfaDeviceListSchema>;

/** PUT /users/mfa/{mfaDeviceId} body. */
export const mfaDeviceUpdateSchema = z.object({ alias: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))), default: z.optional(z.literal(true)) }).check(z.refine((update) => update.alias !== undefined || update.default !== undefined, {
    message: 'must change alias or default',
  }));

/** One MFA method's settings (SPEC §3: passkey, email, password). */
export const mfaMethodSettingSchema = z.object({
  isDefault: z.boolean(),
  isEnabled: z.boolean(),
  isPermanentAuthenticator: z.boolean(),
  listPosition: z.int().check(z.gte(0)),
});
export type MfaMethodSetting = z.infer<typeof mfaMethodSettingSchema>;

/** MFA method settings keyed by method; at most one default among the enabled ones. */
export const mfaMethodSettingsSchema = z.object({
    passkey: z.optional(mfaMethodSettingSchema),
    email: z.optional(mfaMethodSettingSchema),
    password: z.optional(mfaMethodSettingSchema),
  }).check(z.superRefine((methods, ctx) => {
    for (const [name, setting] of Object.entries(methods)) {
      if (setting?.isDefault && !setting.isEnabled) {
        ctx.addIssue({ code: 'custom', path: [name, 'isDefault'], message: 'a disabled method cannot be the default' });
      }
    }
    const defaults = Object.values(methods).filter((setting) => setting?.isDefault);
    if (defaults.length > 1) ctx.addIssue({ code: 'custom', message: 'at most one method can be the default' });
  }));
export type MfaMethodSettings = z.infer<typeof mfaMethodSettingsSchema>;

/**
 * The MFA method settings of SPEC §3 for the second-factor types (totp, passkey): which ones the
 * user is offered (`isEnabled`), in which order (`listPosition`), the default first.
 */
export const mfaTypeMethodSettingsSchema = z.object({ totp: z.optional(mfaMethodSettingSchema), passkey: z.optional(mfaMethodSettingSchema) }).check(z.superRefine((methods, ctx) => {
    for (const [name, setting] of Object.entries(methods)) {
      if (setting?.isDefault && !setting.isEnabled) {
        ctx.addIssue({ code: 'custom', path: [name, 'isDefault'], message: 'a disabled method cannot be the default' });
      }
    }
    if (Object.values(methods).filter((setting) => setting?.isDefault).length > 1) ctx.addIssue({ code: 'custom', message: 'at most one method can be the default' });
  }));
export type MfaTypeMethodSettings = z.infer<typeof mfaTypeMethodSettingsSchema>;

/**
 * GET /users/mfa/methods answer (bearer: the session token, or the MFA token of a pending sign-in):
 * the second factors the user actually has, so a challenge offers only those.
 * - `methods`: each type of which the user has a verified device, once, the type of the default
 *   device first — e.g. `['passkey']`, `['totp', 'passkey']`, `[]`.
 * - `hasRecoveryCodes`: whether at least one unused recovery code is left.
 *
 * Example: `{ "methods": ["passkey"], "hasRecoveryCodes": true }`.
 */
export const mfaUserMethodsSchema = z.object({
  methods: z.array(mfaTypeSchema).check(z.refine((types) => new Set(types).size === types.length, { message: 'must list each type once' })),
  hasRecoveryCodes: z.boolean(),
});
export type MfaUserMethods = z.infer<typeof mfaUserMethodsSchema>;

/** A one-time code: exactly the product's number of digits. */
export const oneTimeCodeSchema = z.string().check(z.regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), { message: `must be ${VERIFICATION_CODE_LENGTH} digits` }));

/** MFA code check of SPEC §3 (POST /users/mfa/register/totp and /users/mfa/auth/totp). */
export const mfaCodeCheckSchema = z.object({
  /** The device the code belongs to; the default device when omitted. */
  id: z.optional(z.string().check(z.minLength(1))),
  createMfaToken: z.optional(z.boolean()),
  code: oneTimeCodeSchema,
});
export type MfaCodeCheck = z.infer<typeof mfaCodeCheckSchema>;

/** GET /users/mfa/register/totp answer: the secret to put in an authenticator app. */
export const totpRegistrationSchema = z.object({
  id: z.string().check(z.minLength(1)),
  /** Base32 secret (RFC 4648 alphabet, no padding). */
  secret: z.string().check(z.regex(/^[A-Z2-7]{16,128}$/, { message: 'must be a base32 secret' })),
  uri: z.string().check(z.startsWith('otpauth://totp/', { message: 'must be an otpauth://totp/ URI' })),
});
export type TotpRegistration = z.infer<typeof totpRegistrationSchema>;

/** POST /users/mfa/auth/passkey body. */
export const mfaPasskeyAuthSchema = z.object({
  credential: authenticationCredentialSchema,
  createMfaToken: z.optional(z.boolean()),
});

/** A recovery code as shown to the user, e.g. `7kq2-m9xd`. */
export const recoveryCodeSchema = z.string().check(z.regex(/^[a-z0-9]{4}-?[a-z0-9]{4}$/i, { message: 'must be a recovery code such as 7kq2-m9xd' }));

/** POST /users/mfa/auth/recovery body. */
export const mfaRecoveryAuthSchema = z.object({ code: recoveryCodeSchema, createMfaToken: z.optional(z.boolean()) });

/** Recovery codes of SPEC §3. */
export const recoveryCodesSchema = z.object({
  count: z.int().check(z.gte(0)),
  recoveryCodes: z.array(recoveryCodeSchema),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
