import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { ClientErrorCode } from '../errors/errorCodes.js';

/** `@simplewebauthn/browser`'s error codes → the passkey codes of SPEC §8. */
const WEBAUTHN_CODES: Readonly<Record<string, ClientErrorCode>> = {
  ERROR_CEREMONY_ABORTED: 'passkey_ceremony_aborted',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'passkey_previously_registered',
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: 'passkey_discoverable_credential_unsupported',
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: 'passkey_user_verification_unsupported',
  ERROR_AUTO_REGISTER_USER_VERIFICATION_FAILURE: 'passkey_user_verification_unsupported',
  ERROR_INVALID_DOMAIN: 'passkey_invalid_domain',
  ERROR_INVALID_RP_ID: 'passkey_invalid_rp_id',
  ERROR_INVALID_USER_ID_LENGTH: 'passkey_invalid_user_id_length',
  ERROR_MALFORMED_PUBKEYCREDPARAMS: 'passkey_no_supported_algorithm',
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: 'passkey_no_supported_algorithm',
  ERROR_AUTHENTICATOR_GENERAL_ERROR: 'passkey_authenticator_error',
};

/** The warn-only cases of SPEC §8: logged, never shown as an error. */
export const WARN_ONLY_PASSKEY_CODES: ReadonlySet<string> = new Set([
  'operation_timed_out_or_not_allowed',
  'user_denied_permission',
  'webauthn_authenticator_not_found',
  'user_cancelled_request',
]);

export function isWarnOnlyPasskeyError(error: unknown): error is LatchkeyError {
  return error instanceof LatchkeyError && WARN_ONLY_PASSKEY_CODES.has(error.code);
}

function passThrough(cause: unknown): ClientErrorCode | undefined {
  const { name, message } = (cause ?? {}) as { name?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.toLowerCase() : '';
  if (text.includes('cancel')) return 'user_cancelled_request';
  if (text.includes('authenticator not found') || text.includes('no authenticator')) return 'webauthn_authenticator_not_found';
  if (text.includes('permission') || text.includes('denied')) return 'user_denied_permission';
  if (name === 'NotAllowedError' || text.includes('timed out or was not allowed')) return 'operation_timed_out_or_not_allowed';
  return undefined;
}

/**
 * A browser ceremony failure as a `LatchkeyError`: the library's codes map to the passkey codes
 * of SPEC §8; the browser's own refusals (NotAllowedError: cancelled, timed out, denied, no
 * authenticator) map to the warn-only codes; anything else is `passkey_authenticator_error`.
 */
export function toPasskeyError(error: unknown): LatchkeyError {
  if (error instanceof LatchkeyError) return error;
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && code in WEBAUTHN_CODES) return new LatchkeyError(WEBAUTHN_CODES[code] as ClientErrorCode, { cause: error });
  const warned = passThrough(code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' ? cause : error);
  if (warned) return new LatchkeyError(warned, { cause: error });
  const message = (error as { message?: unknown })?.message;
  if (typeof message === 'string' && /webauthn is not supported/i.test(message)) return new LatchkeyError('webauthn_not_supported', { cause: error });
  return new LatchkeyError('passkey_authenticator_error', { cause: error });
}
