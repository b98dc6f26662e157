import * as z from 'zod/mini';
import { secureUrlSchema } from '../common.js';

/** Display settings of SPEC §3 (`general` in project settings); all optional. */
export const displaySettingsSchema = z.object({
  displayName: z.optional(z.string().check(z.maxLength(128))),
  supportEmail: z.optional(z.string()),
  supportText: z.optional(z.string()),
  appLogo: z.optional(secureUrlSchema),
  imageUserNotInAccessList: z.optional(secureUrlSchema),
  imageUserInAccessList: z.optional(secureUrlSchema),
  supportUrls: z.optional(z.array(secureUrlSchema)),
  collectUserDataWelcomeHeader: z.optional(z.string()),
  collectUserDataWelcomeMessage: z.optional(z.string()),
  skipOptionalKYCFieldDuringOnboarding: z.optional(z.boolean()),
  emailCompanyName: z.optional(z.string()),
});
export type DisplaySettings = z.infer<typeof displaySettingsSchema>;
