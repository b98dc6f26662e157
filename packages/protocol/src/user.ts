import * as z from 'zod/mini';
import { ACCOUNT_DELETION_CONFIRMATION } from './constants.js';
import { isoDateSchema } from './common.js';
import { embeddedWalletPropertiesSchema } from './embeddedWallet.js';
import { chainSchema, credentialKindSchema } from './enums.js';

/** Verified credential of SPEC §3 (field names as on the wire, snake_case included). */
export const verifiedCredentialSchema = z.object({
  id: z.string(),
  format: credentialKindSchema,
  address: z.optional(z.string()),
  chain: z.optional(chainSchema),
  refId: z.optional(z.string()),
  signerRefId: z.optional(z.string()),
  email: z.optional(z.string()),
  name_service: z.optional(z.object({ avatar: z.optional(z.string()), name: z.optional(z.string()) })),
  public_identifier: z.optional(z.string()),
  wallet_name: z.optional(z.string()),
  wallet_provider: z.optional(z.string()),
  /** Embedded-wallet properties when the credential is an embedded wallet; other keys pass through. */
  wallet_properties: z.optional(z.looseObject(embeddedWalletPropertiesSchema.shape)),
  oauth_provider: z.optional(z.string()),
  oauth_username: z.optional(z.string()),
  oauth_display_name: z.optional(z.string()),
  oauth_account_id: z.optional(z.string()),
  phoneNumber: z.optional(z.string()),
  phoneCountryCode: z.optional(z.string()),
  isoCountryCode: z.optional(z.string()),
  oauth_account_photos: z.optional(z.array(z.string())),
  oauth_emails: z.optional(z.array(z.string())),
  oauth_metadata: z.optional(z.record(z.string(), z.unknown())),
  previous_users: z.optional(z.array(z.string())),
  embedded_wallet_id: z.optional(z.nullable(z.string())),
  wallet_additional_addresses: z.optional(z.array(z.object({ address: z.string(), type: z.string() }))),
  lastSelectedAt: z.optional(z.nullable(isoDateSchema)),
  signInEnabled: z.optional(z.boolean()),
});
export type VerifiedCredential = z.infer<typeof verifiedCredentialSchema>;

/** Profile fields a user may set (SPEC §3 "User update payload", without captchaToken). */
export const userProfileFields = {
  alias: z.optional(z.string().check(z.maxLength(255))),
  country: z.optional(z.string().check(z.maxLength(255))),
  email: z.optional(z.string().check(z.maxLength(320))),
  firstName: z.optional(z.string().check(z.maxLength(255))),
  lastName: z.optional(z.string().check(z.maxLength(255))),
  jobTitle: z.optional(z.string().check(z.maxLength(255))),
  phoneNumber: z.optional(z.string().check(z.maxLength(32))),
  policiesConsent: z.optional(z.boolean()),
  tShirtSize: z.optional(z.string().check(z.maxLength(32))),
  team: z.optional(z.string().check(z.maxLength(255))),
  username: z.optional(z.string().check(z.maxLength(255))),
  btcWallet: z.optional(z.string()),
  kdaWallet: z.optional(z.string()),
  ltcWallet: z.optional(z.string()),
  ckbWallet: z.optional(z.string()),
  kasWallet: z.optional(z.string()),
  dogeWallet: z.optional(z.string()),
  emailNotification: z.optional(z.boolean()),
  discordNotification: z.optional(z.boolean()),
  newsletterNotification: z.optional(z.boolean()),
  /** Custom-field values, keyed by custom field name. */
  metadata: z.optional(z.record(z.string(), z.unknown())),
};

export const blockchainAccountSchema = z.object({
  id: z.string(),
  address: z.string(),
  chain: chainSchema,
  nameService: z.optional(z.string()),
  walletName: z.optional(z.string()),
  walletProvider: z.optional(z.string()),
});

export const userSchema = z.object({
  id: z.string(),
  projectEnvironmentId: z.string(),
  verifiedCredentials: z.array(verifiedCredentialSchema),
  lastVerifiedCredentialId: z.optional(z.string()),
  sessionId: z.optional(z.string()),
  ...userProfileFields,
  firstVisit: z.optional(isoDateSchema),
  lastVisit: z.optional(isoDateSchema),
  newUser: z.optional(z.boolean()),
  mfaBackupCodeAcknowledgement: z.optional(z.nullable(z.enum(['pending', 'complete']))),
  lists: z.optional(z.array(z.string())),
  scope: z.optional(z.string()),
  missingFields: z.optional(z.array(z.object({ name: z.string(), required: z.boolean() }))),
  verifiedAccount: z.optional(z.string()),
  blockchainAccounts: z.optional(z.array(blockchainAccountSchema)),
  info: z.optional(z.object({
      firstName: z.optional(z.string()),
      lastName: z.optional(z.string()),
      ens: z.optional(z.string()),
      wallet: z.optional(z.string()),
      walletPublicKey: z.optional(z.string()),
      userId: z.optional(z.string()),
    })),
});
export type User = z.infer<typeof userSchema>;

/** PUT /users body. */
export const userUpdateSchema = z.strictObject({ ...userProfileFields, captchaToken: z.optional(z.string()) });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** DELETE /users body: the typed confirmation, so a stray request cannot delete an account. */
export const userDeletionSchema = z.strictObject({ confirmation: z.literal(ACCOUNT_DELETION_CONFIRMATION) });
export type UserDeletion = z.infer<typeof userDeletionSchema>;

/** Claims of the session JWT (RS256), SPEC §3. */
export const sessionTokenClaimsSchema = z.object({
  kid: z.string(),
  aud: z.string(),
  iss: z.string(),
  sub: z.string(),
  sid: z.string(),
  exp: z.int(),
  iat: z.int(),
  environmentId: z.string(),
  lastVerifiedCredentialId: z.optional(z.string()),
  scope: z.optional(z.string()),
  email: z.optional(z.string()),
  username: z.optional(z.string()),
  verifiedCredentialsHashes: z.optional(z.object({
      blockchain: z.optional(z.string()),
      email: z.optional(z.string()),
      oauth: z.optional(z.string()),
      phoneNumber: z.optional(z.string()),
      externalUser: z.optional(z.string()),
    })),
});
export type SessionTokenClaims = z.infer<typeof sessionTokenClaimsSchema>;
