import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, input, label, stack, visuallyHidden } from '../../styles/shared.css.js';
import type { FlowError } from '../EmailSignIn/types.js';
import { CountrySelect } from '../PhoneSignIn/CountrySelect.js';
import type { PhoneValue, SmsCountry } from '../PhoneSignIn/types.js';
import { looksLikePhone } from './looksLikePhone.js';

export interface EmailOrPhoneStepProps {
  /** The countries the SMS provider sends to; the picker appears once the text reads as a number. */
  countries: readonly SmsCountry[];
  defaultCountry?: string | undefined;
  /** Pre-fills the field (an address or a number), e.g. when coming back from a code step. */
  defaultValue?: string | undefined;
  /** A code is being sent (by either flow). */
  isSending?: boolean;
  /** The e-mail flow's last error. */
  emailError?: FlowError | undefined;
  /** The SMS flow's last error (e.g. 'Invalid phone number.'). */
  phoneError?: FlowError | undefined;
  onSubmitEmail: (email: string) => void;
  onSubmitPhone: (phone: PhoneValue) => void;
}

export const EMPTY_EMAIL_OR_PHONE_MESSAGE = 'Enter your email address or phone number.';

/**
 * The `emailAndPhone` block: one field that takes an e-mail address or a phone number and starts the
 * matching flow. Text with digits only (and `+`, spaces, phone punctuation) is a number: a country
 * picker appears beside it; anything else is an address. Presentational: props in, callbacks out.
 */
export function EmailOrPhoneStep({
  countries,
  defaultCountry,
  defaultValue,
  isSending = false,
  emailError,
  phoneError,
  onSubmitEmail,
  onSubmitPhone,
}: EmailOrPhoneStepProps) {
  const id = useId();
  const [value, setValue] = useState(defaultValue ?? '');
  const [country, setCountry] = useState(defaultCountry ?? countries[0]?.isoCountryCode ?? '');
  const [localError, setLocalError] = useState<string>();
  const isPhone = looksLikePhone(value);
  // The error of the flow the text now points at (the other flow's error would be about other text).
  const flowError = isPhone ? phoneError : emailError;
  const shownError = localError ?? (isSending ? undefined : flowError?.message);
  const inputId = `${id}-value`;
  const errorId = `${id}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    const trimmed = value.trim();
    if (trimmed === '') {
      setLocalError(EMPTY_EMAIL_OR_PHONE_MESSAGE);
      return;
    }
    if (isPhone) onSubmitPhone({ phoneNumber: trimmed, isoCountryCode: country });
    else onSubmitEmail(trimmed);
  };

  return (
    <form className={stack} noValidate onSubmit={submit} aria-busy={isSending} data-channel={isPhone ? 'sms' : 'email'}>
      <label htmlFor={inputId} className={label}>
        Email or phone number
      </label>
      <input
        id={inputId}
        className={input}
        type="text"
        name="username"
        autoComplete="username"
        placeholder="you@example.com or 201 555 0123"
        readOnly={isSending}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setLocalError(undefined);
        }}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? errorId : undefined}
      />
      {isPhone && countries.length > 0 && !value.trim().startsWith('+') ? (
        <CountrySelect id={`${id}-country`} countries={countries} value={country} onChange={setCountry} disabled={isSending} />
      ) : null}
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
