import { useId, useState } from 'react';
import { input, label } from '../../styles/shared.css.js';
import type { FlowError } from '../shared/FlowError.js';
import { SendCodeForm, useSendCodeField } from '../shared/SendCodeForm.js';
import { CountrySelect } from './CountrySelect.js';
import { useMessages } from '../../messages/useMessages.js';
import type { PhoneValue } from './SmsSignInModel.js';
import type { SmsCountry } from './countries.js';

export interface PhoneStepProps {
  /** The countries the SMS provider sends to (the picker's options). */
  countries: readonly SmsCountry[];
  /** Preselected country (e.g. `pickDefaultCountry(countries)`); default the first. */
  defaultCountry?: string | undefined;
  /** Pre-fills the field, e.g. when coming back from the code step. */
  defaultPhone?: PhoneValue | undefined;
  isSending?: boolean;
  /** Seconds until a rate limit lets a code be sent again (the countdown under "Continue"). */
  retryInSeconds?: number | undefined;
  /** The flow's last error (e.g. 'Invalid phone number.'), tied to the field. */
  error?: FlowError | undefined;
  onSubmit: (phone: PhoneValue) => void;
}

/** The English of `phone.empty`, said when "Continue" is pressed with nothing typed. */
export const EMPTY_PHONE_MESSAGE = 'Enter your phone number.';

/** The phone step: a country picker, one labelled phone field and "Continue". Presentational. */
export function PhoneStep({ countries, defaultCountry, defaultPhone, isSending = false, error, onSubmit, retryInSeconds }: PhoneStepProps) {
  const t = useMessages();
  const id = useId();
  const [country, setCountry] = useState(defaultPhone?.isoCountryCode ?? defaultCountry ?? countries[0]?.isoCountryCode ?? '');
  const field = useSendCodeField({ defaultValue: defaultPhone?.phoneNumber, isSending, error, emptyMessage: t('phone.empty') });
  return (
    <SendCodeForm
      field={field}
      isSending={isSending}
      retryInSeconds={retryInSeconds}
      onSubmit={() => {
        const phoneNumber = field.take();
        if (phoneNumber !== undefined) onSubmit({ phoneNumber, isoCountryCode: country });
      }}
    >
      <CountrySelect id={`${id}-country`} countries={countries} value={country} onChange={setCountry} disabled={isSending} />
      <label htmlFor={field.inputProps.id} className={label}>
        {t('phone.label')}
      </label>
      <input {...field.inputProps} className={input} type="tel" name="phone" autoComplete="tel-national" inputMode="tel" placeholder={t('phone.placeholder')} />
    </SendCodeForm>
  );
}
