import * as z from 'zod/mini';
import { hostNameSchema, secureUrlSchema } from '../common.js';
import { chainSchema, durationUnitSchema, mfaTypeSchema, storageModeSchema, walletVersionSchema } from '../enums.js';
import { mfaMethodSettingsSchema, mfaTypeMethodSettingsSchema } from '../mfa.js';

/** Security settings of SPEC §3, and the embedded-wallet security settings (`sdk.embeddedWallets`). */

export const durationSchema = z.object({
  amount: z.int().check(z.positive()),
  unit: durationUnitSchema,
});
export type Duration = z.infer<typeof durationSchema>;

/** Wallet options of SPEC §3 (on security settings, and as `sdk.accountAbstraction`). */
export const walletOptionsFields = {
  allWallets: z.optional(z.boolean()),
  allUsers: z.optional(z.boolean()),
  separateSmartWalletAndSigner: z.optional(z.boolean()),
};

/** A sliding-window limit: at most `limit` events in any `windowSeconds`. */
export const rateLimitWindowSchema = z.object({
  limit: z.int().check(z.gte(1), z.lte(1_000_000)),
  windowSeconds: z.int().check(z.gte(1), z.lte(86_400)),
});
export type RateLimitWindow = z.infer<typeof rateLimitWindowSchema>;

/** Limits on sending codes of one channel: per recipient (address or number) and per client (network) address. */
export const verificationRateLimitSchema = z.object({
  perRecipient: z.optional(rateLimitWindowSchema),
  perClient: z.optional(rateLimitWindowSchema),
});
export type VerificationRateLimit = z.infer<typeof verificationRateLimitSchema>;

/**
 * How often e-mail and SMS codes may be sent (create and retry), and how much anonymous one-time state (wallet nonces,
 * OAuth and Telegram states, passkey sign-in challenges) one client address may create; absent windows take the
 * backend's defaults.
 */
export const rateLimitSettingsSchema = z.object({
  emailVerification: z.optional(verificationRateLimitSchema),
  smsVerification: z.optional(verificationRateLimitSchema),
  anonymousState: z.optional(z.object({ perClient: z.optional(rateLimitWindowSchema) })),
});
export type RateLimitSettings = z.infer<typeof rateLimitSettingsSchema>;

export const securitySettingsSchema = z.object({
  jwtDuration: z.optional(durationSchema),
  /**
   * The captcha run before a code is sent or a sign-in made: `siteKey` (required when enabled) and `scriptUrl`, where
   * the kit loads the widget script from (hCaptcha's `https://js.hcaptcha.com/1/api.js` when absent; the sandbox fills
   * in its emulator's).
   */
  hCaptcha: z.optional(z.object({ enabled: z.boolean(), siteKey: z.optional(z.string().check(z.minLength(1), z.maxLength(128))), scriptUrl: z.optional(secureUrlSchema) }).check(z.refine((captcha) => !captcha.enabled || captcha.siteKey !== undefined, { message: 'An enabled captcha needs its siteKey.', path: ['siteKey'] }))),
  mfa: z.optional(z.object({
      enabled: z.boolean(),
      required: z.optional(z.boolean()),
      methods: z.optional(z.array(mfaTypeSchema)),
      /** isDefault / isEnabled / listPosition per second-factor type (SPEC §3): what is offered, in which order. */
      methodSettings: z.optional(mfaTypeMethodSettingsSchema),
    })),
  auth: z.optional(z.object({ storage: z.array(storageModeSchema).check(z.minLength(1)) })),
  externalAuth: z.optional(z.object({ enabled: z.boolean(), iss: z.optional(z.string()), aud: z.optional(z.string()), jwksUrl: z.optional(secureUrlSchema) })),
  ...walletOptionsFields,
  enablePasskeys: z.optional(z.boolean()),
  rateLimits: z.optional(rateLimitSettingsSchema),
  /** Host names the project's pages are served from; the first is the passkey relying party id (SPEC §5). */
  allowedDomains: z.optional(z.array(hostNameSchema).check(z.minLength(1))),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** An embedded-wallet chain: which chains get wallets, and the primary one. */
export const chainConfigurationSchema = z.object({ name: chainSchema, enabled: z.boolean(), primary: z.optional(z.boolean()) });

/** Embedded-wallet security settings of SPEC §3. */
export const embeddedWalletSecuritySettingsSchema = z.object({
  automaticEmbeddedWalletCreation: z.optional(z.boolean()),
  automaticEmbeddedWalletCreationForExternal: z.optional(z.boolean()),
  showEmbeddedWalletActionsUI: z.optional(z.boolean()),
  emailRecoveryEnabled: z.optional(z.boolean()),
  forceAuthenticatorAtSignup: z.optional(z.boolean()),
  allowSkippingAuthenticatorAtSignup: z.optional(z.boolean()),
  sessionKeyDuration: z.optional(durationSchema),
  supportedSecurityMethods: z.optional(mfaMethodSettingsSchema),
  chainConfigurations: z.optional(z.array(chainConfigurationSchema).check(z.superRefine((chains, ctx) => {
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
    }))),
  domainEnabledByProvider: z.optional(z.boolean()),
  defaultWalletVersion: z.optional(walletVersionSchema),
  promptForKeyExport: z.optional(z.boolean()),
  transactionSimulation: z.optional(z.boolean()),
});
export type EmbeddedWalletSecuritySettings = z.infer<typeof embeddedWalletSecuritySettingsSchema>;
