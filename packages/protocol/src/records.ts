import * as z from 'zod/mini';
import { accessListActionSchema, analyticsEventTypeSchema } from './enums.js';
import { tokenDescriptionSchema } from './tokens.js';

/** The small records of SPEC §3: analytics events, access lists, labels, flags, wrappers. */

/** Analytics event of SPEC §3 (POST /events). */
export const analyticsEventSchema = z.object({
  anonymousId: z.string().check(z.minLength(1), z.maxLength(128)),
  event: z.string().check(z.minLength(1), z.maxLength(128)),
  properties: z.optional(z.record(z.string(), z.unknown())),
  type: analyticsEventTypeSchema,
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** At most this many analytics events per POST /events. */
export const MAX_ANALYTICS_BATCH = 50;

/** POST /events: a batch of analytics events (the kit queues its events and sends them together). */
export const analyticsEventBatchSchema = z.object({ events: z.array(analyticsEventSchema).check(z.minLength(1), z.maxLength(MAX_ANALYTICS_BATCH)) });
export type AnalyticsEventBatch = z.infer<typeof analyticsEventBatchSchema>;

/** Access-list entry: an address or e-mail allowed or blocked (SPEC §3/§6). */
export const accessListEntrySchema = z.object({
  value: z.string().check(z.trim(), z.minLength(1)),
  action: accessListActionSchema,
});
export type AccessListEntry = z.infer<typeof accessListEntrySchema>;

export const accessListSchema = z.object({ name: z.string().check(z.minLength(1)), entries: z.array(accessListEntrySchema) });
export type AccessList = z.infer<typeof accessListSchema>;

/** Key label with an optional key. */
export const keyLabelSchema = z.object({ label: z.string().check(z.minLength(1)), key: z.optional(z.string().check(z.minLength(1))) });
export type KeyLabel = z.infer<typeof keyLabelSchema>;

/** Malicious flag (e.g. on a simulated counterparty or token). */
export const maliciousFlagSchema = z.object({ isMalicious: z.boolean() });

/** Token wrapper. */
export const tokenWrapperSchema = z.object({ token: tokenDescriptionSchema });

/** Single-use flag (a signed request or code valid once). */
export const singleUseFlagSchema = z.object({ singleUse: z.boolean() });

/** Field/value/available triple: GET /users/check answer. */
export const fieldAvailabilitySchema = z.object({ field: z.string().check(z.minLength(1)), value: z.string(), available: z.boolean() });
export type FieldAvailability = z.infer<typeof fieldAvailabilitySchema>;

/** GET /users/check query: is this value free for that profile field? */
export const fieldCheckQuerySchema = z.object({ field: z.string().check(z.minLength(1), z.maxLength(64)), value: z.string().check(z.maxLength(320)) });
