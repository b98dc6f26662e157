import type { z } from 'zod';
import { ApiError } from './ApiError.js';

/** `['metadata', 'team']` → `metadata.team`; `['kyc', 0, 'name']` → `kyc[0].name`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** The first issue of a failed parse, as a 400 `invalid_request` naming where it is. */
export function invalidRequestFromZod(error: z.core.$ZodError, what = 'Request body'): ApiError {
  const issue = error.issues[0];
  if (!issue) return new ApiError(400, 'invalid_request', `${what} is invalid.`);
  if (issue.code === 'unrecognized_keys') {
    const path = formatIssuePath([...issue.path, issue.keys[0] ?? '']);
    return new ApiError(400, 'invalid_request', `${path}: unknown field.`, path);
  }
  const path = formatIssuePath(issue.path);
  const message = path === '' ? `${what}: ${issue.message}` : `${path}: ${issue.message}`;
  return new ApiError(400, 'invalid_request', message, path === '' ? undefined : path);
}
