import * as z from 'zod/mini';
import { isSecureUrl } from './secureUrl.js';

/** A 3- or 6-digit hex colour such as `#4f46e5` or `#fff`. */
export const hexColorSchema = z.string().check(z.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'must be a 3- or 6-digit hex colour such as #4f46e5' }));

/** An ISO-8601 date-time string (dates travel as ISO strings on the wire). */
export const isoDateSchema = z.iso.datetime({ offset: true });

export { isLoopbackHost } from './secureUrl.js';

/** A URL from settings: https only, http allowed on loopback (DESIGN.md "Security rules"). */
export const secureUrlSchema = z.string().check(z.refine(isSecureUrl, { message: 'must be an https URL (http only on loopback)' }));

export const uuidSchema = z.uuid();

/** Hex strings (SPEC §5): an even number of hex digits, nothing else. */
export const hexStringSchema = z.string().check(z.regex(/^(?:[0-9a-fA-F]{2})+$/, { message: 'must be an even-length string of hex digits' }));

/** A 20-byte EVM address, `0x` + 40 hex digits. */
export const evmAddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { message: 'must be an EVM address (0x followed by 40 hex digits)' }));

/**
 * Stands for "several recipients" where a Solana address is expected (SPEC §5). The spec names the
 * placeholder without giving its value; this is the value Latchkey uses on the wire.
 */
export const SOLANA_MULTIPLE_RECIPIENTS_PLACEHOLDER = 'multiple-recipients';

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** A Solana address: 32 to 44 base58 characters, or the multiple-recipients placeholder (SPEC §5). */
export const solanaAddressSchema = z.string().check(z.refine((value) => value === SOLANA_MULTIPLE_RECIPIENTS_PLACEHOLDER || BASE58_ADDRESS.test(value), {
    message: 'must be a Solana address (32 to 44 base58 characters)',
  }));

/** True for a base58 Solana address (the placeholder excluded). */
export function isSolanaAddress(value: string): boolean {
  return BASE58_ADDRESS.test(value);
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** A DNS host name (letters, digits, hyphens; dot-separated labels) or `localhost` (SPEC §5). */
export function isHostName(value: string): boolean {
  if (value === 'localhost') return true;
  if (value.length === 0 || value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return false;
  return labels.every((label) => HOST_LABEL.test(label));
}

export const hostNameSchema = z.string().check(z.refine(isHostName, { message: 'must be a valid host name or localhost' }));

/** A host name with an optional port, as a sign-in message's `domain` (e.g. `localhost:5173`). */
export const domainSchema = z.string().check(z.refine((value) => {
    const match = /^(.+?)(?::(\d{1,5}))?$/.exec(value);
    if (!match?.[1]) return false;
    const port = match[2] === undefined ? 0 : Number(match[2]);
    return isHostName(match[1]) && port <= 65_535;
  }, { message: 'must be a valid host name or localhost, with an optional port' }));

/** A compressed P-256 public key in hex, as session keys travel (02/03 + 32 bytes). */
export const sessionPublicKeySchema = z.string().check(z.regex(/^0[23][0-9a-fA-F]{64}$/, { message: 'must be a compressed P-256 public key in hex (66 hex digits starting 02 or 03)' }));

/** A non-empty string with no surrounding whitespace, for names and labels. */
export const nameSchema = z.string().check(z.trim(), z.minLength(1, { message: 'must not be empty' }), z.maxLength(255));
