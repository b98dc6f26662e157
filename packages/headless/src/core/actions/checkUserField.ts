import type { FieldAvailability } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface CheckUserFieldParameters {
  /** `username`, or the name of a unique custom or kyc field. */
  field: string;
  value: string;
}
export type CheckUserFieldReturnType = FieldAvailability;

/** GET /users/check (bearer): whether `value` is free for the signed-in user in `field` (their own value counts as free). */
export function checkUserField(client: ApiClient, parameters: CheckUserFieldParameters, options: { signal?: AbortSignal } = {}): Promise<CheckUserFieldReturnType> {
  return client.api.request('checkUserField', { query: { field: parameters.field, value: parameters.value }, ...(options.signal ? { signal: options.signal } : {}) });
}
