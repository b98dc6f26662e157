import * as z from 'zod';
import {
  chainFamilySchema,
  keyShareBackupLocationSchema,
  loginViewTypeSchema,
  securityMethodSchema,
  thresholdSignatureSchemeSchema,
} from '../enums.js';
import { onrampSchema } from '../tokens.js';
import { providerToggleSchema, signInProviderSchema } from './providers.js';
import { embeddedWalletSecuritySettingsSchema, walletOptionsFields } from './security.js';

/** The `sdk` part of project settings: the "also" list of SPEC §3. */

export const loginViewSectionSchema = z.object({
  type: loginViewTypeSchema,
  label: z.string().optional(),
  numOfItemsToDisplay: z.number().int().min(1).optional(),
  defaultItem: z.string().optional(),
  alignment: z.enum(['left', 'center', 'right']).optional(),
});
export type LoginViewSection = z.infer<typeof loginViewSectionSchema>;

export const viewSchema = z.object({ type: z.literal('login'), sections: z.array(loginViewSectionSchema) });

/** Name-service settings per chain family (e.g. the EVM registry domain users get handles under). */
export const nameServiceSettingsSchema = z.partialRecord(chainFamilySchema, z.object({ domain: z.string().min(1) }));

/** MPC ("wallet as a service") settings. */
export const waasSettingsSchema = z.object({
  enabled: z.boolean().optional(),
  defaultThresholdSignatureScheme: thresholdSignatureSchemeSchema.optional(),
  backupOptions: z.array(keyShareBackupLocationSchema).optional(),
  passwordRequired: z.boolean().optional(),
});

/** Funding options: onramps and transfers from an external wallet. */
export const fundingSettingsSchema = z.object({
  onramps: onrampSchema.optional(),
  externalWallets: z
    .object({ enabled: z.boolean(), minAmount: z.object({ amount: z.number().positive(), currency: z.string().min(1) }).optional() })
    .optional(),
});

export const sdkSettingsSchema = z.object({
  emailSignIn: signInProviderSchema.optional(),
  socialSignIn: z.object({ providers: z.array(providerToggleSchema) }).optional(),
  nameService: nameServiceSettingsSchema.optional(),
  featureFlags: z.object({ connectOnlyMultiAsset: z.boolean().optional() }).optional(),
  multiWallet: z.boolean().optional(),
  multiWalletUnlinkDisabled: z.boolean().optional(),
  mobile: z
    .object({
      deeplinkUrlsEnabled: z.boolean().optional(),
      /** App deep links the product may redirect to (custom schemes allowed). */
      deeplinkUrlAllowlist: z.array(z.string().regex(/^[a-z][a-z0-9+.-]*:\/\/\S*$/, { message: 'must be a URL or deep link' })).optional(),
    })
    .optional(),
  confirmWalletTransfers: z.boolean().optional(),
  onrampFunding: z.boolean().optional(),
  passkeyEmbeddedWalletEnabled: z.boolean().optional(),
  automaticEmbeddedWalletCreation: z.boolean().optional(),
  passkeyEmbeddedWalletRecoveryEnabled: z.boolean().optional(),
  embeddedWalletSecurityMethods: z.array(securityMethodSchema).optional(),
  embeddedWallets: embeddedWalletSecuritySettingsSchema.optional(),
  waas: waasSettingsSchema.optional(),
  walletConnect: z
    .object({ projectId: z.string().regex(/^[0-9a-f]{32}$/, { message: 'must be 32 lowercase hex digits' }).optional(), v2Enabled: z.boolean().optional() })
    .optional(),
  confirmEmailProviderForVerify: z.boolean().optional(),
  displayDynamicMessaging: z.boolean().optional(),
  hideNetworkInDynamicWidget: z.boolean().optional(),
  preventOrphanedAccounts: z.boolean().optional(),
  views: z.array(viewSchema).optional(),
  accountAbstraction: z.object(walletOptionsFields).optional(),
  blockEmailSubaddresses: z.boolean().optional(),
  enableMultiAsset: z.boolean().optional(),
  showFiat: z.boolean().optional(),
  disabledWalletConnectors: z.array(z.string().min(1)).optional(),
  funding: fundingSettingsSchema.optional(),
});
export type SdkSettings = z.infer<typeof sdkSettingsSchema>;
