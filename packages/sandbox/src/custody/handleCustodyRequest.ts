import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { needsConsensus, submitHandlers } from './activities.js';
import { authorize } from './authorize.js';
import type { CustodyContext } from './CustodyContext.js';
import { CustodyError, custodyMessages } from './CustodyError.js';
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

const camel = (snake: string) => snake.toLowerCase().replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase());

/**
 * One custody request: stamp read and checked over the exact body bytes, body parsed, signer
 * authorised against the organisation it names, then the query answered or the activity run and
 * recorded. Every refusal is a `CustodyError`; a refused request changes nothing (one transaction).
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

  return ctx.db.transaction(async (tx) => {
    const principal = await authorize(ctx, tx, stamp, body.organizationId, request.body);
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
      fingerprint: createHash('sha256').update(request.body).digest('hex'),
      created_at: now,
    };
    if (handler.consensus && (await needsConsensus(tx, body.organizationId, body.type))) {
      row.status = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';
    } else {
      row.result = { [handler.resultKey]: await handler.run(ctx, tx, principal, parameters) };
    }
    await tx.query(
      'INSERT INTO custody_activities (id, organization_id, type, status, intent, result, failure, fingerprint, created_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, NULL, $7, $8)',
      [row.id, row.organization_id, row.type, row.status, JSON.stringify(row.intent), row.result ? JSON.stringify(row.result) : null, row.fingerprint, now.toISOString()],
    );
    return { activity: toWireActivity(row) };
  });
}
