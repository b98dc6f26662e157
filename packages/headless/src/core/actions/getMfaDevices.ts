import type { MfaDeviceList } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetMfaDevicesReturnType = MfaDeviceList;

/** GET /users/mfa (bearer): the user's verified MFA devices, the default first. */
export function getMfaDevices(client: ApiClient): Promise<GetMfaDevicesReturnType> {
  return client.api.request('getMfaDevices', {});
}
