import * as z from 'zod/mini';
import { emailSchema } from './verification.js';
import { base64urlSchema, passkeyAttestationSchema } from './passkeyAttestation.js';
import { isoDateSchema, secureUrlSchema, sessionPublicKeySchema } from './common.js';
import {
  chainSchema,
  embeddedWalletSourceSchema,
  exportStatusSchema,
  hardwareWalletSchema,
  keyShareBackupLocationSchema,
  thresholdSignatureSchemeSchema,
  tokenWalletProviderSchema,
  walletTypeSchema,
  walletVersionSchema,
} from './enums.js';

/**
 * Embedded-wallet records of SPEC §3: credential properties, creation, session keys, signed
 * (stamped) custody requests, deletion, wallet accounts, export.
 */

/** A BIP-32 derivation path such as `m/44'/501'/0'/0'`. */
export const derivationPathSchema = z.string().check(z.regex(/^m(?:\/\d{1,10}'?)+$/, { message: "must be a derivation path such as m/44'/501'/0'/0'" }));

/** One backed-up key share of an MPC wallet. */
export const keyShareRecordSchema = z.object({
  id: z.string().check(z.minLength(1)),
  backupLocation: z.optional(z.nullable(keyShareBackupLocationSchema)),
  passwordEncrypted: z.boolean(),
});
export type KeyShareRecord = z.infer<typeof keyShareRecordSchema>;

/**
 * Embedded-wallet credential properties of SPEC §3. Custody field names begin with the custody
 * provider's name (`turnkey…`). Travels in a verified credential's `wallet_properties`.
 */
export const embeddedWalletPropertiesSchema = z.object({
  turnkeySubOrganizationId: z.optional(z.string().check(z.minLength(1))),
  turnkeyPrivateKeyId: z.optional(z.string().check(z.minLength(1))),
  turnkeyHDWalletId: z.optional(z.string().check(z.minLength(1))),
  turnkeyUserId: z.optional(z.string().check(z.minLength(1))),
  isAuthenticatorAttached: z.optional(z.boolean()),
  isSessionKeyCompatible: z.optional(z.boolean()),
  version: z.optional(walletVersionSchema),
  claimed: z.optional(z.boolean()),
  source: z.optional(embeddedWalletSourceSchema),
  keyShares: z.optional(z.array(keyShareRecordSchema)),
  thresholdSignatureScheme: z.optional(thresholdSignatureSchemeSchema),
  /** `mpc` for a key-share (MPC) wallet (SPEC §3 "Wallet type"). */
  walletType: z.optional(walletTypeSchema),
  derivationPath: z.optional(derivationPathSchema),
  hardwareWallet: z.optional(hardwareWalletSchema),
});
export type EmbeddedWalletProperties = z.infer<typeof embeddedWalletPropertiesSchema>;

/** Credential as seen by the wallet layer (SPEC §3). */
export const walletCredentialSchema = z.object({
  id: z.string().check(z.minLength(1)),
  address: z.string().check(z.minLength(1)),
  walletName: z.string().check(z.minLength(1)),
  chain: chainSchema,
  walletProperties: z.optional(z.object({ turnkeySubOrganizationId: z.optional(z.string().check(z.minLength(1))), isSessionKeyCompatible: z.optional(z.boolean()) })),
});
export type WalletCredential = z.infer<typeof walletCredentialSchema>;

/** Session key of SPEC §3. */
export const sessionKeySchema = z.object({ sessionPublicKey: sessionPublicKeySchema });
export type SessionKey = z.infer<typeof sessionKeySchema>;

/** A hex DER ECDSA signature. */
const hexSignatureSchema = z.string().check(z.maxLength(512), z.regex(/^[0-9a-fA-F]+$/, { message: 'must be a hex signature' }));

/**
 * Stamp of a signed custody request. Its value is sent on as an HTTP header: printable ASCII only (a stamp is
 * base64url or JSON of such), checked here so that a bad one is refused before anything single-use is spent.
 */
export const stampSchema = z.object({
  stampHeaderName: z.enum(['X-Stamp', 'X-Stamp-WebAuthn']),
  stampHeaderValue: z.string().check(z.minLength(1), z.maxLength(16_384), z.regex(/^[\x20-\x7e]+$/, { message: 'must be printable ASCII (an HTTP header value)' })),
});
export type Stamp = z.infer<typeof stampSchema>;

/**
 * POST /users/embeddedWallets/sessionKey/challenge (bearer): the key the kit is about to register. The answer is
 * what a proof of the wallet's owner signs for it.
 */
export const sessionKeyChallengeRequestSchema = z.object({ publicKey: sessionPublicKeySchema });
export type SessionKeyChallengeRequest = z.infer<typeof sessionKeyChallengeRequestSchema>;

/**
 * The challenge: `body` is the custody request that registers the key — `create_api_keys` for the wallet's custody
 * user in its sub-organization, the key named `session-{nonce}` after the server's single-use nonce, lapsing after
 * `sessionKeyDuration` (`expirationSeconds`), `timestampMs` now — exactly the bytes a proof signs, so the proof
 * covers the new key, the nonce and the expiry. Good until `expiresAt` (5 minutes), once.
 */
export const sessionKeyChallengeSchema = z.object({
  nonce: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  body: z.string().check(z.minLength(2), z.maxLength(4096)),
  expiresAt: isoDateSchema,
});
export type SessionKeyChallenge = z.infer<typeof sessionKeyChallengeSchema>;

/**
 * Session key registration of SPEC §3 (POST /users/embeddedWallets/sessionKey). For a wallet whose passkey
 * protects it (`isAuthenticatorAttached`) the session JWT alone is not enough: `challenge` (from
 * `/sessionKey/challenge`) comes with `passkeyStamp`, a fresh WebAuthn assertion of the wallet's passkey over it
 * (`X-Stamp-WebAuthn`), or with `prevSessionKeySignature`, the current session key's hex DER ECDSA-P256-SHA256
 * signature over it. Either proof is handed to custody, which checks it against the wallet's own keys.
 */
export const sessionKeyRegistrationSchema = z.object({
    publicKey: sessionPublicKeySchema,
    challenge: z.optional(z.string().check(z.minLength(2), z.maxLength(4096))),
    prevSessionKeySignature: z.optional(hexSignatureSchema),
    passkeyStamp: z.optional(stampSchema),
  }).check(z.superRefine((registration, ctx) => {
    if ((registration.prevSessionKeySignature || registration.passkeyStamp) && !registration.challenge) {
      ctx.addIssue({ code: 'custom', path: ['challenge'], message: 'is required with a proof (the body it signs)' });
    }
    if (registration.prevSessionKeySignature && registration.passkeyStamp) {
      ctx.addIssue({ code: 'custom', path: ['passkeyStamp'], message: 'send one proof: passkeyStamp or prevSessionKeySignature' });
    }
    if (registration.passkeyStamp && registration.passkeyStamp.stampHeaderName !== 'X-Stamp-WebAuthn') {
      ctx.addIssue({ code: 'custom', path: ['passkeyStamp', 'stampHeaderName'], message: 'must be X-Stamp-WebAuthn (a passkey assertion)' });
    }
  }));
export type SessionKeyRegistration = z.input<typeof sessionKeyRegistrationSchema>;

/** POST /users/embeddedWallets/sessionKey answer: the registered key and when it lapses. */
export const sessionKeyResponseSchema = z.object({ publicKey: sessionPublicKeySchema, expiresAt: isoDateSchema });
export type SessionKeyResponse = z.infer<typeof sessionKeyResponseSchema>;

/** Signed request of SPEC §3: a custody request stamped by the client, for the server to forward. */
export const signedRequestSchema = z.object({
  /** The exact JSON body bytes the stamp signs. */
  body: z.string().check(z.minLength(2)),
  url: secureUrlSchema,
  stamp: stampSchema,
});
export type SignedRequest = z.infer<typeof signedRequestSchema>;

/** The custody signed-request field some embedded-wallet requests carry. */
export const custodySignedRequestFields = { turnkeySignedRequest: z.optional(signedRequestSchema) };

/**
 * Embedded-wallet creation request of SPEC §3 (POST /users/embeddedWallets). A wallet "with a
 * passkey" (`isAuthenticatorAttached`) carries the passkey's custody-side `attestation` and the
 * `challenge` it was made over: the passkey becomes an authenticator of the wallet's custody
 * sub-organization (the custody provider verifies the attestation against the challenge).
 */
export const embeddedWalletCreationSchema = z.object({
    chains: z.array(chainSchema).check(z.minLength(1), z.refine((chains) => new Set(chains).size === chains.length, { message: 'must not repeat a chain' })),
    embeddedWalletProvider: tokenWalletProviderSchema,
    isAuthenticatorAttached: z.optional(z.boolean()),
    passkeyAlias: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
    sessionPublicKey: z.optional(sessionPublicKeySchema),
    attestation: z.optional(passkeyAttestationSchema),
    challenge: z.optional(base64urlSchema),
    ...custodySignedRequestFields,
  }).check(z.superRefine((creation, ctx) => {
    if (creation.attestation && !creation.challenge) ctx.addIssue({ code: 'custom', path: ['challenge'], message: 'is required with an attestation' });
    if (creation.challenge && !creation.attestation) ctx.addIssue({ code: 'custom', path: ['attestation'], message: 'is required with a challenge' });
    if (creation.isAuthenticatorAttached && !creation.attestation) {
      ctx.addIssue({ code: 'custom', path: ['attestation'], message: 'is required when isAuthenticatorAttached is true (the passkey to attach)' });
    }
    if (creation.attestation && creation.isAuthenticatorAttached === false) {
      ctx.addIssue({ code: 'custom', path: ['isAuthenticatorAttached'], message: 'must not be false with an attestation' });
    }
  }));
export type EmbeddedWalletCreation = z.infer<typeof embeddedWalletCreationSchema>;

/**
 * Wallet deletion of SPEC §3 (DELETE /users/embeddedWallets). A passkey-protected wallet (`isAuthenticatorAttached`)
 * also needs `turnkeySignedRequest`: custody's `delete_wallets` request for it, stamped by its passkey.
 */
export const walletDeletionSchema = z.object({
  walletIds: z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat a wallet id' })),
  deleteWithoutExport: z.optional(z.boolean()),
  ...custodySignedRequestFields,
});
export type WalletDeletion = z.infer<typeof walletDeletionSchema>;

/** Wallet chain entry of SPEC §3 (POST /users/embeddedWallets/walletAccounts). */
export const walletChainEntrySchema = z.object({ chain: chainSchema, publicWalletAddress: z.string().check(z.minLength(1)) });
export type WalletChainEntry = z.infer<typeof walletChainEntrySchema>;

/** POST /users/embeddedWallets/emailAuth: start e-mail recovery; the bundle goes to the e-mail. */
export const embeddedWalletEmailAuthSchema = z.object({
  email: emailSchema,
  /** The session key the recovery credential is encrypted to. */
  sessionPublicKey: sessionPublicKeySchema,
});
export type EmbeddedWalletEmailAuth = z.infer<typeof embeddedWalletEmailAuthSchema>;

/** PUT /users/embeddedWallets/recoveryEmail body. */
export const recoveryEmailUpdateSchema = z.object({ email: emailSchema, ...custodySignedRequestFields });

/** GET /users/embeddedWallets/{walletId}/activities/{activityId}/export answer. */
export const walletExportSchema = z.object({
    status: exportStatusSchema,
    /** The key material encrypted to the target key; present once completed. */
    exportBundle: z.optional(z.string().check(z.minLength(1))),
  }).check(z.refine((result) => result.status !== 'completed' || result.exportBundle !== undefined, {
    path: ['exportBundle'],
    message: 'is required once the export is completed',
  }));
export type WalletExport = z.infer<typeof walletExportSchema>;
