import * as z from 'zod/mini';
import { hexColorSchema, secureUrlSchema } from '../common.js';
import { themeModeSchema } from '../enums.js';

/** Design settings of SPEC §2: widget look, button theme, selector, organisation branding. */

/** Widget look settings of SPEC §2. */
export const lookSettingsSchema = z.object({
  theme: z.optional(themeModeSchema),
  primaryColor: z.optional(hexColorSchema),
  /** Corner radius in px. */
  radius: z.optional(z.int().check(z.gte(0), z.lte(48))),
  /** Border width in px. */
  border: z.optional(z.int().check(z.gte(0), z.lte(8))),
  /** Brand colour: a 3- or 6-digit hex value. */
  brand: z.optional(hexColorSchema),
  view: z.optional(z.enum(['modal', 'embedded'])),
  template: z.optional(z.string()),
  displayOrder: z.optional(z.array(z.enum(['wallet', 'email', 'social', 'phone']))),
  emailOnly: z.optional(z.boolean()),
  showWalletsButton: z.optional(z.boolean()),
  emailSubmitButtonInsideInput: z.optional(z.boolean()),
  splitEmailAndSocial: z.optional(z.boolean()),
  socialAboveEmail: z.optional(z.boolean()),
});
export type LookSettings = z.infer<typeof lookSettingsSchema>;

/** Theme record of SPEC §2. */
export const themeRecordSchema = z.object({
  backgroundColor: z.optional(hexColorSchema),
  textColor: z.optional(hexColorSchema),
  border: z.optional(z.int().check(z.gte(0), z.lte(8))),
  radius: z.optional(z.int().check(z.gte(0), z.lte(48))),
  theme: z.optional(themeModeSchema),
});

/** Selector settings of SPEC §2 (e.g. how many social buttons show before "more"). */
export const selectorSettingsSchema = z.object({
  type: z.optional(z.string()),
  label: z.optional(z.string()),
  numOfItemsToDisplay: z.optional(z.int().check(z.gte(1), z.lte(50))),
  defaultItem: z.optional(z.string()),
  alignment: z.optional(z.enum(['left', 'center', 'right'])),
});

/** Organisation branding of SPEC §2. Every URL is https (http only on loopback). */
export const brandingSchema = z.object({
  walletName: z.optional(z.string().check(z.maxLength(64))),
  popupPageTitle: z.optional(z.string().check(z.maxLength(128))),
  walletIconUrl: z.optional(secureUrlSchema),
  customCssUrl: z.optional(secureUrlSchema),
  termsOfServiceUrl: z.optional(secureUrlSchema),
  privacyPolicyUrl: z.optional(secureUrlSchema),
  customMenuLinks: z.optional(z.array(z.object({ label: z.string().check(z.minLength(1), z.maxLength(64)), url: secureUrlSchema }))),
});
export type Branding = z.infer<typeof brandingSchema>;

export const designSettingsSchema = z.object({
  modal: z.optional(lookSettingsSchema),
  button: z.optional(themeRecordSchema),
  selector: z.optional(selectorSettingsSchema),
  branding: z.optional(brandingSchema),
});
export type DesignSettings = z.infer<typeof designSettingsSchema>;

