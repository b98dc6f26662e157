import * as z from 'zod';
import { secureUrlSchema } from '../common.js';

/** Display settings of SPEC §3 (`general` in project settings); all optional. */
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
