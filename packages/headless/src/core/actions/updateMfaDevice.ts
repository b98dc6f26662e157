import type { MfaDevice } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface UpdateMfaDeviceParameters {
  mfaDeviceId: string;
  /** A new name (1–64 characters). */
  alias?: string;
  /** Makes the device the default (the previous default stops being one). */
  default?: true;
}
export type UpdateMfaDeviceReturnType = MfaDevice;

/** PUT /users/mfa/{mfaDeviceId} (bearer): renames a device and/or makes it the default; `mfa_device_not_found` for another user's. */
export function updateMfaDevice(client: ApiClient, parameters: UpdateMfaDeviceParameters): Promise<UpdateMfaDeviceReturnType> {
  const { mfaDeviceId, ...body } = parameters;
  return client.api.request('updateMfaDevice', { params: { mfaDeviceId }, body });
}
