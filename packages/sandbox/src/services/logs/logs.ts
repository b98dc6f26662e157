import type { LogRecord } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';

/** The sandbox keeps this many log records per environment; older ones are dropped. */
export const LOG_RETENTION = 1000;

/** POST /logs: stores a batch of the kit's log records (bounded). */
export async function storeLogs(ctx: SandboxContext, logs: readonly LogRecord[]): Promise<void> {
  const receivedAt = ctx.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    for (const record of logs) {
      await tx.query('INSERT INTO log_records (environment_id, level, message, record, received_at) VALUES ($1, $2, $3, $4::jsonb, $5)', [
        ctx.environmentId,
        record.level,
        record.message,
        JSON.stringify(record),
        receivedAt,
      ]);
    }
    await tx.query(
      `DELETE FROM log_records WHERE environment_id = $1 AND seq <= (
         SELECT seq FROM log_records WHERE environment_id = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1)`,
      [ctx.environmentId, LOG_RETENTION],
    );
  });
}

/** Newest first, for tests and the inbox page. */
export async function listLogs(ctx: SandboxContext, limit = 100): Promise<LogRecord[]> {
  const rows = await ctx.db.query<{ record: LogRecord }>('SELECT record FROM log_records WHERE environment_id = $1 ORDER BY seq DESC LIMIT $2', [
    ctx.environmentId,
    limit,
  ]);
  return rows.map((row) => row.record);
}
