import type { Context } from 'hono';
import * as z from 'zod';
import { ApiError, messages } from '../errors/ApiError.js';
import { invalidRequestFromZod } from '../errors/zodIssue.js';
import { assertSafeJson } from './cleanInput.js';

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024;

function tooLarge(): ApiError {
  return new ApiError(413, 'invalid_request', messages.bodyTooLarge);
}

/** The body as text, refusing (413) more than `MAX_BODY_BYTES` without buffering the excess. */
async function readText(c: Context): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const stream = c.req.raw.body;
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a JSON body (empty → `undefined`): 400 `invalid_json` when it does not parse, `invalid_request` when it holds a NUL or a lone surrogate. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await readText(c);
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', messages.invalidJson);
  }
  assertSafeJson(value);
  return value;
}

/** Reads and validates a JSON body: 400 `invalid_json`, or 400 `invalid_request` with the zod path. */
export async function readBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const parsed = z.safeParse(schema, await readJson(c));
  if (!parsed.success) throw invalidRequestFromZod(parsed.error);
  return parsed.data;
}

/** Validates the query string of a GET route. */
export function readQuery<S extends z.core.$ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = z.safeParse(schema, c.req.query());
  if (!parsed.success) throw invalidRequestFromZod(parsed.error, 'Query');
  return parsed.data;
}
