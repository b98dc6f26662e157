import * as z from 'zod';
import { logLevelSchema } from './enums.js';

/** Log record of SPEC §3, as batched to POST /logs. */
export const logRecordSchema = z.object({
  level: logLevelSchema.exclude(['MUTE']),
  message: z.string().max(10_000),
  meta: z.record(z.string(), z.unknown()).optional(),
  stack: z.string().max(20_000).optional(),
  page: z
    .object({ host: z.string().optional(), pathname: z.string().optional(), search: z.string().optional() })
    .optional(),
  userAgent: z.string().optional(),
  time: z.string().optional(),
});
export type LogRecord = z.infer<typeof logRecordSchema>;

export const logBatchSchema = z.object({ logs: z.array(logRecordSchema).min(1).max(100) });
export type LogBatch = z.infer<typeof logBatchSchema>;
