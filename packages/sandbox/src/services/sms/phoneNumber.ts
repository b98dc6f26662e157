import type { ProjectSettings } from '@latchkey/protocol';
import { INVALID_PHONE_NUMBER_MESSAGE } from '@latchkey/protocol';
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { ApiError } from '../../errors/ApiError.js';

/** A phone number the sandbox accepts: E.164 plus the parts the wire carries. */
export interface CheckedPhone {
  /** `+` and digits, e.g. `+14155550100`. */
  e164: string;
  phoneCountryCode: string;
  phoneNumber: string;
  isoCountryCode: string;
}

const invalidPhone = (path = 'phoneNumber') => new ApiError(400, 'invalid_phone', INVALID_PHONE_NUMBER_MESSAGE, path);

/** The SMS provider of the settings (`twilio`, enabled), or 400 `no_enabled_sms_provider`. */
export function smsProvider(settings: ProjectSettings): NonNullable<ProjectSettings['providers']>[number] {
  const provider = settings.providers?.find((entry) => entry.provider === 'twilio' && entry.enabledAt);
  if (!provider) throw new ApiError(400, 'no_enabled_sms_provider', 'SMS sign-in is not enabled for this environment.');
  return provider;
}

/**
 * Checks `phoneCountryCode` + `phoneNumber` as one E.164 number (full metadata: real number
 * patterns, not only lengths), that `isoCountryCode` is the country of that number and has that
 * calling code, and that the SMS provider's `enabledCountries` lists the country (a provider without
 * the list sends to every country). Anything else is 400 `invalid_phone` 'Invalid phone number.'.
 */
export function checkPhone(
  settings: ProjectSettings,
  input: { phoneCountryCode: string; phoneNumber: string; isoCountryCode: string },
): CheckedPhone {
  const provider = smsProvider(settings);
  const iso = input.isoCountryCode as CountryCode;
  let callingCode: string;
  try {
    callingCode = getCountryCallingCode(iso);
  } catch {
    throw invalidPhone('isoCountryCode');
  }
  if (callingCode !== input.phoneCountryCode) throw invalidPhone('phoneCountryCode');
  const parsed = parsePhoneNumberFromString(`+${input.phoneCountryCode}${input.phoneNumber}`);
  if (!parsed || !parsed.isValid() || parsed.country !== iso) throw invalidPhone();
  const enabled = provider.enabledCountries;
  if (enabled && !enabled.some((entry) => entry.isoCountryCode === iso && entry.phoneCountryCode === callingCode)) {
    throw new ApiError(400, 'invalid_phone', INVALID_PHONE_NUMBER_MESSAGE, 'isoCountryCode');
  }
  return { e164: parsed.number, phoneCountryCode: callingCode, phoneNumber: parsed.nationalNumber, isoCountryCode: iso };
}

/** The parts of a stored E.164 number, for the wire user (undefined if it no longer parses). */
export function splitE164(e164: string): Omit<CheckedPhone, 'e164'> | undefined {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return undefined;
  return { phoneCountryCode: parsed.countryCallingCode, phoneNumber: parsed.nationalNumber, isoCountryCode: parsed.country ?? '' };
}
