import type { PasskeyAuthenticationOptions, PasskeyRegistrationOptions } from '@latchkey/protocol';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { base64urlnopad } from '@scure/base';

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** A DNS host name or `localhost` (SPEC §5); IP addresses are not valid passkey domains. */
export function isPasskeyDomain(value: string | undefined): value is string {
  if (value === 'localhost') return true;
  if (!value || value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2 || /^\d+$/.test(labels[labels.length - 1] ?? '')) return false;
  return labels.every((label) => HOST_LABEL.test(label));
}

/** Bytes of an unpadded base64url string, or -1 when it is not base64url. */
function base64urlBytes(value: string): number {
  try {
    return base64urlnopad.decode(value).length;
  } catch {
    return -1;
  }
}

function checkDomain(hostname: string | undefined, rpId: string | undefined): void {
  if (!isPasskeyDomain(hostname)) throw new LatchkeyError('passkey_invalid_domain', { params: { hostname: String(hostname) } });
  const id = rpId ?? hostname;
  if (hostname !== id && !hostname.endsWith(`.${id}`)) throw new LatchkeyError('passkey_invalid_rp_id');
}

/**
 * The checks of SPEC §5 before a registration ceremony starts: an e-mail or passkey identifier
 * (the options' user name), a user id of 1 to 64 bytes, a valid domain that the relying party
 * id matches. Throws the passkey code of SPEC §8.
 */
export function validateRegistrationOptions(options: PasskeyRegistrationOptions, hostname: string | undefined): void {
  if (typeof options.user?.name !== 'string' || options.user.name.trim() === '') {
    throw new LatchkeyError('invalid_request', { message: 'Registering a passkey needs an e-mail or a passkey identifier.', path: 'user.name' });
  }
  const bytes = base64urlBytes(options.user.id ?? '');
  if (bytes < 1 || bytes > 64) throw new LatchkeyError('passkey_invalid_user_id_length');
  checkDomain(hostname, options.rp.id);
}

/** The domain checks of SPEC §5 before an authentication ceremony starts. */
export function validateAuthenticationOptions(options: PasskeyAuthenticationOptions, hostname: string | undefined): void {
  checkDomain(hostname, options.rpId);
}
