import { intlLocale } from '../../messages/format.js';
/** A country the SMS provider sends to (`enabledCountries` of the provider settings). */
export interface SmsCountry {
  isoCountryCode: string;
  phoneCountryCode: string;
}

/** The settings the phone blocks read: the providers list (SPEC §3 Provider). `ProjectSettings` fits. */
export interface SmsProviderSettings {
  providers?:
    | readonly {
        provider: string;
        enabledAt?: string | null | undefined;
        enabledCountries?: readonly SmsCountry[] | undefined;
      }[]
    | undefined;
}

/** The countries of the enabled SMS provider (`twilio`); empty when SMS sign-in is not available. */
export function smsCountries(settings: SmsProviderSettings | undefined): readonly SmsCountry[] {
  const providers = Array.isArray(settings?.providers) ? settings.providers : [];
  const provider = providers.find((entry) => entry?.provider === 'twilio' && entry.enabledAt);
  return Array.isArray(provider?.enabledCountries) ? provider.enabledCountries : [];
}

const regionNamesByLocale = new Map<string, Intl.DisplayNames | null>();

/** The country's name in `locale` (default English) from the platform (`Intl.DisplayNames`), or its code. */
export function countryName(isoCountryCode: string, locale = 'en'): string {
  let regionNames = regionNamesByLocale.get(locale);
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames([intlLocale(locale), 'en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
    regionNamesByLocale.set(locale, regionNames);
  }
  try {
    return regionNames?.of(isoCountryCode) ?? isoCountryCode;
  } catch {
    return isoCountryCode;
  }
}

/**
 * `United Kingdom (+44)`. No flag: many systems (Windows among them) have no flag glyphs and would
 * show two boxes or two letters in front of every name.
 */
export function countryLabel(country: SmsCountry, locale = 'en'): string {
  // The calling code stays left-to-right inside a right-to-left name (U+2066…U+2069 isolate it).
  const code = `+${country.phoneCountryCode}`;
  return `${countryName(country.isoCountryCode, locale)} (${locale === 'en' ? code : `\u2066${code}\u2069`})`;
}

/** The region a language tag implies: `en-GB` → `GB`, `de` → `DE` (likely subtags), or undefined. */
function regionOf(tag: string): string | undefined {
  try {
    const locale = new Intl.Locale(tag);
    return (locale.region ?? locale.maximize().region)?.toUpperCase();
  } catch {
    return undefined;
  }
}

/**
 * The country to preselect: the first of the browser's languages (`navigator.languages`) whose
 * region the provider sends to, else the provider's first country.
 */
export function pickDefaultCountry(countries: readonly SmsCountry[], languages: readonly string[] = browserLanguages()): string | undefined {
  const enabled = new Set(countries.map((country) => country.isoCountryCode));
  for (const tag of languages) {
    const region = regionOf(tag);
    if (region && enabled.has(region)) return region;
  }
  return countries[0]?.isoCountryCode;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (Array.isArray(navigator.languages) && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
