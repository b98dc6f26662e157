import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, input, label, stack, visuallyHidden } from '../../styles/shared.css.js';
import type { FlowError } from '../EmailSignIn/types.js';
import { CountrySelect } from './CountrySelect.js';
import type { PhoneValue, SmsCountry } from './types.js';

export interface PhoneStepProps {
  /** The countries the SMS provider sends to (the picker's options). */
  countries: readonly SmsCountry[];
  /** Preselected country (e.g. `pickDefaultCountry(countries)`); default the first. */
  defaultCountry?: string | undefined;
  /** Pre-fills the field, e.g. when coming back from the code step. */
  defaultPhone?: PhoneValue | undefined;
  isSending?: boolean;
  /** The flow's last error (e.g. 'Invalid phone number.'), tied to the field. */
  error?: FlowError | undefined;
  onSubmit: (phone: PhoneValue) => void;
}

export const EMPTY_PHONE_MESSAGE = 'Enter your phone number.';

/** The phone step: a country picker, one labelled phone field and "Continue". Presentational. */
export function PhoneStep({ countries, defaultCountry, defaultPhone, isSending = false, error, onSubmit }: PhoneStepProps) {
  const id = useId();
  const [country, setCountry] = useState(defaultPhone?.isoCountryCode ?? defaultCountry ?? countries[0]?.isoCountryCode ?? '');
  const [phone, setPhone] = useState(defaultPhone?.phoneNumber ?? '');
  const [localError, setLocalError] = useState<string>();
  const shownError = localError ?? (isSending ? undefined : error?.message);
  const inputId = `${id}-phone`;
  const errorId = `${id}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    const value = phone.trim();
    if (value === '') {
      setLocalError(EMPTY_PHONE_MESSAGE);
      return;
    }
    onSubmit({ phoneNumber: value, isoCountryCode: country });
  };

  return (
    <form className={stack} noValidate onSubmit={submit} aria-busy={isSending}>
      <CountrySelect id={`${id}-country`} countries={countries} value={country} onChange={setCountry} disabled={isSending} />
      <label htmlFor={inputId} className={label}>
        Phone number
      </label>
      <input
        id={inputId}
        className={input}
        type="tel"
        name="phone"
        autoComplete="tel-national"
        inputMode="tel"
        placeholder="201 555 0123"
        readOnly={isSending}
        value={phone}
        onChange={(event) => {
          setPhone(event.target.value);
          setLocalError(undefined);
        }}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? errorId : undefined}
      />
      <ErrorMessage id={errorId}>{shownError}</ErrorMessage>
      <button type="submit" className={button.primary} aria-disabled={isSending ? true : undefined}>
        {isSending ? <Spinner /> : null}
        Continue
      </button>
      <p role="status" className={visuallyHidden}>
        {isSending ? 'Sending a code…' : ''}
      </p>
    </form>
  );
}
