// @latchkey/headless — the framework-agnostic core: client, actions, machines, errors.

export { createLatchkeyClient, type LatchkeyClient, type LatchkeyClientConfig, type SessionClock } from './core/client/createLatchkeyClient.js';

// actions (one per file, `verbNoun(client, parameters)`)
export { authenticateMfaRecoveryCode, type AuthenticateMfaRecoveryCodeParameters, type AuthenticateMfaRecoveryCodeReturnType } from './core/actions/authenticateMfaRecoveryCode.js';
export { authenticateMfaTotp, type AuthenticateMfaTotpParameters, type AuthenticateMfaTotpReturnType } from './core/actions/authenticateMfaTotp.js';
export { createEmailVerification, type CreateEmailVerificationParameters, type CreateEmailVerificationReturnType } from './core/actions/createEmailVerification.js';
export { createSmsVerification, type CreateSmsVerificationParameters, type CreateSmsVerificationReturnType } from './core/actions/createSmsVerification.js';
export { deleteMfaDevice, type DeleteMfaDeviceParameters } from './core/actions/deleteMfaDevice.js';
export { deletePasskey, type DeletePasskeyParameters } from './core/actions/deletePasskey.js';
export { getMfaDevices, type GetMfaDevicesReturnType } from './core/actions/getMfaDevices.js';
export { getPasskeyRegistrationOptions, type GetPasskeyRegistrationOptionsReturnType } from './core/actions/getPasskeyRegistrationOptions.js';
export { getPasskeys, type GetPasskeysReturnType } from './core/actions/getPasskeys.js';
export { getPasskeySignInOptions, type GetPasskeySignInOptionsReturnType } from './core/actions/getPasskeySignInOptions.js';
export { getRecoveryCodes, type GetRecoveryCodesReturnType } from './core/actions/getRecoveryCodes.js';
export { getSession, type GetSessionReturnType } from './core/actions/getSession.js';
export { getSettings, type GetSettingsReturnType } from './core/actions/getSettings.js';
export { getUser, type GetUserParameters, type GetUserReturnType } from './core/actions/getUser.js';
export { getTotpRegistration, type GetTotpRegistrationReturnType } from './core/actions/getTotpRegistration.js';
export { refreshSession, type RefreshSessionParameters, type RefreshSessionReturnType } from './core/actions/refreshSession.js';
export { registerTotp, type RegisterTotpParameters, type RegisterTotpReturnType } from './core/actions/registerTotp.js';
export { retryEmailVerification, type RetryEmailVerificationParameters, type RetryEmailVerificationReturnType } from './core/actions/retryEmailVerification.js';
export { retrySmsVerification, type RetrySmsVerificationParameters, type RetrySmsVerificationReturnType } from './core/actions/retrySmsVerification.js';
export { revokeSession, type RevokeSessionParameters } from './core/actions/revokeSession.js';
export { regenerateRecoveryCodes, type RegenerateRecoveryCodesReturnType } from './core/actions/regenerateRecoveryCodes.js';
export { registerPasskey, type RegisterPasskeyParameters, type RegisterPasskeyReturnType } from './core/actions/registerPasskey.js';
export { signInWithEmailVerification, type SignInWithEmailVerificationParameters, type SignInWithEmailVerificationReturnType } from './core/actions/signInWithEmailVerification.js';
export { signInWithSmsVerification, type SignInWithSmsVerificationParameters, type SignInWithSmsVerificationReturnType } from './core/actions/signInWithSmsVerification.js';
export { signInWithPasskey, type SignInWithPasskeyParameters, type SignInWithPasskeyReturnType } from './core/actions/signInWithPasskey.js';
export { updatePasskey, type UpdatePasskeyParameters, type UpdatePasskeyReturnType } from './core/actions/updatePasskey.js';
export { updateUser, type UpdateUserParameters, type UpdateUserReturnType } from './core/actions/updateUser.js';
export { verifyEmailVerification, type VerifyEmailVerificationParameters, type VerifyEmailVerificationReturnType } from './core/actions/verifyEmailVerification.js';
export { verifySmsVerification, type VerifySmsVerificationParameters, type VerifySmsVerificationReturnType } from './core/actions/verifySmsVerification.js';

// machines
export {
  emailSignInMachine,
  type EmailSignInActorRef,
  type EmailSignInClient,
  type EmailSignInContext,
  type EmailSignInEvent,
  type EmailSignInInput,
  type EmailSignInMachine,
  type EmailSignInSnapshot,
  type EmailSignInStatus,
} from './core/machines/emailSignIn/emailSignInMachine.js';
export {
  smsSignInMachine,
  type SmsSignInActorRef,
  type SmsSignInClient,
  type SmsSignInContext,
  type SmsSignInEvent,
  type SmsSignInInput,
  type SmsSignInMachine,
  type SmsSignInSnapshot,
  type SmsSignInStatus,
} from './core/machines/smsSignIn/smsSignInMachine.js';
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
} from './core/machines/mfa/mfaMachine.js';
export {
  passkeyMachine,
  type PasskeyActorRef,
  type PasskeyClient,
  type PasskeyContext,
  type PasskeyEvent,
  type PasskeyInput,
  type PasskeyMachine,
  type PasskeySnapshot,
  type PasskeyStatus,
} from './core/machines/passkey/passkeyMachine.js';
export type { VerificationPurpose } from './core/machines/verificationPurpose.js';
export {
  getSessionStatus,
  sessionMachine,
  type SessionActorRef,
  type SessionContext,
  type SessionDeps,
  type SessionEvent,
  type SessionInput,
  type SessionMachine,
  type SessionSnapshot,
  type SessionStatus,
} from './core/machines/session/sessionMachine.js';

// errors
export { clientErrorMessages, getWalletErrorNumber, walletErrorCodes, type ClientErrorCode, type LatchkeyErrorCode, type WalletErrorCode } from './core/errors/errorCodes.js';
export { isLatchkeyError, LatchkeyError, type LatchkeyErrorOptions } from './core/errors/LatchkeyError.js';
export { toLatchkeyError } from './core/errors/toLatchkeyError.js';

// validation
export { looksLikePhone, parsePhone, type ParsedPhone, type PhoneInput } from './core/validation/parsePhone.js';
// passkeys (WebAuthn)
export { loadBrowserWebAuthn } from './core/webauthn/loadBrowserWebAuthn.js';
export { isWarnOnlyPasskeyError, toPasskeyError } from './core/webauthn/toPasskeyError.js';
export { validateAuthenticationOptions, validateRegistrationOptions } from './core/webauthn/validatePasskeyOptions.js';
export type { WebAuthnCeremonies, WebAuthnLoader } from './core/webauthn/WebAuthnCeremonies.js';

// building blocks
export { createEmitter, type Emitter, type LatchkeyEvents, type Listener } from './core/events/createEmitter.js';
export { createLogger, type ConsoleSink, type Logger, type LoggerConfig, type LogLevel, type Timers } from './core/logger/createLogger.js';
export { createSettingsStore, type SettingsState, type SettingsStatus, type SettingsStore } from './core/settings/createSettingsStore.js';
export { createCookieStorage, type CookieStorageOptions } from './core/storage/createCookieStorage.js';
export { createLocalStorage } from './core/storage/createLocalStorage.js';
export { createMemoryStorage } from './core/storage/createMemoryStorage.js';
export { type StorageOption, type Store } from './core/storage/createStore.js';
export type { StorageAdapter } from './core/storage/StorageAdapter.js';
export { createApi, type Api, type ApiClient } from './core/transport/createApi.js';
export { createTransport, type Query, type RequestArgs, type RequestOptions, type Transport, type TransportConfig } from './core/transport/createTransport.js';

// Social sign-in (actions, machine, browser helpers) lives on `@latchkey/headless/social`: off the first chunk.
