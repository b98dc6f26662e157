import * as z from 'zod/mini';
import type { LogLevel } from './enums.js';

/** The levels a record is sent at (`MUTE` only silences the logger). */
const SENT_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const satisfies readonly LogLevel[];

/** Log record of SPEC §3, as batched to POST /logs. */
export const logRecordSchema = z.object({
  level: z.enum(SENT_LEVELS),
  message: z.string().check(z.maxLength(10_000)),
  meta: z.optional(z.record(z.string(), z.unknown())),
  stack: z.optional(z.string().check(z.maxLength(20_000))),
  page: z.optional(z.object({ host: z.optional(z.string()), pathname: z.optional(z.string()), search: z.optional(z.string()) })),
  userAgent: z.optional(z.string()),
  time: z.optional(z.string()),
});
export type LogRecord = z.infer<typeof logRecordSchema>;

export const logBatchSchema = z.object({ logs: z.array(logRecordSchema).check(z.minLength(1), z.maxLength(100)) });
export type LogBatch = z.infer<typeof logBatchSchema>;
