import * as z from 'zod/mini';
import { environmentNameSchema } from '../enums.js';
import { chainSettingsSchema, networkGroupSchema } from '../networks.js';
import { customFieldSchema } from './customFields.js';
import { designSettingsSchema } from './design.js';
import { displaySettingsSchema } from './display.js';
import { providerSchema } from './providers.js';
import { sdkSettingsSchema } from './sdk.js';
import { securitySettingsSchema } from './security.js';

/** Project settings of SPEC §2/§3: what GET /settings returns and what configures the kit. */
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
  /** Chains and their networks as the project enables them. */
  chains: z.optional(z.array(networkGroupSchema)),
  /** Networks per chain name. */
  networks: z.optional(z.array(chainSettingsSchema)),
});
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;
