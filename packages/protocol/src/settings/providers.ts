import * as z from 'zod/mini';
import { evmAddressSchema, hexStringSchema, secureUrlSchema } from '../common.js';
import {
  embeddedWalletProviderSchema,
  entryPointVersionSchema,
  kernelVersionSchema,
  smartAccountKindSchema,
  socialProviderSchema,
} from '../enums.js';
import { isoCountryCodeSchema, phoneCountryCodeSchema } from '../verification.js';

/** Provider of SPEC §3: sign-in, messaging, embedded-wallet and account-abstraction providers. */

export const providerNameSchema = z.enum([
  ...socialProviderSchema.options,
  ...embeddedWalletProviderSchema.options,
  'emailOnly',
  'sendgrid',
  'twilio',
  'zerodev',
]);
export type ProviderName = z.infer<typeof providerNameSchema>;

export const providerSchema = z.object({
    id: z.string(),
    provider: providerNameSchema,
    enabledAt: z.optional(z.nullable(z.string())),
    clientId: z.optional(z.string()),
    /** Server-side only: never part of the settings the kit receives. */
    clientSecret: z.optional(z.string()),
    providerProjectId: z.optional(z.string()),
    authorizationUrl: z.optional(secureUrlSchema),
    redirectUrl: z.optional(secureUrlSchema),
    defaultChainId: z.optional(z.int().check(z.positive())),
    defaultChain: z.optional(z.string()),
    keyExportUrl: z.optional(secureUrlSchema),
    termsAcceptedByUser: z.optional(z.boolean()),
    scopes: z.optional(z.string()),
    baseAuthUrl: z.optional(secureUrlSchema),
    appleKeyId: z.optional(z.string()),
    appleTeamId: z.optional(z.string()),
    shopifyStore: z.optional(z.string()),
    accountSid: z.optional(z.string()),
    twilioNumber: z.optional(z.string()),
    enabledCountries: z.optional(z.array(z.object({ isoCountryCode: isoCountryCodeSchema, phoneCountryCode: phoneCountryCodeSchema }))),
    // account abstraction
    entryPointVersion: z.optional(entryPointVersionSchema),
    kernelVersion: z.optional(kernelVersionSchema),
    factoryAddress: z.optional(evmAddressSchema),
    paymasterAddress: z.optional(evmAddressSchema),
    passkeyAddress: z.optional(evmAddressSchema),
    sessionAddress: z.optional(evmAddressSchema),
    salt: z.optional(hexStringSchema),
    ecdsaProviderType: z.optional(smartAccountKindSchema),
    createNewAccounts: z.optional(z.boolean()),
    enableKernelV3Migration: z.optional(z.boolean()),
    enableEIP7702: z.optional(z.boolean()),
  }).check(z.superRefine((provider, ctx) => {
    // Kernel v2.4 accounts run on entry point v6, kernel v3.x on v7.
    if (provider.kernelVersion === undefined || provider.entryPointVersion === undefined) return;
    const expected = provider.kernelVersion === 'v2_4' ? 'v6' : 'v7';
    if (provider.entryPointVersion !== expected) {
      ctx.addIssue({
        code: 'custom',
        path: ['kernelVersion'],
        message: `kernel ${provider.kernelVersion} needs entry point ${expected}`,
      });
    }
  }));
export type Provider = z.infer<typeof providerSchema>;

/** Providers list entry of SPEC §3 (`sdk.socialSignIn.providers`). */
export const providerToggleSchema = z.object({ provider: socialProviderSchema, enabled: z.boolean() });

/** Sign-in provider of SPEC §3 (`sdk.emailSignIn`). */
export const signInProviderSchema = z.object({ signInProvider: z.optional(z.string()) });
