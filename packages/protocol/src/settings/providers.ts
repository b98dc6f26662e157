import * as z from 'zod';
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

export const providerSchema = z
  .object({
    id: z.string(),
    provider: providerNameSchema,
    enabledAt: z.string().nullable().optional(),
    clientId: z.string().optional(),
    /** Server-side only: never part of the settings the kit receives. */
    clientSecret: z.string().optional(),
    providerProjectId: z.string().optional(),
    authorizationUrl: secureUrlSchema.optional(),
    redirectUrl: secureUrlSchema.optional(),
    defaultChainId: z.number().int().positive().optional(),
    defaultChain: z.string().optional(),
    keyExportUrl: secureUrlSchema.optional(),
    termsAcceptedByUser: z.boolean().optional(),
    scopes: z.string().optional(),
    baseAuthUrl: secureUrlSchema.optional(),
    appleKeyId: z.string().optional(),
    appleTeamId: z.string().optional(),
    shopifyStore: z.string().optional(),
    accountSid: z.string().optional(),
    twilioNumber: z.string().optional(),
    enabledCountries: z.array(z.object({ isoCountryCode: isoCountryCodeSchema, phoneCountryCode: phoneCountryCodeSchema })).optional(),
    // account abstraction
    entryPointVersion: entryPointVersionSchema.optional(),
    kernelVersion: kernelVersionSchema.optional(),
    factoryAddress: evmAddressSchema.optional(),
    paymasterAddress: evmAddressSchema.optional(),
    passkeyAddress: evmAddressSchema.optional(),
    sessionAddress: evmAddressSchema.optional(),
    salt: hexStringSchema.optional(),
    ecdsaProviderType: smartAccountKindSchema.optional(),
    createNewAccounts: z.boolean().optional(),
    enableKernelV3Migration: z.boolean().optional(),
    enableEIP7702: z.boolean().optional(),
  })
  .superRefine((provider, ctx) => {
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
  });
export type Provider = z.infer<typeof providerSchema>;

/** Providers list entry of SPEC §3 (`sdk.socialSignIn.providers`). */
export const providerToggleSchema = z.object({ provider: socialProviderSchema, enabled: z.boolean() });

/** Sign-in provider of SPEC §3 (`sdk.emailSignIn`). */
export const signInProviderSchema = z.object({ signInProvider: z.string().optional() });
