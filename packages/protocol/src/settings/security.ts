import * as z from 'zod';
import { hostNameSchema, secureUrlSchema } from '../common.js';
import { chainSchema, durationUnitSchema, mfaTypeSchema, storageModeSchema, walletVersionSchema } from '../enums.js';
import { mfaMethodSettingsSchema, mfaTypeMethodSettingsSchema } from '../mfa.js';

/** Security settings of SPEC §3, and the embedded-wallet security settings (`sdk.embeddedWallets`). */

export const durationSchema = z.object({
  amount: z.number().int().positive(),
  unit: durationUnitSchema,
});
export type Duration = z.infer<typeof durationSchema>;

/** Wallet options of SPEC §3 (on security settings, and as `sdk.accountAbstraction`). */
export const walletOptionsFields = {
  allWallets: z.boolean().optional(),
  allUsers: z.boolean().optional(),
  separateSmartWalletAndSigner: z.boolean().optional(),
};

/** A sliding-window limit: at most `limit` events in any `windowSeconds`. */
export const rateLimitWindowSchema = z.object({
  limit: z.number().int().min(1).max(1_000_000),
  windowSeconds: z.number().int().min(1).max(86_400),
});
export type RateLimitWindow = z.infer<typeof rateLimitWindowSchema>;

/** Limits on sending codes of one channel: per recipient (address or number) and per client (network) address. */
export const verificationRateLimitSchema = z.object({
  perRecipient: rateLimitWindowSchema.optional(),
  perClient: rateLimitWindowSchema.optional(),
});
export type VerificationRateLimit = z.infer<typeof verificationRateLimitSchema>;

/** How often e-mail and SMS codes may be sent (create and retry); absent windows take the backend's defaults. */
export const rateLimitSettingsSchema = z.object({
  emailVerification: verificationRateLimitSchema.optional(),
  smsVerification: verificationRateLimitSchema.optional(),
});
export type RateLimitSettings = z.infer<typeof rateLimitSettingsSchema>;

export const securitySettingsSchema = z.object({
  jwtDuration: durationSchema.optional(),
  /**
   * The captcha run before a code is sent or a sign-in made: `siteKey` (required when enabled) and `scriptUrl`, where
   * the kit loads the widget script from (hCaptcha's `https://js.hcaptcha.com/1/api.js` when absent; the sandbox fills
   * in its emulator's).
   */
  hCaptcha: z
    .object({ enabled: z.boolean(), siteKey: z.string().min(1).max(128).optional(), scriptUrl: secureUrlSchema.optional() })
    .refine((captcha) => !captcha.enabled || captcha.siteKey !== undefined, { message: 'An enabled captcha needs its siteKey.', path: ['siteKey'] })
    .optional(),
  mfa: z
    .object({
      enabled: z.boolean(),
      required: z.boolean().optional(),
      methods: z.array(mfaTypeSchema).optional(),
      /** isDefault / isEnabled / listPosition per second-factor type (SPEC §3): what is offered, in which order. */
      methodSettings: mfaTypeMethodSettingsSchema.optional(),
    })
    .optional(),
  auth: z.object({ storage: z.array(storageModeSchema).min(1) }).optional(),
  externalAuth: z
    .object({ enabled: z.boolean(), iss: z.string().optional(), aud: z.string().optional(), jwksUrl: secureUrlSchema.optional() })
    .optional(),
  ...walletOptionsFields,
  enablePasskeys: z.boolean().optional(),
  rateLimits: rateLimitSettingsSchema.optional(),
  /** Host names the project's pages are served from; the first is the passkey relying party id (SPEC §5). */
  allowedDomains: z.array(hostNameSchema).min(1).optional(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** An embedded-wallet chain: which chains get wallets, and the primary one. */
export const chainConfigurationSchema = z.object({ name: chainSchema, enabled: z.boolean(), primary: z.boolean().optional() });

/** Embedded-wallet security settings of SPEC §3. */
export const embeddedWalletSecuritySettingsSchema = z.object({
  automaticEmbeddedWalletCreation: z.boolean().optional(),
  automaticEmbeddedWalletCreationForExternal: z.boolean().optional(),
  showEmbeddedWalletActionsUI: z.boolean().optional(),
  emailRecoveryEnabled: z.boolean().optional(),
  forceAuthenticatorAtSignup: z.boolean().optional(),
  allowSkippingAuthenticatorAtSignup: z.boolean().optional(),
  sessionKeyDuration: durationSchema.optional(),
  supportedSecurityMethods: mfaMethodSettingsSchema.optional(),
  chainConfigurations: z
    .array(chainConfigurationSchema)
    .superRefine((chains, ctx) => {
      const names = chains.map((chain) => chain.name);
      if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', message: 'must not repeat a chain' });
      chains.forEach((chain, index) => {
        if (chain.primary && !chain.enabled) {
          ctx.addIssue({ code: 'custom', path: [index, 'primary'], message: 'a disabled chain cannot be primary' });
        }
      });
      if (chains.filter((chain) => chain.primary).length > 1) {
        ctx.addIssue({ code: 'custom', message: 'at most one chain can be primary' });
      }
    })
    .optional(),
  domainEnabledByProvider: z.boolean().optional(),
  defaultWalletVersion: walletVersionSchema.optional(),
  promptForKeyExport: z.boolean().optional(),
  transactionSimulation: z.boolean().optional(),
});
export type EmbeddedWalletSecuritySettings = z.infer<typeof embeddedWalletSecuritySettingsSchema>;
