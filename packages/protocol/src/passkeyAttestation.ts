import * as z from 'zod/mini';
import { passkeyTransportSchema } from './enums.js';

/**
 * The custody-side passkey attestation of SPEC §3 and the base64url it is written in: shared by
 * the passkey records and by embedded-wallet creation (which hands the attestation to custody),
 * in a module of their own so that neither imports the other.
 */

/** base64url without padding, as WebAuthn JSON encodes binary. */
export const base64urlSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]+$/, { message: 'must be base64url without padding' }));

/** Custody-side attestation of SPEC §3 (`clientDataJson` spelled so). */
export const passkeyAttestationSchema = z.object({
  attestationObject: base64urlSchema,
  clientDataJson: base64urlSchema,
  credentialId: base64urlSchema,
  transports: z.array(passkeyTransportSchema),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestationSchema>;
