// @latchkey/headless/mfa — multi-factor authentication: the challenge after sign-in, enrolment (TOTP or a passkey,
// recovery codes), device management — their actions and machines. Its own entry, off a host's first chunk.

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
  mfaChallengeError,
  mfaChallengeIsBusy,
  mfaChallengeMachine,
  mfaChallengeStatus,
  type MfaChallengeActorRef,
  type MfaChallengeClient,
  type MfaChallengeContext,
  type MfaChallengeEvent,
  type MfaChallengeInput,
  type MfaChallengeMachine,
  type MfaChallengeSnapshot,
  type MfaChallengeStatus,
} from '../core/machines/mfaChallenge/mfaChallengeMachine.js';
export {
  mfaEnrolmentMachine,
  mfaEnrolmentStatus,
  type MfaEnrolmentActorRef,
  type MfaEnrolmentClient,
  type MfaEnrolmentContext,
  type MfaEnrolmentEvent,
  type MfaEnrolmentInput,
  type MfaEnrolmentMachine,
  type MfaEnrolmentSnapshot,
  type MfaEnrolmentStatus,
} from '../core/machines/mfaEnrolment/mfaEnrolmentMachine.js';
export {
  mfaDevicesMachine,
  mfaDevicesStatus,
  type MfaDevicesActorRef,
  type MfaDevicesClient,
  type MfaDevicesContext,
  type MfaDevicesEvent,
  type MfaDevicesInput,
  type MfaDevicesMachine,
  type MfaDevicesSnapshot,
  type MfaDevicesStatus,
} from '../core/machines/mfaDevices/mfaDevicesMachine.js';

export {
  stepUpMachine,
  stepUpStatus,
  type StepUpActorRef,
  type StepUpContext,
  type StepUpEvent,
  type StepUpMachine,
  type StepUpMachineClient,
  type StepUpOutput,
  type StepUpSnapshot,
  type StepUpStatus,
} from '../core/machines/mfaDevices/stepUpMachine.js';

export { orderMfaMethods, type MfaMethod } from '../core/mfa/orderMfaMethods.js';
