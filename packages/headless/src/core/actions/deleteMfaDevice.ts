import type { ApiClient } from '../transport/createApi.js';

export interface DeleteMfaDeviceParameters {
  mfaDeviceId: string;
}

/** DELETE /users/mfa/{mfaDeviceId} (bearer): removes an MFA device (`mfa_device_not_found` otherwise). */
export async function deleteMfaDevice(client: ApiClient, parameters: DeleteMfaDeviceParameters): Promise<void> {
  await client.api.request('deleteMfaDevice', { params: { mfaDeviceId: parameters.mfaDeviceId } });
}
