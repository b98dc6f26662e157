import * as z from 'zod';
import { ACCOUNT_DELETION_CONFIRMATION } from './constants.js';
import { isoDateSchema } from './common.js';
import { embeddedWalletPropertiesSchema } from './embeddedWallet.js';
import { chainSchema, credentialKindSchema } from './enums.js';

/** Verified credential of SPEC §3 (field names as on the wire, snake_case included). */
export const verifiedCredentialSchema = z.object({
  id: z.string(),
  format: credentialKindSchema,
  address: z.string().optional(),
  chain: chainSchema.optional(),
  refId: z.string().optional(),
  signerRefId: z.string().optional(),
  email: z.string().optional(),
  name_service: z.object({ avatar: z.string().optional(), name: z.string().optional() }).optional(),
  public_identifier: z.string().optional(),
  wallet_name: z.string().optional(),
  wallet_provider: z.string().optional(),
  /** Embedded-wallet properties when the credential is an embedded wallet; other keys pass through. */
  wallet_properties: z.looseObject(embeddedWalletPropertiesSchema.shape).optional(),
  oauth_provider: z.string().optional(),
  oauth_username: z.string().optional(),
  oauth_display_name: z.string().optional(),
  oauth_account_id: z.string().optional(),
  phoneNumber: z.string().optional(),
  phoneCountryCode: z.string().optional(),
  isoCountryCode: z.string().optional(),
  oauth_account_photos: z.array(z.string()).optional(),
  oauth_emails: z.array(z.string()).optional(),
  oauth_metadata: z.record(z.string(), z.unknown()).optional(),
  previous_users: z.array(z.string()).optional(),
  embedded_wallet_id: z.string().nullable().optional(),
  wallet_additional_addresses: z.array(z.object({ address: z.string(), type: z.string() })).optional(),
  lastSelectedAt: isoDateSchema.nullable().optional(),
  signInEnabled: z.boolean().optional(),
});
export type VerifiedCredential = z.infer<typeof verifiedCredentialSchema>;

/** Profile fields a user may set (SPEC §3 "User update payload", without captchaToken). */
export const userProfileFields = {
  alias: z.string().max(255).optional(),
  country: z.string().max(255).optional(),
  email: z.string().max(320).optional(),
  firstName: z.string().max(255).optional(),
  lastName: z.string().max(255).optional(),
  jobTitle: z.string().max(255).optional(),
  phoneNumber: z.string().max(32).optional(),
  policiesConsent: z.boolean().optional(),
  tShirtSize: z.string().max(32).optional(),
  team: z.string().max(255).optional(),
  username: z.string().max(255).optional(),
  btcWallet: z.string().optional(),
  kdaWallet: z.string().optional(),
  ltcWallet: z.string().optional(),
  ckbWallet: z.string().optional(),
  kasWallet: z.string().optional(),
  dogeWallet: z.string().optional(),
  emailNotification: z.boolean().optional(),
  discordNotification: z.boolean().optional(),
  newsletterNotification: z.boolean().optional(),
  /** Custom-field values, keyed by custom field name. */
  metadata: z.record(z.string(), z.unknown()).optional(),
};

export const blockchainAccountSchema = z.object({
  id: z.string(),
  address: z.string(),
  chain: chainSchema,
  nameService: z.string().optional(),
  walletName: z.string().optional(),
  walletProvider: z.string().optional(),
});

export const userSchema = z.object({
  id: z.string(),
  projectEnvironmentId: z.string(),
  verifiedCredentials: z.array(verifiedCredentialSchema),
  lastVerifiedCredentialId: z.string().optional(),
  sessionId: z.string().optional(),
  ...userProfileFields,
  firstVisit: isoDateSchema.optional(),
  lastVisit: isoDateSchema.optional(),
  newUser: z.boolean().optional(),
  mfaBackupCodeAcknowledgement: z.enum(['pending', 'complete']).nullable().optional(),
  lists: z.array(z.string()).optional(),
  scope: z.string().optional(),
  missingFields: z.array(z.object({ name: z.string(), required: z.boolean() })).optional(),
  verifiedAccount: z.string().optional(),
  blockchainAccounts: z.array(blockchainAccountSchema).optional(),
  info: z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      ens: z.string().optional(),
      wallet: z.string().optional(),
      walletPublicKey: z.string().optional(),
      userId: z.string().optional(),
    })
    .optional(),
});
export type User = z.infer<typeof userSchema>;

/** PUT /users body. */
export const userUpdateSchema = z.strictObject({ ...userProfileFields, captchaToken: z.string().optional() });
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
  exp: z.number().int(),
  iat: z.number().int(),
  environmentId: z.string(),
  lastVerifiedCredentialId: z.string().optional(),
  scope: z.string().optional(),
  email: z.string().optional(),
  username: z.string().optional(),
  verifiedCredentialsHashes: z
    .object({
      blockchain: z.string().optional(),
      email: z.string().optional(),
      oauth: z.string().optional(),
      phoneNumber: z.string().optional(),
      externalUser: z.string().optional(),
    })
    .optional(),
});
export type SessionTokenClaims = z.infer<typeof sessionTokenClaimsSchema>;
