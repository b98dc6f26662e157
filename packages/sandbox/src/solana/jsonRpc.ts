import { z } from 'zod';

/** A JSON-RPC error with the code the Solana RPC uses for it. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** The most requests one batch may carry. */
export const MAX_BATCH = 100;

export type RpcId = string | number | null;
export type RpcResponse = { jsonrpc: '2.0'; id: RpcId; result: unknown } | { jsonrpc: '2.0'; id: RpcId; error: { code: number; message: string; data?: unknown } };
export type MethodTable = Record<string, (params: unknown[]) => unknown>;

const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string(),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
});

/** Turns every value a handler returns into JSON the RPC would send: bigints become numbers. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? Number(item) : item)));
}

function errorResponse(id: RpcId, error: RpcError): RpcResponse {
  return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: toJson(error.data) }) } };
}

/** Answers one request object; `undefined` for a notification (no `id`), which gets no reply. */
export function handleOne(methods: MethodTable, raw: unknown, onInternalError: (error: unknown) => void): RpcResponse | undefined {
  const rawId = raw && typeof raw === 'object' && 'id' in raw ? (raw as { id: unknown }).id : null;
  const id: RpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  const parsed = requestSchema.safeParse(raw);
  if (!parsed.success) return errorResponse(id, new RpcError(INVALID_REQUEST, 'Invalid request'));
  const { method, params } = parsed.data;
  const isNotification = parsed.data.id === undefined;
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (!handler) return isNotification ? undefined : errorResponse(id, new RpcError(METHOD_NOT_FOUND, 'Method not found'));
  if (params !== undefined && !Array.isArray(params)) {
    return isNotification ? undefined : errorResponse(id, new RpcError(INVALID_PARAMS, 'Invalid params: positional parameters (an array) are expected'));
  }
  try {
    const result = toJson(handler(params ?? []));
    return isNotification ? undefined : { jsonrpc: '2.0', id, result };
  } catch (error) {
    if (isNotification) return undefined;
    if (error instanceof RpcError) return errorResponse(id, error);
    onInternalError(error);
    return errorResponse(id, new RpcError(INTERNAL_ERROR, 'Internal error'));
  }
}

/** Answers a request body's text: one request, or a batch (array) of at most MAX_BATCH. */
export function handleBody(methods: MethodTable, text: string, onInternalError: (error: unknown) => void): RpcResponse | RpcResponse[] | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return errorResponse(null, new RpcError(PARSE_ERROR, 'Parse error'));
  }
  if (Array.isArray(body)) {
    if (body.length === 0) return errorResponse(null, new RpcError(INVALID_REQUEST, 'Invalid request: empty batch'));
    if (body.length > MAX_BATCH) return errorResponse(null, new RpcError(INVALID_REQUEST, `Invalid request: a batch holds at most ${MAX_BATCH} requests`));
    const replies = body.map((item) => handleOne(methods, item, onInternalError)).filter((reply): reply is RpcResponse => reply !== undefined);
    return replies.length > 0 ? replies : undefined;
  }
  return handleOne(methods, body, onInternalError);
}

/** Parses a method's positional params with a zod tuple; a mismatch is -32602 with the first issue. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown[]): z.output<T> {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new RpcError(INVALID_PARAMS, `Invalid params${where}: ${issue?.message ?? 'unexpected value'}`);
}
