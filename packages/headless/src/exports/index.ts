// @latchkey/headless — the framework-agnostic core: client, actions, machines, errors.

export { createLatchkeyClient, type LatchkeyClient, type LatchkeyClientConfig, type SessionClock } from '../core/client/createLatchkeyClient.js';

// actions (one per file, `verbNoun(client, parameters)`)
export { getSession, type GetSessionReturnType } from '../core/actions/getSession.js';
export { getSettings, type GetSettingsReturnType } from '../core/actions/getSettings.js';
export { getUser, type GetUserParameters, type GetUserReturnType } from '../core/actions/getUser.js';
export { refreshSession, type RefreshSessionParameters, type RefreshSessionReturnType } from '../core/actions/refreshSession.js';
export { revokeSession, type RevokeSessionParameters } from '../core/actions/revokeSession.js';
export { updateUser, type UpdateUserParameters, type UpdateUserReturnType } from '../core/actions/updateUser.js';
export { checkUserField, type CheckUserFieldParameters, type CheckUserFieldReturnType } from '../core/actions/checkUserField.js';
export { deleteUser, type DeleteUserParameters } from '../core/actions/deleteUser.js';
export {
  checkProfileValue,
  needsOnboarding,
  onboardingFields,
  requiredFieldsMissing,
  profileFields,
  profileUpdate,
  type ProfileField,
  type ProfileFieldProblem,
  type ProfileValue,
} from '../core/profile/profileFields.js';
export { createCaptchaRunner, HCAPTCHA_SCRIPT_URL, type CaptchaRunner } from '../core/captcha/createCaptchaRunner.js';

// machines
export { getSessionStatus, type SessionStatus } from '../core/machines/session/sessionStatus.js';
// The machine itself is exported from `@latchkey/headless/testing`: re-exported here, it would bring xstate into
// every page's first chunk (a bundler's code splitting follows the barrel's re-export to the lazy session chunk).
export type {
  SessionActorRef,
  SessionContext,
  SessionDeps,
  SessionEvent,
  SessionInput,
  SessionMachine,
  SessionSnapshot,
} from '../core/machines/session/sessionMachine.js';

// errors
export { clientErrorMessages, getWalletErrorNumber, walletErrorCodes, type ClientErrorCode, type LatchkeyErrorCode, type WalletErrorCode } from '../core/errors/errorCodes.js';
export { isLatchkeyError, LatchkeyError, type LatchkeyErrorOptions } from '../core/errors/LatchkeyError.js';
// The conversion itself comes with the first request's chunk (a static re-export here would put it in the first paint).
export { toLatchkeyErrorLazily as toLatchkeyError } from '../core/errors/toLatchkeyErrorLazily.js';

// building blocks
export { createEmitter, type Emitter, type LatchkeyEvents, type LinkedCredentialKind, type Listener, type SignInMethod } from '../core/events/createEmitter.js';
export type { LatchkeyEventCallbacks } from '../core/events/eventCallbacks.js';
export { createLogger, type ConsoleSink, type Logger, type LoggerConfig, type LogLevel, type Timers } from '../core/logger/createLogger.js';
export { createSettingsStore, type SettingsState, type SettingsStatus, type SettingsStore } from '../core/settings/createSettingsStore.js';
export { getSessionTokenFromCookies } from '../core/session/getSessionTokenFromCookies.js';
export { checkKitVersions, version } from '../core/version/checkKitVersions.js';
export { createCookieStorage, type CookieStorageOptions } from '../core/storage/createCookieStorage.js';
export { createLocalStorage } from '../core/storage/createLocalStorage.js';
export { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
export { type StorageOption, type Store } from '../core/storage/createStore.js';
export type { StorageAdapter } from '../core/storage/StorageAdapter.js';
export { createApi, type Api, type ApiClient } from '../core/transport/createApi.js';
export { createTransport, type Query, type RequestArgs, type RequestOptions, type Transport, type TransportConfig } from '../core/transport/createTransport.js';

// Each flow lives on its own entry, off a host's first chunk: `@latchkey/headless/email`, `/sms`, `/passkey`,
// `/mfa`, `/social` (with Telegram); their hooks on `@latchkey/headless/react/<flow>`.
