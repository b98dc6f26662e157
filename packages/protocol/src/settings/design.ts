import * as z from 'zod';
import { hexColorSchema, secureUrlSchema } from '../common.js';
import { themeModeSchema } from '../enums.js';

/** Design settings of SPEC §2: widget look, button theme, selector, organisation branding. */

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

