import { LatchkeyError } from '../errors/LatchkeyError.js';
import { importWhenOnline } from '../loading/importWhenOnline.js';

/** A phone number as a person enters it: the digits (or a full `+…` number) and the picked country. */
export interface PhoneInput {
  /** National digits as typed (spaces, dashes, brackets allowed), or an international number starting with `+`. */
  phoneNumber: string;
  /** ISO 3166-1 alpha-2 of the picked country, e.g. `US`; a `+…` number's own country wins. */
  isoCountryCode: string;
}

/** A checked phone number: E.164 and the wire parts of SPEC §3 (phone sign-in). */
export interface ParsedPhone {
  /** `+14155550100` */
  e164: string;
  /** `+1 415 555 0100`, for people. */
  international: string;
  /** Calling code without `+`, e.g. `1`. */
  phoneCountryCode: string;
  /** National significant number, digits only. */
  phoneNumber: string;
  isoCountryCode: string;
}

const invalidPhone = () => new LatchkeyError('invalid_phone', { path: 'phoneNumber' });

/**
 * Checks a phone number and splits it into the wire parts, or throws `invalid_phone`
 * ('Invalid phone number.'). The number library (libphonenumber-js, its small metadata) is loaded on
 * first use, so it is never part of a page's first download: only the phone flow pays for it.
 */
export async function parsePhone(input: PhoneInput): Promise<ParsedPhone> {
  const raw = typeof input?.phoneNumber === 'string' ? input.phoneNumber.trim() : '';
  if (!/^\+?[\d\s().-]{4,24}$/.test(raw)) throw invalidPhone();
  const { parsePhoneNumberFromString, getCountryCallingCode } = await importWhenOnline(() => import('./phoneNumbers.js'));
  const international = raw.startsWith('+');
  const iso = typeof input.isoCountryCode === 'string' ? input.isoCountryCode.toUpperCase() : '';
  let parsed;
  try {
    if (!international) getCountryCallingCode(iso as never);
    parsed = international ? parsePhoneNumberFromString(raw) : parsePhoneNumberFromString(raw, iso as never);
  } catch {
    throw invalidPhone();
  }
  if (!parsed || !parsed.isValid()) throw invalidPhone();
  const country = parsed.country ?? (international ? undefined : iso);
  if (!country) throw invalidPhone();
  return {
    e164: parsed.number,
    international: parsed.formatInternational(),
    phoneCountryCode: parsed.countryCallingCode,
    phoneNumber: parsed.nationalNumber,
    isoCountryCode: country,
  };
}

/** True when text typed into a combined "email or phone" field reads as a phone number rather than an address. */
export function looksLikePhone(text: string): boolean {
  const value = typeof text === 'string' ? text.trim() : '';
  return value !== '' && !value.includes('@') && /^\+?[\d\s().-]+$/.test(value) && /\d/.test(value);
}
