import * as z from 'zod/mini';
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
export const passkeyUserIdSchema = base64urlSchema.check(z.refine((value) => {
    const length = base64urlByteLength(value);
    return length >= 1 && length <= 64;
  }, { message: 'must be 1 to 64 bytes' }));

export const publicKeyCredentialTypeSchema = z.literal('public-key');

export const credentialDescriptorSchema = z.object({
  id: base64urlSchema,
  type: publicKeyCredentialTypeSchema,
  transports: z.optional(z.array(passkeyTransportSchema)),
});

/** COSE algorithm identifiers offered to the authenticator; -7 (ES256) is the product's (SPEC §9). */
export const pubKeyCredParamSchema = z.object({ alg: z.int(), type: publicKeyCredentialTypeSchema });

/** Passkey registration options of SPEC §3 (WebAuthn creation options, JSON form). */
export const passkeyRegistrationOptionsSchema = z.object({
  rp: z.object({ id: z.optional(hostNameSchema), name: z.string().check(z.minLength(1)) }),
  user: z.object({ id: passkeyUserIdSchema, name: z.string().check(z.minLength(1)), displayName: z.string() }),
  challenge: base64urlSchema,
  pubKeyCredParams: z.array(pubKeyCredParamSchema).check(z.minLength(1, { message: 'must offer at least one algorithm' })),
  timeout: z.optional(z.int().check(z.positive())),
  authenticatorSelection: z.optional(z.object({
      authenticatorAttachment: z.optional(authenticatorAttachmentSchema),
      residentKey: z.optional(userVerificationRequirementSchema),
      requireResidentKey: z.optional(z.boolean()),
      userVerification: z.optional(userVerificationRequirementSchema),
    })),
  excludeCredentials: z.optional(z.array(credentialDescriptorSchema)),
  attestation: z.optional(z.enum(['none', 'indirect', 'direct', 'enterprise'])),
  extensions: z.optional(z.record(z.string(), z.unknown())),
  hints: z.optional(z.array(z.enum(['security-key', 'client-device', 'hybrid']))),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** Passkey authentication options of SPEC §3 (WebAuthn request options, JSON form). */
export const passkeyAuthenticationOptionsSchema = z.object({
  challenge: base64urlSchema,
  rpId: z.optional(hostNameSchema),
  timeout: z.optional(z.int().check(z.positive())),
  allowCredentials: z.optional(z.array(credentialDescriptorSchema)),
  userVerification: z.optional(userVerificationRequirementSchema),
  extensions: z.optional(z.record(z.string(), z.unknown())),
  hints: z.optional(z.array(z.enum(['security-key', 'client-device', 'hybrid']))),
});
export type PasskeyAuthenticationOptions = z.infer<typeof passkeyAuthenticationOptionsSchema>;

/** Attestation response of SPEC §3 (browser-style `response` of a registration). */
export const attestationResponseSchema = z.object({
  clientDataJSON: base64urlSchema,
  attestationObject: base64urlSchema,
  authenticatorData: z.optional(base64urlSchema),
  publicKeyAlgorithm: z.optional(z.int()),
  publicKey: z.optional(base64urlSchema),
  transports: z.optional(z.array(passkeyTransportSchema)),
});

/** Assertion of SPEC §3 (browser-style `response` of an authentication). */
export const passkeyAssertionSchema = z.object({
  clientDataJSON: base64urlSchema,
  authenticatorData: base64urlSchema,
  signature: base64urlSchema,
  userHandle: z.optional(base64urlSchema),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

function browserCredential<R extends z.ZodMiniType>(response: R) {
  return z.object({
      id: base64urlSchema,
      rawId: base64urlSchema,
      response,
      authenticatorAttachment: z.optional(z.nullable(authenticatorAttachmentSchema)),
      clientExtensionResults: z.record(z.string(), z.unknown()),
      type: publicKeyCredentialTypeSchema,
    }).check(z.refine((credential) => credential.id === credential.rawId, { path: ['rawId'], message: 'must equal id' }));
}

/** Browser-style registration credential (what `navigator.credentials.create` returns, as JSON). */
export const registrationCredentialSchema = browserCredential(attestationResponseSchema);
export type RegistrationCredential = z.infer<typeof registrationCredentialSchema>;

/** Browser-style authentication credential (what `navigator.credentials.get` returns, as JSON). */
export const authenticationCredentialSchema = browserCredential(passkeyAssertionSchema);
export type AuthenticationCredential = z.infer<typeof authenticationCredentialSchema>;

/** Passkey registration record of SPEC §3: id plus attestation. */
export const passkeyRegistrationSchema = z.object({ id: z.string().check(z.minLength(1)), attestation: passkeyAttestationSchema });
export type PasskeyRegistration = z.infer<typeof passkeyRegistrationSchema>;

/** Passkey authentication record of SPEC §3: id plus assertion. */
export const passkeyAuthenticationSchema = z.object({ id: z.string().check(z.minLength(1)), assertion: passkeyAssertionSchema });
export type PasskeyAuthentication = z.infer<typeof passkeyAuthenticationSchema>;

/** POST /users/passkeys/register and /users/mfa/register/passkey body. */
export const passkeyRegisterRequestSchema = z.object({
  credential: registrationCredentialSchema,
  alias: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
});
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequestSchema>;

/** POST /users/passkeys/signin body. */
export const passkeySignInRequestSchema = z.object({
  credential: authenticationCredentialSchema,
  captchaToken: z.optional(z.string()),
  sessionPublicKey: z.optional(sessionPublicKeySchema),
});
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequestSchema>;

/** Passkey record of SPEC §3. `storage`: where the authenticator keeps the key, when known. */
export const passkeyRecordSchema = z.object({
  id: z.string().check(z.minLength(1)),
  alias: z.optional(z.nullable(z.string())),
  userAgent: z.optional(z.nullable(z.string())),
  origin: z.optional(z.nullable(z.string())),
  credentialId: base64urlSchema,
  createdAt: isoDateSchema,
  updatedAt: z.optional(z.nullable(isoDateSchema)),
  storage: z.optional(z.nullable(authenticatorAttachmentSchema)),
});
export type PasskeyRecord = z.infer<typeof passkeyRecordSchema>;

/** Passkey list of SPEC §3 (GET /users/passkeys). */
export const passkeyListSchema = z.object({ passkeys: z.array(passkeyRecordSchema), count: z.int().check(z.gte(0)) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** PUT /users/passkeys body: rename a passkey. */
export const passkeyUpdateSchema = z.object({ id: z.string().check(z.minLength(1)), alias: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) });
/** DELETE /users/passkeys body. */
export const passkeyDeleteSchema = z.object({ id: z.string().check(z.minLength(1)) });

/** POST /users/passkeys/register answer: the new passkey and the user with its new credential. */
export const passkeyRegisteredSchema = z.object({ passkey: passkeyRecordSchema, user: userSchema });
export type PasskeyRegistered = z.infer<typeof passkeyRegisteredSchema>;
