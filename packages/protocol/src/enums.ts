import { z } from 'zod';

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
