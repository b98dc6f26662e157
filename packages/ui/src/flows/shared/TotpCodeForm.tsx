import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, codeInput, label, stack, visuallyHidden } from '../../styles/shared.css.js';
import type { FlowError } from '../shared/FlowError.js';
import { useFieldError } from '../../focus/useFieldError.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface TotpCodeFormProps {
  isVerifying?: boolean;
  error?: FlowError | undefined;
  onSubmit: (code: string) => void;
}

/** The English of `totp.invalid`. */
export const EMPTY_TOTP_MESSAGE = 'Enter the 6-digit code from your authenticator app.';

/** One labelled 6-digit field ("Authentication code") and "Verify". Presentational. */
export function TotpCodeForm({ isVerifying = false, error, onSubmit }: TotpCodeFormProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const id = useId();
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string>();
  const flowError = useFieldError(error);
  const shownError = localError ?? (isVerifying ? undefined : errorText(flowError.error));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isVerifying) return;
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) {
      setLocalError(t('totp.invalid'));
      return;
    }
    onSubmit(value);
  };
  return (
    <form className={stack} noValidate onSubmit={submit} aria-busy={isVerifying}>
      <label htmlFor={`${id}-code`} className={label}>
        {t('totp.label')}
      </label>
      <input
        id={`${id}-code`}
        className={codeInput}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        readOnly={isVerifying}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setLocalError(undefined);
          flowError.dismiss();
        }}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : undefined}
      />
      <ErrorMessage id={`${id}-error`}>{shownError}</ErrorMessage>
      <button type="submit" className={button.primary} aria-disabled={isVerifying ? true : undefined}>
        {isVerifying ? <Spinner /> : null}
        {t('code.verify')}
      </button>
      <p role="status" className={visuallyHidden}>
        {isVerifying ? t('code.checking') : ''}
      </p>
    </form>
  );
}
