import { z } from 'zod';
import { hexColorSchema, secureUrlSchema } from './common.js';
import {
  embeddedWalletProviderSchema,
  environmentNameSchema,
  loginViewTypeSchema,
  socialProviderSchema,
  storageModeSchema,
  themeModeSchema,
} from './enums.js';

/** Project settings of SPEC §2/§3: what GET /settings returns and what configures the kit. */

// ---- design (SPEC §2 look settings) ---------------------------------------------------------

/** Widget look settings of SPEC §2. */
export const lookSettingsSchema = z.object({
  theme: themeModeSchema.optional(),
  primaryColor: hexColorSchema.optional(),
  /** Corner radius in px. */
  radius: z.number().int().min(0).max(48).optional(),
  /** Border width in px. */
  border: z.number().int().min(0).max(8).optional(),
  /** Brand colour: a 3- or 6-digit hex value. */
  brand: hexColorSchema.optional(),
  view: z.enum(['modal', 'embedded']).optional(),
  template: z.string().optional(),
  displayOrder: z.array(z.enum(['wallet', 'email', 'social', 'phone'])).optional(),
  emailOnly: z.boolean().optional(),
  showWalletsButton: z.boolean().optional(),
  emailSubmitButtonInsideInput: z.boolean().optional(),
  splitEmailAndSocial: z.boolean().optional(),
  socialAboveEmail: z.boolean().optional(),
});
export type LookSettings = z.infer<typeof lookSettingsSchema>;

/** Theme record of SPEC §2. */
export const themeRecordSchema = z.object({
  backgroundColor: hexColorSchema.optional(),
  textColor: hexColorSchema.optional(),
  border: z.number().int().min(0).max(8).optional(),
  radius: z.number().int().min(0).max(48).optional(),
  theme: themeModeSchema.optional(),
});

/** Selector settings of SPEC §2 (e.g. how many social buttons show before "more"). */
export const selectorSettingsSchema = z.object({
  type: z.string().optional(),
  label: z.string().optional(),
  numOfItemsToDisplay: z.number().int().min(1).max(50).optional(),
  defaultItem: z.string().optional(),
  alignment: z.enum(['left', 'center', 'right']).optional(),
});

/** Organisation branding of SPEC §2. Every URL is https (http only on loopback). */
export const brandingSchema = z.object({
  walletName: z.string().max(64).optional(),
  popupPageTitle: z.string().max(128).optional(),
  walletIconUrl: secureUrlSchema.optional(),
  customCssUrl: secureUrlSchema.optional(),
  termsOfServiceUrl: secureUrlSchema.optional(),
  privacyPolicyUrl: secureUrlSchema.optional(),
  customMenuLinks: z.array(z.object({ label: z.string().min(1).max(64), url: secureUrlSchema })).optional(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const designSettingsSchema = z.object({
  modal: lookSettingsSchema.optional(),
  button: themeRecordSchema.optional(),
  selector: selectorSettingsSchema.optional(),
  branding: brandingSchema.optional(),
});
export type DesignSettings = z.infer<typeof designSettingsSchema>;

// ---- display (SPEC §3) ----------------------------------------------------------------------

export const displaySettingsSchema = z.object({
  displayName: z.string().max(128).optional(),
  supportEmail: z.string().optional(),
  supportText: z.string().optional(),
  appLogo: secureUrlSchema.optional(),
  imageUserNotInAccessList: secureUrlSchema.optional(),
  imageUserInAccessList: secureUrlSchema.optional(),
  supportUrls: z.array(secureUrlSchema).optional(),
  collectUserDataWelcomeHeader: z.string().optional(),
  collectUserDataWelcomeMessage: z.string().optional(),
  skipOptionalKYCFieldDuringOnboarding: z.boolean().optional(),
  emailCompanyName: z.string().optional(),
});
export type DisplaySettings = z.infer<typeof displaySettingsSchema>;

// ---- custom fields (SPEC §3) ------------------------------------------------------------------

export const customFieldRulesSchema = z.object({
  unique: z.boolean().optional(),
  regex: z.string().optional(),
  validOptions: z.array(z.object({ label: z.string() })).optional(),
  checkboxText: z.string().optional(),
});

export const customFieldSchema = z.object({
  name: z.string().min(1).max(64),
  required: z.boolean(),
  enabled: z.boolean(),
  unique: z.boolean().optional(),
  verify: z.boolean().optional(),
  type: z.enum(['standard', 'custom']),
  validationRules: customFieldRulesSchema.optional(),
  validationType: z.enum(['text', 'checkbox', 'select']).optional(),
  label: z.string().optional(),
  position: z.number().int().min(0),
});
export type CustomField = z.infer<typeof customFieldSchema>;

// ---- security (SPEC §3) -----------------------------------------------------------------------

export const durationSchema = z.object({
  amount: z.number().int().positive(),
  unit: z.enum(['days', 'hours', 'minutes']),
});

export const securitySettingsSchema = z.object({
  jwtDuration: durationSchema.optional(),
  hCaptcha: z.object({ enabled: z.boolean(), siteKey: z.string().optional() }).optional(),
  mfa: z
    .object({
      enabled: z.boolean(),
      required: z.boolean().optional(),
      methods: z.array(z.enum(['totp', 'passkey'])).optional(),
    })
    .optional(),
  auth: z.object({ storage: z.array(storageModeSchema).min(1) }).optional(),
  externalAuth: z
    .object({ enabled: z.boolean(), iss: z.string().optional(), aud: z.string().optional(), jwksUrl: secureUrlSchema.optional() })
    .optional(),
  allWallets: z.boolean().optional(),
  allUsers: z.boolean().optional(),
  separateSmartWalletAndSigner: z.boolean().optional(),
  enablePasskeys: z.boolean().optional(),
});

// ---- providers (SPEC §3) ----------------------------------------------------------------------

export const providerNameSchema = z.enum([
  ...socialProviderSchema.options,
  ...embeddedWalletProviderSchema.options,
  'emailOnly',
  'sendgrid',
  'twilio',
  'zerodev',
]);

export const providerSchema = z.object({
  id: z.string(),
  provider: providerNameSchema,
  enabledAt: z.string().nullable().optional(),
  clientId: z.string().optional(),
  redirectUrl: secureUrlSchema.optional(),
  scopes: z.string().optional(),
  enabledCountries: z.array(z.object({ isoCountryCode: z.string(), phoneCountryCode: z.string() })).optional(),
});
export type Provider = z.infer<typeof providerSchema>;

// ---- sdk (the "also" settings of SPEC §3) -------------------------------------------------------

export const loginViewSectionSchema = z.object({
  type: loginViewTypeSchema,
  label: z.string().optional(),
  numOfItemsToDisplay: z.number().int().min(1).optional(),
  defaultItem: z.string().optional(),
  alignment: z.enum(['left', 'center', 'right']).optional(),
});
export type LoginViewSection = z.infer<typeof loginViewSectionSchema>;

export const viewSchema = z.object({ type: z.literal('login'), sections: z.array(loginViewSectionSchema) });

export const sdkSettingsSchema = z.object({
  emailSignIn: z.object({ signInProvider: z.string().optional() }).optional(),
  socialSignIn: z.object({ providers: z.array(z.object({ provider: socialProviderSchema, enabled: z.boolean() })) }).optional(),
  multiWallet: z.boolean().optional(),
  multiWalletUnlinkDisabled: z.boolean().optional(),
  blockEmailSubaddresses: z.boolean().optional(),
  hideNetworkInDynamicWidget: z.boolean().optional(),
  showFiat: z.boolean().optional(),
  views: z.array(viewSchema).optional(),
});

export const projectSettingsSchema = z.object({
  environmentName: environmentNameSchema,
  design: designSettingsSchema,
  general: displaySettingsSchema,
  kyc: z.array(customFieldSchema),
  customFields: z.array(customFieldSchema),
  privacy: z.object({ collectIp: z.boolean() }),
  providers: z.array(providerSchema),
  security: securitySettingsSchema,
  sdk: sdkSettingsSchema,
});
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;
