// @latchkey/headless/passkey — passkeys (WebAuthn): actions, the sign-in and management machines, option validation and error
// mapping (the WebAuthn browser library itself loads lazily). Its own entry, off a host's first chunk.

export { deletePasskey, type DeletePasskeyParameters } from '../core/actions/deletePasskey.js';
export { getPasskeyRegistrationOptions, type GetPasskeyRegistrationOptionsReturnType } from '../core/actions/getPasskeyRegistrationOptions.js';
export { getPasskeys, type GetPasskeysReturnType } from '../core/actions/getPasskeys.js';
export { getPasskeySignInOptions, type GetPasskeySignInOptionsReturnType } from '../core/actions/getPasskeySignInOptions.js';
export { registerPasskey, type RegisterPasskeyParameters, type RegisterPasskeyReturnType } from '../core/actions/registerPasskey.js';
export { signInWithPasskey, type SignInWithPasskeyParameters, type SignInWithPasskeyReturnType } from '../core/actions/signInWithPasskey.js';
export { updatePasskey, type UpdatePasskeyParameters, type UpdatePasskeyReturnType } from '../core/actions/updatePasskey.js';

export {
  passkeySignInMachine,
  passkeySignInStatus,
  type PasskeySignInActorRef,
  type PasskeySignInClient,
  type PasskeySignInContext,
  type PasskeySignInEvent,
  type PasskeySignInInput,
  type PasskeySignInMachine,
  type PasskeySignInSnapshot,
  type PasskeySignInStatus,
} from '../core/machines/passkeySignIn/passkeySignInMachine.js';
export {
  passkeyManagerMachine,
  passkeyManagerStatus,
  type PasskeyManagerActorRef,
  type PasskeyManagerClient,
  type PasskeyManagerContext,
  type PasskeyManagerEvent,
  type PasskeyManagerInput,
  type PasskeyManagerMachine,
  type PasskeyManagerSnapshot,
  type PasskeyManagerStatus,
} from '../core/machines/passkeyManager/passkeyManagerMachine.js';
export { loadBrowserWebAuthn } from '../core/webauthn/loadBrowserWebAuthn.js';
export { isWarnOnlyPasskeyError, toPasskeyError } from '../core/webauthn/toPasskeyError.js';
export { validateAuthenticationOptions, validateRegistrationOptions } from '../core/webauthn/validatePasskeyOptions.js';
export type { WebAuthnCeremonies, WebAuthnLoader } from '../core/webauthn/WebAuthnCeremonies.js';
