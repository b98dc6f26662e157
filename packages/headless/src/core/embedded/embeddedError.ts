import type { EmbeddedErrorCode } from '../errors/errorCodes.js';
import { LatchkeyError, type LatchkeyErrorOptions } from '../errors/LatchkeyError.js';

/** Messages of the embedded wallet's own codes (SPEC §4/§5 wording where it gives one). */
export const embeddedErrorMessages: Readonly<Record<EmbeddedErrorCode, string>> = {
  custody_request_failed: 'The custody provider refused the request: {reason}',
  embedded_wallet_config_required: 'Embedded wallet requires app name and base URL',
  recovery_code_invalid: 'The code is invalid or expired.',
};

/** A `LatchkeyError` with one of the embedded wallet's codes and its message. */
export function embeddedError(code: EmbeddedErrorCode, options: Omit<LatchkeyErrorOptions, 'message'> = {}): LatchkeyError {
  const message = embeddedErrorMessages[code].replace(/\{(\w+)\}/g, (whole, name: string) => String(options.params?.[name] ?? whole));
  return new LatchkeyError(code, { ...options, message });
}
