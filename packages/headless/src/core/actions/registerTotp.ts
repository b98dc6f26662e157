import type { MfaDevice } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface RegisterTotpParameters {
  /** The device `getTotpRegistration` returned; the latest unverified one when omitted. */
  id?: string;
  /** The first code the authenticator app shows. */
  code: string;
}
export type RegisterTotpReturnType = MfaDevice;

/** POST /users/mfa/register/totp (bearer): the first code verifies the device. */
export function registerTotp(client: ApiClient, parameters: RegisterTotpParameters): Promise<RegisterTotpReturnType> {
  return client.api.request('registerTotp', { body: parameters });
}
