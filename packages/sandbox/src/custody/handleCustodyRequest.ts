import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { needsConsensus, submitHandlers } from './activities.js';
import { authorize } from './authorize.js';
import type { Queryable } from '../db/database.js';
import type { CustodyContext } from './CustodyContext.js';
import { CommittedCustodyError, CustodyError, custodyMessages } from './CustodyError.js';
import { toWireActivity, type ActivityRow } from './custodyStore.js';
import { queryHandlers } from './queries.js';
import { readStamp } from './stamp.js';
import { findUnsafeText } from '../text/unsafeText.js';

const submitBodySchema = z.object({
  type: z.string().regex(/^ACTIVITY_TYPE_[A-Z0-9_]+$/),
  timestampMs: z.string().regex(/^\d{1,16}$/),
  organizationId: z.string().min(1),
  parameters: z.record(z.string(), z.unknown()),
});
const queryBodySchema = z.object({ organizationId: z.string().min(1) }).passthrough();

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new CustodyError(3, `invalid ${where}: ${[where, ...(issue?.path ?? [])].join('.')} ${issue?.message ?? ''}`.trim());
}

/** A submit's `timestampMs` must be within this of the emulator's clock, and its exact bytes are accepted once within it. */
export const STAMP_FRESHNESS_MS = 5 * 60_000;

/**
 * Replay protection of stamped submits: `timestampMs` within ±`STAMP_FRESHNESS_MS` of now, and the body's
 * fingerprint (sha-256 of the exact bytes) not seen before inside that window. Recorded in the request's own
 * transaction, so a refused request leaves nothing and two identical requests at once cannot both pass.
 */
async function assertFreshAndUnseen(ctx: CustodyContext, q: Queryable, timestampMs: string, fingerprint: string): Promise<void> {
  const now = ctx.now().getTime();
  if (Math.abs(Number(timestampMs) - now) > STAMP_FRESHNESS_MS) {
    throw new CustodyError(3, `invalid request: timestampMs is outside the freshness window (±${STAMP_FRESHNESS_MS / 60_000} minutes of the server's clock)`);
  }
  await q.query('DELETE FROM custody_request_fingerprints WHERE environment_id = $1 AND seen_at < $2', [ctx.environmentId, new Date(now - 2 * STAMP_FRESHNESS_MS).toISOString()]);
  const inserted = await q.query(
    'INSERT INTO custody_request_fingerprints (fingerprint, environment_id, seen_at) VALUES ($1, $2, $3) ON CONFLICT (fingerprint) DO NOTHING RETURNING fingerprint',
    [fingerprint, ctx.environmentId, new Date(now).toISOString()],
  );
  if (inserted.length === 0) throw new CustodyError(3, 'invalid request: this exact request was already submitted (replayed fingerprint)');
}

const camel = (snake: string) => snake.toLowerCase().replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase());

/**
 * One custody request: stamp read and checked over the exact body bytes, body parsed, signer
 * authorised against the organisation it names, then the query answered or the activity run and
 * recorded. A submit must be fresh (`timestampMs`) and not a replay (its fingerprint). Every refusal is a
 * `CustodyError`; a refused request changes nothing (one transaction) unless its handler refuses with a
 * `CommittedCustodyError` (a wrong one-time code's attempt count).
 */
export async function handleCustodyRequest(
  ctx: CustodyContext,
  request: { kind: 'query' | 'submit'; name: string; body: Uint8Array; headers: { get(name: string): string | null | undefined } },
): Promise<Record<string, unknown>> {
  const stamp = readStamp(request.headers, request.body);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(request.body));
  } catch {
    throw new CustodyError(3, 'invalid request body: not JSON');
  }
  const unsafe = findUnsafeText(json);
  if (unsafe !== undefined) throw new CustodyError(3, `invalid request body: ${unsafe || 'body'} holds a NUL character or an unpaired surrogate`);
  if (request.kind === 'query') {
    const handler = Object.hasOwn(queryHandlers, request.name) ? queryHandlers[request.name] : undefined;
    if (!handler) throw new CustodyError(5, `unknown query ${request.name}`);
    const { organizationId } = parseOrThrow(queryBodySchema, json, 'body');
    const body = parseOrThrow(handler.parameters, json, 'body');
    return ctx.db.transaction(async (tx) => {
      const principal = await authorize(ctx, tx, stamp, organizationId, request.body);
      return handler.run(ctx, tx, principal, body);
    });
  }

  const handler = Object.hasOwn(submitHandlers, request.name) ? submitHandlers[request.name] : undefined;
  if (!handler) throw new CustodyError(5, `unknown activity route ${request.name}`);
  const body = parseOrThrow(submitBodySchema, json, 'body');
  const typeMatch = new RegExp(`^ACTIVITY_TYPE_${handler.type}(_V\\d+)?$`).exec(body.type);
  if (!typeMatch) throw new CustodyError(3, `invalid body: type ${body.type} does not belong to /submit/${request.name}`);
  const parameters = parseOrThrow(handler.parameters, body.parameters, 'parameters');
  const intentKey = `${camel(handler.type)}Intent${typeMatch[1]?.slice(1) ?? ''}`;

  const fingerprint = createHash('sha256').update(request.body).digest('hex');
  const answer = await ctx.db.transaction(async (tx): Promise<{ activity: Record<string, unknown> } | CommittedCustodyError> => {
    const principal = await authorize(ctx, tx, stamp, body.organizationId, request.body);
    await assertFreshAndUnseen(ctx, tx, body.timestampMs, fingerprint);
    if (principal.relation === 'parent' && !handler.parentMayUse) throw new CustodyError(7, custodyMessages.notAllowedForParent);
    const now = ctx.now();
    const row: ActivityRow = {
      id: randomUUID(),
      organization_id: body.organizationId,
      type: body.type,
      status: 'ACTIVITY_STATUS_COMPLETED',
      intent: { [intentKey]: body.parameters },
      result: null,
      failure: null,
      fingerprint,
      created_at: now,
    };
    if (handler.consensus && (await needsConsensus(tx, body.organizationId, body.type))) {
      row.status = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';
    } else {
      // The activity's keys live from when it was made (never later than now): see `CustodyContext.submittedAt`.
      const submittedAt = new Date(Math.min(Number(body.timestampMs), now.getTime()));
      try {
        row.result = { [handler.resultKey]: await handler.run({ ...ctx, submittedAt }, tx, principal, parameters) };
      } catch (error) {
        // Its writes commit (the transaction ends normally); the refusal is thrown after.
        if (error instanceof CommittedCustodyError) return error;
        throw error;
      }
    }
    await tx.query(
      'INSERT INTO custody_activities (id, organization_id, type, status, intent, result, failure, fingerprint, created_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, NULL, $7, $8)',
      [row.id, row.organization_id, row.type, row.status, JSON.stringify(row.intent), row.result ? JSON.stringify(row.result) : null, row.fingerprint, now.toISOString()],
    );
    return { activity: toWireActivity(row) };
  });
  if (answer instanceof CommittedCustodyError) throw answer;
  return answer;
}
