import { describe, expect, it } from 'vitest';
import { countryLabel, pickDefaultCountry, smsCountries } from './countries.js';

const countries = [
  { isoCountryCode: 'US', phoneCountryCode: '1' },
  { isoCountryCode: 'GB', phoneCountryCode: '44' },
  { isoCountryCode: 'DE', phoneCountryCode: '49' },
];

describe('countries', () => {
  it('default: the enabled twilio provider’s countries; none without one', () => {
    expect(smsCountries({ providers: [{ provider: 'twilio', enabledAt: '2026-01-01T00:00:00Z', enabledCountries: countries }] })).toEqual(countries);
    expect(smsCountries({ providers: [{ provider: 'twilio', enabledAt: null, enabledCountries: countries }] })).toEqual([]);
    expect(smsCountries({ providers: [{ provider: 'emailOnly', enabledAt: '2026-01-01T00:00:00Z' }] })).toEqual([]);
    expect(smsCountries(undefined)).toEqual([]);
  });

  it('default: labels carry the platform’s country name and the calling code', () => {
    expect(countryLabel({ isoCountryCode: 'DE', phoneCountryCode: '49' })).toBe('Germany (+49)');
  });

  it('behavior: the default country comes from the browser languages when enabled, else the first country', () => {
    expect(pickDefaultCountry(countries, ['en-GB', 'en'])).toBe('GB');
    expect(pickDefaultCountry(countries, ['de'])).toBe('DE');
    expect(pickDefaultCountry(countries, ['fr-FR', 'de-AT', 'en'])).toBe('US');
    expect(pickDefaultCountry(countries, ['ja-JP'])).toBe('US');
    expect(pickDefaultCountry(countries, ['not a tag'])).toBe('US');
    expect(pickDefaultCountry([], ['en-GB'])).toBeUndefined();
  });
});
