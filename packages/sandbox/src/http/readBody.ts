import { IncomingMessage } from 'node:http';
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

/** The Node request under the adapter (`@hono/node-server` passes it as `env.incoming`), when there is one. */
function incomingOf(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : undefined;
}

/** Reads a Node request's body to its end, refusing (413) more than `MAX_BODY_BYTES` without keeping the excess. */
function readIncoming(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        // What is left is not kept: the adapter drains it after the answer (413, Connection: close).
        done();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      if (incoming.readableEnded) return onEnd();
      done();
      reject(new Error('The client closed the connection before the body was read.'));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}

/**
 * The body as text, refusing (413) more than `MAX_BODY_BYTES` without buffering the excess. Under the Node adapter it
 * is read straight from the Node request (a web stream over it costs more than the rest of a small request's
 * reading); otherwise from the Request's stream.
 */
async function readText(c: Context): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const incoming = incomingOf(c);
  if (incoming && !incoming.readableDidRead) return readIncoming(incoming);
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
