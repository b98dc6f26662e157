import type { AnalyticsEvent, AnalyticsEventBatch } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import { collectedClientAddress } from '../privacy/clientAddress.js';

/** The sandbox keeps this many analytics events per environment; older ones are dropped. */
export const ANALYTICS_RETENTION = 1000;

/** A stored analytics event: the event as sent, and when it arrived. */
export interface StoredAnalyticsEvent extends AnalyticsEvent {
  properties: Record<string, unknown>;
  receivedAt: string;
}

/**
 * POST /events: stores a batch (already validated against the protocol schema), bounded. The sender's IP address
 * (`clientAddress`) is stored with each event only while the project collects it (`privacy.collectIp`).
 */
export async function storeAnalyticsEvents(ctx: SandboxContext, { events }: AnalyticsEventBatch, clientAddress?: string): Promise<number> {
  const receivedAt = ctx.now().toISOString();
  const ipAddress = collectedClientAddress(await ctx.settings.get(), clientAddress) ?? null;
  await ctx.db.transaction(async (tx) => {
    for (const event of events) {
      await tx.query(
        'INSERT INTO analytics_events (environment_id, anonymous_id, event, properties, received_at, ip_address) VALUES ($1, $2, $3, $4::jsonb, $5, $6)',
        [ctx.environmentId, event.anonymousId, event.event, JSON.stringify(event.properties ?? {}), receivedAt, ipAddress],
      );
    }
    await tx.query(
      `DELETE FROM analytics_events WHERE environment_id = $1 AND seq <= (
         SELECT seq FROM analytics_events WHERE environment_id = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1)`,
      [ctx.environmentId, ANALYTICS_RETENTION],
    );
  });
  return events.length;
}

/** The stored events, oldest first (the order they were sent in); only one anonymous id's when given. */
export async function listAnalyticsEvents(ctx: SandboxContext, filter: { anonymousId?: string | undefined } = {}): Promise<StoredAnalyticsEvent[]> {
  const rows = await ctx.db.query<{ anonymous_id: string; event: string; properties: Record<string, unknown>; received_at: Date | string }>(
    `SELECT anonymous_id, event, properties, received_at FROM analytics_events
      WHERE environment_id = $1 AND ($2::text IS NULL OR anonymous_id = $2) ORDER BY seq ASC`,
    [ctx.environmentId, filter.anonymousId ?? null],
  );
  return rows.map((row) => ({
    anonymousId: row.anonymous_id,
    event: row.event,
    properties: row.properties,
    type: 'track' as const,
    receivedAt: new Date(row.received_at).toISOString(),
  }));
}

/** Forgets every stored event of the environment (tests start from none). */
export async function clearAnalyticsEvents(ctx: SandboxContext): Promise<void> {
  await ctx.db.query('DELETE FROM analytics_events WHERE environment_id = $1', [ctx.environmentId]);
}
