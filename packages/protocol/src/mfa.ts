import * as z from 'zod';
import { isoDateSchema } from './common.js';
import { VERIFICATION_CODE_LENGTH } from './constants.js';
import { mfaTypeSchema } from './enums.js';
import { authenticationCredentialSchema } from './passkeys.js';

/** Multi-factor records of SPEC §3: devices, method settings, code checks, recovery codes. */

/** MFA device of SPEC §3. */
export const mfaDeviceSchema = z.object({
  id: z.string().min(1),
  type: mfaTypeSchema,
  verified: z.boolean(),
  createdAt: isoDateSchema,
  verifiedAt: isoDateSchema.nullable(),
  default: z.boolean(),
  alias: z.string().nullable().optional(),
});
export type MfaDevice = z.infer<typeof mfaDeviceSchema>;

/** Device list of SPEC §3 (GET /users/mfa). */
export const mfaDeviceListSchema = z.object({ count: z.number().int().min(0), devices: z.array(mfaDeviceSchema) });
export type MfaDeviceList = z.infer<typeof mfaDeviceListSchema>;

/** PUT /users/mfa/{mfaDeviceId} body. */
export const mfaDeviceUpdateSchema = z
  .object({ alias: z.string().trim().min(1).max(64).optional(), default: z.literal(true).optional() })
  .refine((update) => update.alias !== undefined || update.default !== undefined, {
    message: 'must change alias or default',
  });

/** One MFA method's settings (SPEC §3: passkey, email, password). */
export const mfaMethodSettingSchema = z.object({
  isDefault: z.boolean(),
  isEnabled: z.boolean(),
  isPermanentAuthenticator: z.boolean(),
  listPosition: z.number().int().min(0),
});
export type MfaMethodSetting = z.infer<typeof mfaMethodSettingSchema>;

/** MFA method settings keyed by method; at most one default among the enabled ones. */
export const mfaMethodSettingsSchema = z
  .object({
    passkey: mfaMethodSettingSchema.optional(),
    email: mfaMethodSettingSchema.optional(),
    password: mfaMethodSettingSchema.optional(),
  })
  .superRefine((methods, ctx) => {
    for (const [name, setting] of Object.entries(methods)) {
      if (setting?.isDefault && !setting.isEnabled) {
        ctx.addIssue({ code: 'custom', path: [name, 'isDefault'], message: 'a disabled method cannot be the default' });
      }
    }
    const defaults = Object.values(methods).filter((setting) => setting?.isDefault);
    if (defaults.length > 1) ctx.addIssue({ code: 'custom', message: 'at most one method can be the default' });
  });
export type MfaMethodSettings = z.infer<typeof mfaMethodSettingsSchema>;

/**
 * The MFA method settings of SPEC §3 for the second-factor types (totp, passkey): which ones the
 * user is offered (`isEnabled`), in which order (`listPosition`), the default first.
 */
export const mfaTypeMethodSettingsSchema = z
  .object({ totp: mfaMethodSettingSchema.optional(), passkey: mfaMethodSettingSchema.optional() })
  .superRefine((methods, ctx) => {
    for (const [name, setting] of Object.entries(methods)) {
      if (setting?.isDefault && !setting.isEnabled) {
        ctx.addIssue({ code: 'custom', path: [name, 'isDefault'], message: 'a disabled method cannot be the default' });
      }
    }
    if (Object.values(methods).filter((setting) => setting?.isDefault).length > 1) ctx.addIssue({ code: 'custom', message: 'at most one method can be the default' });
  });
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
  methods: z.array(mfaTypeSchema).refine((types) => new Set(types).size === types.length, { message: 'must list each type once' }),
  hasRecoveryCodes: z.boolean(),
});
export type MfaUserMethods = z.infer<typeof mfaUserMethodsSchema>;

/** A one-time code: exactly the product's number of digits. */
export const oneTimeCodeSchema = z
  .string()
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), { message: `must be ${VERIFICATION_CODE_LENGTH} digits` });

/** MFA code check of SPEC §3 (POST /users/mfa/register/totp and /users/mfa/auth/totp). */
export const mfaCodeCheckSchema = z.object({
  /** The device the code belongs to; the default device when omitted. */
  id: z.string().min(1).optional(),
  createMfaToken: z.boolean().optional(),
  code: oneTimeCodeSchema,
});
export type MfaCodeCheck = z.infer<typeof mfaCodeCheckSchema>;

/** GET /users/mfa/register/totp answer: the secret to put in an authenticator app. */
export const totpRegistrationSchema = z.object({
  id: z.string().min(1),
  /** Base32 secret (RFC 4648 alphabet, no padding). */
  secret: z.string().regex(/^[A-Z2-7]{16,128}$/, { message: 'must be a base32 secret' }),
  uri: z.string().startsWith('otpauth://totp/', { message: 'must be an otpauth://totp/ URI' }),
});
export type TotpRegistration = z.infer<typeof totpRegistrationSchema>;

/** POST /users/mfa/auth/passkey body. */
export const mfaPasskeyAuthSchema = z.object({
  credential: authenticationCredentialSchema,
  createMfaToken: z.boolean().optional(),
});

/** A recovery code as shown to the user, e.g. `7kq2-m9xd`. */
export const recoveryCodeSchema = z
  .string()
  .regex(/^[a-z0-9]{4}-?[a-z0-9]{4}$/i, { message: 'must be a recovery code such as 7kq2-m9xd' });

/** POST /users/mfa/auth/recovery body. */
export const mfaRecoveryAuthSchema = z.object({ code: recoveryCodeSchema, createMfaToken: z.boolean().optional() });

/** Recovery codes of SPEC §3. */
export const recoveryCodesSchema = z.object({
  count: z.number().int().min(0),
  recoveryCodes: z.array(recoveryCodeSchema),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
