import { input, label } from '../../styles/shared.css.js';
import { countryLabel } from './countries.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { countrySelect } from './PhoneStep.css.js';
import type { SmsCountry } from './countries.js';

export interface CountrySelectProps {
  id: string;
  countries: readonly SmsCountry[];
  value: string;
  onChange: (isoCountryCode: string) => void;
  disabled?: boolean;
}

/** The country picker: a native select (keyboard, screen readers and mobile pickers for free), labelled "Country". */
export function CountrySelect({ id, countries, value, onChange, disabled = false }: CountrySelectProps) {
  const t = useMessages();
  const { locale } = useLocale();
  return (
    <>
      <label htmlFor={id} className={label}>
        {t('phone.country')}
      </label>
      <select id={id} className={`${input} ${countrySelect}`} name="country" autoComplete="country" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {countries.map((country) => (
          <option key={country.isoCountryCode} value={country.isoCountryCode}>
            {countryLabel(country, locale)}
          </option>
        ))}
      </select>
    </>
  );
}
