import type { MfaDevice, RegistrationCredential } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface RegisterMfaPasskeyParameters {
  /** What the registration ceremony returned. */
  credential: RegistrationCredential;
  /** A name for the device (1–64 characters). */
  alias?: string;
}
export type RegisterMfaPasskeyReturnType = MfaDevice;

/** POST /users/mfa/register/passkey: the server verifies the attestation and stores the passkey as a verified MFA device. */
export function registerMfaPasskey(client: ApiClient, parameters: RegisterMfaPasskeyParameters): Promise<RegisterMfaPasskeyReturnType> {
  return client.api.request('registerMfaPasskey', { body: parameters });
}
