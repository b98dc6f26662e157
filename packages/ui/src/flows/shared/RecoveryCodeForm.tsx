import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useFieldError } from '../../focus/useFieldError.js';
import { button, input, label, stack } from '../../styles/shared.css.js';
import type { FlowError } from './FlowError.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface RecoveryCodeFormProps {
  isVerifying: boolean;
  error: FlowError | undefined;
  onSubmit: (code: string) => void;
}

/** One labelled field ("Recovery code") and "Verify"; a code not shaped like `7kq2-m9xd` is refused locally. Presentational. */
export function RecoveryCodeForm({ isVerifying, error, onSubmit }: RecoveryCodeFormProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const id = useId();
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string>();
  const flowError = useFieldError(error);
  const shown = localError ?? (isVerifying ? undefined : errorText(flowError.error));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isVerifying) return;
    const value = code.trim();
    if (!/^[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(value)) {
      setLocalError(t('recovery.invalidShape'));
      return;
    }
    onSubmit(value);
  };
  return (
    <form className={stack} noValidate onSubmit={submit} aria-busy={isVerifying}>
      <label htmlFor={`${id}-code`} className={label}>
        {t('recovery.label')}
      </label>
      <input
        id={`${id}-code`}
        className={input}
        name="recoveryCode"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setLocalError(undefined);
          flowError.dismiss();
        }}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
      />
      <ErrorMessage id={`${id}-error`}>{shown}</ErrorMessage>
      <button type="submit" className={button.primary} aria-disabled={isVerifying ? true : undefined}>
        {t('code.verify')}
      </button>
    </form>
  );
}
