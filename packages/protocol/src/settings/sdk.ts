import * as z from 'zod/mini';
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
  label: z.optional(z.string()),
  numOfItemsToDisplay: z.optional(z.int().check(z.gte(1))),
  defaultItem: z.optional(z.string()),
  alignment: z.optional(z.enum(['left', 'center', 'right'])),
});
export type LoginViewSection = z.infer<typeof loginViewSectionSchema>;

export const viewSchema = z.object({ type: z.literal('login'), sections: z.array(loginViewSectionSchema) });

/** Name-service settings per chain family (e.g. the EVM registry domain users get handles under). */
export const nameServiceSettingsSchema = z.partialRecord(chainFamilySchema, z.object({ domain: z.string().check(z.minLength(1)) }));

/** MPC ("wallet as a service") settings. */
export const waasSettingsSchema = z.object({
  enabled: z.optional(z.boolean()),
  defaultThresholdSignatureScheme: z.optional(thresholdSignatureSchemeSchema),
  backupOptions: z.optional(z.array(keyShareBackupLocationSchema)),
  passwordRequired: z.optional(z.boolean()),
});

/** Funding options: onramps and transfers from an external wallet. */
export const fundingSettingsSchema = z.object({
  onramps: z.optional(onrampSchema),
  externalWallets: z.optional(z.object({ enabled: z.boolean(), minAmount: z.optional(z.object({ amount: z.number().check(z.positive()), currency: z.string().check(z.minLength(1)) })) })),
});

export const sdkSettingsSchema = z.object({
  emailSignIn: z.optional(signInProviderSchema),
  socialSignIn: z.optional(z.object({ providers: z.array(providerToggleSchema) })),
  nameService: z.optional(nameServiceSettingsSchema),
  featureFlags: z.optional(z.object({ connectOnlyMultiAsset: z.optional(z.boolean()) })),
  multiWallet: z.optional(z.boolean()),
  multiWalletUnlinkDisabled: z.optional(z.boolean()),
  mobile: z.optional(z.object({
      deeplinkUrlsEnabled: z.optional(z.boolean()),
      /** App deep links the product may redirect to (custom schemes allowed). */
      deeplinkUrlAllowlist: z.optional(z.array(z.string().check(z.regex(/^[a-z][a-z0-9+.-]*:\/\/\S*$/, { message: 'must be a URL or deep link' })))),
    })),
  confirmWalletTransfers: z.optional(z.boolean()),
  onrampFunding: z.optional(z.boolean()),
  passkeyEmbeddedWalletEnabled: z.optional(z.boolean()),
  automaticEmbeddedWalletCreation: z.optional(z.boolean()),
  passkeyEmbeddedWalletRecoveryEnabled: z.optional(z.boolean()),
  embeddedWalletSecurityMethods: z.optional(z.array(securityMethodSchema)),
  embeddedWallets: z.optional(embeddedWalletSecuritySettingsSchema),
  waas: z.optional(waasSettingsSchema),
  walletConnect: z.optional(z.object({ projectId: z.optional(z.string().check(z.regex(/^[0-9a-f]{32}$/, { message: 'must be 32 lowercase hex digits' }))), v2Enabled: z.optional(z.boolean()) })),
  confirmEmailProviderForVerify: z.optional(z.boolean()),
  displayDynamicMessaging: z.optional(z.boolean()),
  hideNetworkInDynamicWidget: z.optional(z.boolean()),
  preventOrphanedAccounts: z.optional(z.boolean()),
  views: z.optional(z.array(viewSchema)),
  accountAbstraction: z.optional(z.object(walletOptionsFields)),
  blockEmailSubaddresses: z.optional(z.boolean()),
  enableMultiAsset: z.optional(z.boolean()),
  showFiat: z.optional(z.boolean()),
  disabledWalletConnectors: z.optional(z.array(z.string().check(z.minLength(1)))),
  funding: z.optional(fundingSettingsSchema),
});
export type SdkSettings = z.infer<typeof sdkSettingsSchema>;
