import { createHmac, createPublicKey, type JsonWebKey } from 'node:crypto';
import { errorBodySchema, routes, type RouteDefinition } from '@latchkey/protocol';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * Helpers of the standing attack suite (`src/http/attackSuite.test.ts`): what an attacker sends to every route of
 * the protocol's route table, and the property every answer must have.
 */

export interface AttackRequest {
  readonly label: string;
  readonly method: string;
  /** Relative to the API origin. */
  readonly path: string;
  readonly body?: string | undefined;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface AttackAnswer {
  readonly status: number;
  readonly text: string;
  readonly contentType: string;
}

export const routeEntries = Object.entries(routes) as [string, RouteDefinition][];

/** The path of `route` with each `{param}` replaced by `value` (raw: it may itself be an attack). */
export function pathWith(sdkPath: string, route: RouteDefinition, value: (name: string) => string): string {
  return `${sdkPath}${route.path.replace(/\{(\w+)\}/g, (_, name: string) => value(name))}`;
}

/** Hostile path-parameter values: traversal, NUL, encoded slashes, long and odd ones. */
export const hostileParams = ['..', '../../etc/passwd', '%2e%2e%2f%2e%2e%2f', '%00', 'a%00b', '%ED%A0%80', '%', 'x'.repeat(300), "'; DROP TABLE users; --", '%F0%9F%98%80'];

/** Bodies that are not JSON, or JSON of the wrong shape at the top. */
export const malformedBodies = ['{', '{"a":', '[', '}{', 'null', '"text"', '12', 'true', '[]', '{"a":1,"a":2}', '\u0000', '{"__proto__":{"x":1}}', 'ÿþ'];

/** Text the database cannot store, inside JSON strings. */
export const unsafeStrings = ['a\u0000b', '\ud800', 'x\udc00y', '\u0000'];

/** Values of every JSON type, for wrong-type bodies. */
export const wrongValues: unknown[] = [null, 0, -1, 1e308, 'x', '', true, [], {}, [1, 'a'], { nested: { deep: [null] } }, 'a'.repeat(10_000)];

/** The keys of a route's request object schema (top level), if it is an object. */
export function requestKeys(route: RouteDefinition): string[] {
  let schema: unknown = route.request;
  for (let depth = 0; depth < 5 && schema instanceof z.core.$ZodType; depth += 1) {
    if (schema instanceof z.core.$ZodObject) return Object.keys(schema._zod.def.shape);
    const def = (schema as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } }).def;
    schema = def?.innerType ?? def?.in ?? def?.schema;
  }
  return [];
}

/** Random JSON values (fast-check), objects biased to carry the route's own keys. */
export function bodyArbitrary(keys: readonly string[]): fc.Arbitrary<unknown> {
  const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(...unsafeStrings));
  const known = keys.length > 0 ? fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length }) : fc.constant({});
  return fc.oneof(fc.jsonValue({ maxDepth: 4 }), known, fc.record({ extra: value }, { requiredKeys: [] }));
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Forged bearer tokens made from a real one: alg none, HS256 keyed with the public key, a tampered payload. */
export function forgedTokens(realJwt: string, jwk: JsonWebKey & { kid?: string }, otherUserId: string): Record<string, string> {
  const [header, payload, signature] = realJwt.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const pem = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
  const hsHeader = b64({ alg: 'HS256', typ: 'JWT', kid: jwk.kid });
  const hsSigned = `${hsHeader}.${payload}`;
  return {
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'alg none, no dot': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}`,
    'HS256 with the public key': `${hsSigned}.${createHmac('sha256', pem).update(hsSigned).digest('base64url')}`,
    'tampered payload (another user)': `${header}.${b64({ ...claims, sub: otherUserId })}.${signature}`,
    'signature stripped': `${header}.${payload}.`,
    garbage: 'not.a.jwt',
    empty: '',
  };
}

/**
 * The property of every answer: no 5xx; a JSON route's refusal is a coded error of the contract (an HTML page may
 * answer a browser route). Returns the violation, or `undefined`.
 */
export function violation(route: RouteDefinition | undefined, answer: AttackAnswer): string | undefined {
  if (answer.status >= 500) return `${answer.status}: ${answer.text.slice(0, 200)}`;
  if (answer.status < 400) return undefined;
  if (route?.responseFormat === 'html' && answer.contentType.includes('text/html')) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return `${answer.status} without a JSON error body: ${answer.text.slice(0, 120)}`;
  }
  return errorBodySchema.safeParse(json).success ? undefined : `${answer.status} with a body outside the contract: ${answer.text.slice(0, 200)}`;
}

/** Runs `tasks` with at most `limit` in flight. */
export async function inPool<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < tasks.length; index = next++) results[index] = await tasks[index]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
