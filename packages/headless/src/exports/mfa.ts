// @latchkey/headless/mfa — multi-factor authentication: TOTP enrolment and challenge, recovery codes,
// device management, and the machine. Its own entry, off a host's first chunk.

export { acknowledgeRecoveryCodes, type AcknowledgeRecoveryCodesReturnType } from '../core/actions/acknowledgeRecoveryCodes.js';
export { authenticateMfaPasskey, type AuthenticateMfaPasskeyParameters, type AuthenticateMfaPasskeyReturnType } from '../core/actions/authenticateMfaPasskey.js';
export { getMfaPasskeyAuthenticationOptions, type GetMfaPasskeyAuthenticationOptionsReturnType } from '../core/actions/getMfaPasskeyAuthenticationOptions.js';
export { getMfaPasskeyRegistrationOptions, type GetMfaPasskeyRegistrationOptionsReturnType } from '../core/actions/getMfaPasskeyRegistrationOptions.js';
export { registerMfaPasskey, type RegisterMfaPasskeyParameters, type RegisterMfaPasskeyReturnType } from '../core/actions/registerMfaPasskey.js';
export { authenticateMfaRecoveryCode, type AuthenticateMfaRecoveryCodeParameters, type AuthenticateMfaRecoveryCodeReturnType } from '../core/actions/authenticateMfaRecoveryCode.js';
export { authenticateMfaTotp, type AuthenticateMfaTotpParameters, type AuthenticateMfaTotpReturnType } from '../core/actions/authenticateMfaTotp.js';
export { deleteMfaDevice, type DeleteMfaDeviceParameters } from '../core/actions/deleteMfaDevice.js';
export { updateMfaDevice, type UpdateMfaDeviceParameters, type UpdateMfaDeviceReturnType } from '../core/actions/updateMfaDevice.js';
export { getMfaDevices, type GetMfaDevicesReturnType } from '../core/actions/getMfaDevices.js';
export { getMfaMethods, type GetMfaMethodsReturnType } from '../core/actions/getMfaMethods.js';
export { getRecoveryCodes, type GetRecoveryCodesReturnType } from '../core/actions/getRecoveryCodes.js';
export { getTotpRegistration, type GetTotpRegistrationReturnType } from '../core/actions/getTotpRegistration.js';
export { registerTotp, type RegisterTotpParameters, type RegisterTotpReturnType } from '../core/actions/registerTotp.js';
export { regenerateRecoveryCodes, type RegenerateRecoveryCodesReturnType } from '../core/actions/regenerateRecoveryCodes.js';

export {
  mfaMachine,
  type MfaActorRef,
  type MfaClient,
  type MfaContext,
  type MfaEvent,
  type MfaInput,
  type MfaMachine,
  type MfaSnapshot,
  type MfaStatus,
} from '../core/machines/mfa/mfaMachine.js';

export { orderMfaMethods, type MfaMethod } from '../core/mfa/orderMfaMethods.js';
