import { expect } from 'vitest';
import * as z from 'zod/mini';

/** Test helpers: parse and report the readable issue paths. */

export interface Issue {
  path: string;
  message: string;
}

/** The issues of parsing `value`, paths joined with dots (`design.modal.brand`); [] when it parses. */
export function issuesOf(schema: z.ZodMiniType, value: unknown): Issue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Asserts `value` is rejected with an issue at `path` (and, if given, a message containing `message`). */
export function expectRejectedAt(schema: z.ZodMiniType, value: unknown, path: string, message?: string): void {
  const issues = issuesOf(schema, value);
  expect(issues.map((issue) => issue.path), `expected an issue at "${path}"`).toContain(path);
  if (message !== undefined) {
    expect(issues.filter((issue) => issue.path === path).map((issue) => issue.message).join(' | ')).toContain(message);
  }
}

/** Asserts `value` parses, showing the readable issues when it does not; returns the output. */
export function expectParses<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  expect(result.success ? '' : z.prettifyError(result.error)).toBe('');
  return result.data as z.output<S>;
}

/** Deep clone plus a change, so each invalid sample differs from a valid one in one place. */
export function withChange<T>(value: T, change: (copy: T) => void): T {
  const copy = structuredClone(value);
  change(copy);
  return copy;
}
