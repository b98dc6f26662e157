import * as z from 'zod/mini';

/** Enumerations of SPEC §9 (and the small enumerations of §3/§4). */

export const chainSchema = z.enum(['ETH', 'EVM', 'FLOW', 'SOL', 'ALGO', 'STARK', 'COSMOS', 'BTC', 'ECLIPSE', 'SUI']);
export type Chain = z.infer<typeof chainSchema>;

export const chainFamilySchema = z.enum(['EVM', 'SOL', 'SUI']);
export type ChainFamily = z.infer<typeof chainFamilySchema>;

export const walletProviderTypeSchema = z.enum([
  'browserExtension',
  'custodialService',
  'walletConnect',
  'qrCode',
  'deepLink',
  'embeddedWallet',
  'smartContractWallet',
]);
export type WalletProviderType = z.infer<typeof walletProviderTypeSchema>;

export const mfaTypeSchema = z.enum(['totp', 'passkey']);
export type MfaType = z.infer<typeof mfaTypeSchema>;

export const onrampProviderSchema = z.enum(['banxa', 'coinbaseOnramp']);
export type OnrampProvider = z.infer<typeof onrampProviderSchema>;

export const embeddedWalletProviderSchema = z.enum(['dynamic', 'magicLink', 'blocto', 'turnkey', 'coinbaseWaas']);
export type EmbeddedWalletProvider = z.infer<typeof embeddedWalletProviderSchema>;

/** Embedded-wallet provider names as they appear in the token mapping. */
export const tokenWalletProviderSchema = z.enum(['turnkey', 'turnkeyhd', 'dynamicWaas']);

export const walletVersionSchema = z.enum(['V1', 'V2', 'V3']);

export const thresholdSignatureSchemeSchema = z.enum(['TWO_OF_TWO', 'TWO_OF_THREE', 'THREE_OF_FIVE']);
export type ThresholdSignatureScheme = z.infer<typeof thresholdSignatureSchemeSchema>;

export const gasRuleSchema = z.enum(['recommended', 'exact']);
export const referralTypeSchema = z.enum(['direct', 'enterprise', 'indirect', 'none']);

export const socialProviderSchema = z.enum([
  'apple',
  'bitbucket',
  'coinbasesocial',
  'discord',
  'epicgames',
  'facebook',
  'farcaster',
  'github',
  'gitlab',
  'google',
  'instagram',
  'linkedin',
  'microsoft',
  'twitch',
  'twitter',
  'telegram',
  'spotify',
  'tiktok',
  'line',
  'steam',
  'shopify',
  'kraken',
]);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export const lookupKeySchema = z.enum(['email', 'id', 'externalUserId', 'phoneNumber', 'socialUsername']);

export const credentialKindSchema = z.enum(['blockchain', 'email', 'oauth', 'passkey', 'phoneNumber', 'externalUser']);
export type CredentialKind = z.infer<typeof credentialKindSchema>;

export const storageModeSchema = z.enum(['localstorage', 'cookie']);
export type StorageMode = z.infer<typeof storageModeSchema>;

export const logLevelSchema = z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'MUTE']);
export type LogLevel = z.infer<typeof logLevelSchema>;

/** Login form view types: the ordered blocks of SPEC §2. */
export const loginViewTypeSchema = z.enum(['email', 'emailAndPhone', 'phone', 'separator', 'social', 'text', 'wallet']);
export type LoginViewType = z.infer<typeof loginViewTypeSchema>;

export const loginCredentialFlowStatusSchema = z.enum(['done', 'verify-email', 'verified-and-transferred', 'verify-sms']);
export const signInIdentifierKindSchema = z.enum(['email', 'username', 'name-service-subdomain-handle']);

export const accessListActionSchema = z.enum(['allow', 'block']);
export const walletConnectionModeSchema = z.enum(['connect-only', 'connect-and-sign']);
export const keyDerivationVersionSchema = z.enum(['v6', 'v7']);
export const environmentNameSchema = z.enum(['sandbox', 'live']);
export const themeModeSchema = z.enum(['light', 'dark', 'auto']);
export type ThemeMode = z.infer<typeof themeModeSchema>;

// ---- passkeys (SPEC §3) ---------------------------------------------------------------------

export const passkeyTransportSchema = z.enum(['internal', 'usb', 'nfc', 'ble', 'hybrid']);
export type PasskeyTransport = z.infer<typeof passkeyTransportSchema>;

export const authenticatorAttachmentSchema = z.enum(['cross-platform', 'platform']);
export type AuthenticatorAttachment = z.infer<typeof authenticatorAttachmentSchema>;

/** Credential type of SPEC §3: a passkey or a passphrase. */
export const credentialTypeSchema = z.enum(['passkey', 'passphrase']);
export type CredentialType = z.infer<typeof credentialTypeSchema>;

export const userVerificationRequirementSchema = z.enum(['discouraged', 'preferred', 'required']);
export type UserVerificationRequirement = z.infer<typeof userVerificationRequirementSchema>;

// ---- embedded wallets, MPC (SPEC §3) ------------------------------------------------------------

/** Who created an embedded wallet: the product on the user's behalf, or the user. */
export const embeddedWalletSourceSchema = z.enum(['dynamic', 'user']);
export const hardwareWalletSchema = z.enum(['ledger']);
export type HardwareWallet = z.infer<typeof hardwareWalletSchema>;

export const keyShareBackupLocationSchema = z.enum(['googleDrive', 'icloud']);
export type KeyShareBackupLocation = z.infer<typeof keyShareBackupLocationSchema>;

/** Wallet type of SPEC §3 (MPC wallets). */
export const walletTypeSchema = z.enum(['mpc']);

/** Security methods of an embedded wallet; also the keys of the MFA method settings. */
export const securityMethodSchema = z.enum(['passkey', 'email', 'password']);
export type SecurityMethod = z.infer<typeof securityMethodSchema>;

export const walletAccountTypeSchema = z.enum(['ordinals', 'payment', 'cosmos', 'evm']);
export type WalletAccountType = z.infer<typeof walletAccountTypeSchema>;

export const durationUnitSchema = z.enum(['days', 'hours', 'minutes']);
export type DurationUnit = z.infer<typeof durationUnitSchema>;

// ---- account abstraction (SPEC §3 Provider) --------------------------------------------------------

export const kernelVersionSchema = z.enum(['v2_4', 'v3_0', 'v3_1']);
export type KernelVersion = z.infer<typeof kernelVersionSchema>;

/** ERC-4337 entry point versions (kernel v2.4 runs on v6, kernel v3.x on v7). */
export const entryPointVersionSchema = z.enum(['v6', 'v7']);
export type EntryPointVersion = z.infer<typeof entryPointVersionSchema>;

/** Smart-account kinds of SPEC §9: a signer-to-ecdsa kind and a multi-chain kind. */
export const smartAccountKindSchema = z.enum(['zerodev_signer_to_ecdsa', 'zerodev_multi_chain']);
export type SmartAccountKind = z.infer<typeof smartAccountKindSchema>;

// ---- networks, money (SPEC §3/§9) ------------------------------------------------------------------

export const networkTypeSchema = z.enum(['custom', 'default']);
/** Fiat/crypto kinds of SPEC §9 (a currency's `type`). */
export const currencyKindSchema = z.enum(['fiat', 'crypto']);
export type CurrencyKind = z.infer<typeof currencyKindSchema>;

/** Transaction validation verdicts of a simulation. */
export const validationResultSchema = z.enum(['benign', 'warning', 'malicious']);

// ---- wallet catalogue (SPEC §5) -----------------------------------------------------------------

export const mobileExperienceSchema = z.enum(['in-app-browser', 'redirect']);
export type MobileExperience = z.infer<typeof mobileExperienceSchema>;

// ---- statuses of SPEC §4 ---------------------------------------------------------------------

/** Custody activity statuses: an activity must end as completed. */
export const custodyActivityStatusSchema = z.enum([
  'ACTIVITY_STATUS_CREATED',
  'ACTIVITY_STATUS_PENDING',
  'ACTIVITY_STATUS_COMPLETED',
  'ACTIVITY_STATUS_FAILED',
  'ACTIVITY_STATUS_CONSENSUS_NEEDED',
  'ACTIVITY_STATUS_REJECTED',
]);
export type CustodyActivityStatus = z.infer<typeof custodyActivityStatusSchema>;

/** Verification or export status: pending, then completed. */
export const exportStatusSchema = z.enum(['pending', 'completed']);
/** Request status: pending or complete. */
export const requestStatusSchema = z.enum(['pending', 'complete']);
export const serviceHealthSchema = z.enum(['healthy', 'unhealthy']);

/** Analytics event type (SPEC §3). */
export const analyticsEventTypeSchema = z.enum(['track']);
