import * as z from 'zod';
import { hostNameSchema, isoDateSchema, sessionPublicKeySchema } from './common.js';
import {
  authenticatorAttachmentSchema,
  passkeyTransportSchema,
  userVerificationRequirementSchema,
} from './enums.js';
import { base64urlSchema, passkeyAttestationSchema } from './passkeyAttestation.js';
import { userSchema } from './user.js';

/**
 * Passkey records of SPEC §3. Two shapes exist: the spec's custody-side records (`id` plus
 * `attestation` / `assertion`) and the browser-style credentials that WebAuthn libraries produce
 * (`id, rawId, response, authenticatorAttachment, clientExtensionResults, type`). Product routes
 * carry the browser-style credential.
 */

/** Decoded byte length of an unpadded base64url string (or -1 if the length cannot be base64url). */
export function base64urlByteLength(value: string): number {
  const rest = value.length % 4;
  if (rest === 1) return -1;
  return Math.floor(value.length / 4) * 3 + (rest === 0 ? 0 : rest - 1);
}

/** Passkey user id (SPEC §5): 1 to 64 bytes, base64url. */
export const passkeyUserIdSchema = base64urlSchema.refine(
  (value) => {
    const length = base64urlByteLength(value);
    return length >= 1 && length <= 64;
  },
  { message: 'must be 1 to 64 bytes' },
);

export const publicKeyCredentialTypeSchema = z.literal('public-key');

export const credentialDescriptorSchema = z.object({
  id: base64urlSchema,
  type: publicKeyCredentialTypeSchema,
  transports: z.array(passkeyTransportSchema).optional(),
});

/** COSE algorithm identifiers offered to the authenticator; -7 (ES256) is the product's (SPEC §9). */
export const pubKeyCredParamSchema = z.object({ alg: z.number().int(), type: publicKeyCredentialTypeSchema });

/** Passkey registration options of SPEC §3 (WebAuthn creation options, JSON form). */
export const passkeyRegistrationOptionsSchema = z.object({
  rp: z.object({ id: hostNameSchema.optional(), name: z.string().min(1) }),
  user: z.object({ id: passkeyUserIdSchema, name: z.string().min(1), displayName: z.string() }),
  challenge: base64urlSchema,
  pubKeyCredParams: z.array(pubKeyCredParamSchema).min(1, { message: 'must offer at least one algorithm' }),
  timeout: z.number().int().positive().optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: authenticatorAttachmentSchema.optional(),
      residentKey: userVerificationRequirementSchema.optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: userVerificationRequirementSchema.optional(),
    })
    .optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
  hints: z.array(z.enum(['security-key', 'client-device', 'hybrid'])).optional(),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** Passkey authentication options of SPEC §3 (WebAuthn request options, JSON form). */
export const passkeyAuthenticationOptionsSchema = z.object({
  challenge: base64urlSchema,
  rpId: hostNameSchema.optional(),
  timeout: z.number().int().positive().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: userVerificationRequirementSchema.optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
  hints: z.array(z.enum(['security-key', 'client-device', 'hybrid'])).optional(),
});
export type PasskeyAuthenticationOptions = z.infer<typeof passkeyAuthenticationOptionsSchema>;

/** Attestation response of SPEC §3 (browser-style `response` of a registration). */
export const attestationResponseSchema = z.object({
  clientDataJSON: base64urlSchema,
  attestationObject: base64urlSchema,
  authenticatorData: base64urlSchema.optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64urlSchema.optional(),
  transports: z.array(passkeyTransportSchema).optional(),
});

/** Assertion of SPEC §3 (browser-style `response` of an authentication). */
export const passkeyAssertionSchema = z.object({
  clientDataJSON: base64urlSchema,
  authenticatorData: base64urlSchema,
  signature: base64urlSchema,
  userHandle: base64urlSchema.optional(),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

function browserCredential<R extends z.ZodType>(response: R) {
  return z
    .object({
      id: base64urlSchema,
      rawId: base64urlSchema,
      response,
      authenticatorAttachment: authenticatorAttachmentSchema.nullable().optional(),
      clientExtensionResults: z.record(z.string(), z.unknown()),
      type: publicKeyCredentialTypeSchema,
    })
    .refine((credential) => credential.id === credential.rawId, { path: ['rawId'], message: 'must equal id' });
}

/** Browser-style registration credential (what `navigator.credentials.create` returns, as JSON). */
export const registrationCredentialSchema = browserCredential(attestationResponseSchema);
export type RegistrationCredential = z.infer<typeof registrationCredentialSchema>;

/** Browser-style authentication credential (what `navigator.credentials.get` returns, as JSON). */
export const authenticationCredentialSchema = browserCredential(passkeyAssertionSchema);
export type AuthenticationCredential = z.infer<typeof authenticationCredentialSchema>;

/** Passkey registration record of SPEC §3: id plus attestation. */
export const passkeyRegistrationSchema = z.object({ id: z.string().min(1), attestation: passkeyAttestationSchema });
export type PasskeyRegistration = z.infer<typeof passkeyRegistrationSchema>;

/** Passkey authentication record of SPEC §3: id plus assertion. */
export const passkeyAuthenticationSchema = z.object({ id: z.string().min(1), assertion: passkeyAssertionSchema });
export type PasskeyAuthentication = z.infer<typeof passkeyAuthenticationSchema>;

/** POST /users/passkeys/register and /users/mfa/register/passkey body. */
export const passkeyRegisterRequestSchema = z.object({
  credential: registrationCredentialSchema,
  alias: z.string().trim().min(1).max(64).optional(),
});
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequestSchema>;

/** POST /users/passkeys/signin body. */
export const passkeySignInRequestSchema = z.object({
  credential: authenticationCredentialSchema,
  captchaToken: z.string().optional(),
  sessionPublicKey: sessionPublicKeySchema.optional(),
});
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequestSchema>;

/** Passkey record of SPEC §3. `storage`: where the authenticator keeps the key, when known. */
export const passkeyRecordSchema = z.object({
  id: z.string().min(1),
  alias: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
  origin: z.string().nullable().optional(),
  credentialId: base64urlSchema,
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema.nullable().optional(),
  storage: authenticatorAttachmentSchema.nullable().optional(),
});
export type PasskeyRecord = z.infer<typeof passkeyRecordSchema>;

/** Passkey list of SPEC §3 (GET /users/passkeys). */
export const passkeyListSchema = z.object({ passkeys: z.array(passkeyRecordSchema), count: z.number().int().min(0) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** PUT /users/passkeys body: rename a passkey. */
export const passkeyUpdateSchema = z.object({ id: z.string().min(1), alias: z.string().trim().min(1).max(64) });
/** DELETE /users/passkeys body. */
export const passkeyDeleteSchema = z.object({ id: z.string().min(1) });

/** POST /users/passkeys/register answer: the new passkey and the user with its new credential. */
export const passkeyRegisteredSchema = z.object({ passkey: passkeyRecordSchema, user: userSchema });
export type PasskeyRegistered = z.infer<typeof passkeyRegisteredSchema>;
