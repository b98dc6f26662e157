import { useId, useState } from 'react';
import { input, label } from '../../styles/shared.css.js';
import type { FlowError } from '../../flows/shared/FlowError.js';
import { CountrySelect } from '../../flows/SmsSignIn/CountrySelect.js';
import type { PhoneValue } from '../../flows/SmsSignIn/SmsSignInModel.js';
import type { SmsCountry } from '../../flows/SmsSignIn/countries.js';
import { SendCodeForm, useSendCodeField } from '../../flows/shared/SendCodeForm.js';
import { useMessages } from '../../messages/useMessages.js';
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

/** The English of `emailOrPhone.empty`. */
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
  const t = useMessages();
  const id = useId();
  const [country, setCountry] = useState(defaultCountry ?? countries[0]?.isoCountryCode ?? '');
  // The error of the flow the text now points at (the other flow's error would be about other text).
  const field = useSendCodeField({
    defaultValue,
    isSending,
    error: (value) => (looksLikePhone(value) ? phoneError : emailError),
    emptyMessage: t('emailOrPhone.empty'),
  });
  const pointsAtPhone = looksLikePhone(field.value);

  return (
    <SendCodeForm
      field={field}
      isSending={isSending}
      channel={pointsAtPhone ? 'sms' : 'email'}
      onSubmit={() => {
        const value = field.take();
        if (value === undefined) return;
        if (pointsAtPhone) onSubmitPhone({ phoneNumber: value, isoCountryCode: country });
        else onSubmitEmail(value);
      }}
    >
      <label htmlFor={field.inputProps.id} className={label}>
        {t('emailOrPhone.label')}
      </label>
      <input
        {...field.inputProps}
        className={input}
        type="text"
        name="username"
        autoComplete="username"
        placeholder={t('emailOrPhone.placeholder')}
      />
      {pointsAtPhone && countries.length > 0 && !field.value.trim().startsWith('+') ? (
        <CountrySelect id={`${id}-country`} countries={countries} value={country} onChange={setCountry} disabled={isSending} />
      ) : null}
    </SendCodeForm>
  );
}
