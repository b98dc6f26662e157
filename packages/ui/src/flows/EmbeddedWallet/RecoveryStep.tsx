import { useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, input, label, mutedText, stack } from '../../styles/shared.css.js';
import type { FlowError } from '../EmailSignIn/types.js';

export interface RecoveryStepProps {
  /** The e-mail was sent: ask for the code. */
  awaitingCode: boolean;
  isBusy: boolean;
  error: FlowError | undefined;
  /** The user's e-mail, prefilled. */
  defaultEmail?: string | undefined;
  onSendCode: (email: string) => void;
  onSubmitCode: (code: string) => void;
}

/** E-mail recovery: the address, then the recovery code from the e-mail. Presentational. */
export function RecoveryStep({ awaitingCode, isBusy, error, defaultEmail, onSendCode, onSubmitCode }: RecoveryStepProps) {
  const fieldId = useId();
  const [value, setValue] = useState(awaitingCode ? '' : (defaultEmail ?? ''));
  return (
    <form
      className={stack}
      aria-label="Recover your wallet"
      data-flow="embedded-wallet-recovery"
      data-state={awaitingCode ? 'awaitingCode' : 'idle'}
      onSubmit={(event) => {
        event.preventDefault();
        if (isBusy || value.trim() === '') return;
        if (awaitingCode) onSubmitCode(value.trim());
        else onSendCode(value.trim());
      }}
    >
      <p className={mutedText}>{awaitingCode ? 'Paste the recovery code we e-mailed you. It works once, within 15 minutes.' : 'We will e-mail you a recovery code.'}</p>
      <label htmlFor={fieldId} className={label}>
        {awaitingCode ? 'Recovery code' : 'Email'}
      </label>
      <input
        id={fieldId}
        key={awaitingCode ? 'code' : 'email'}
        className={input}
        type={awaitingCode ? 'text' : 'email'}
        autoComplete={awaitingCode ? 'one-time-code' : 'email'}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <button type="submit" className={button.primary} aria-disabled={isBusy ? true : undefined}>
        {isBusy ? <Spinner /> : null}
        {awaitingCode ? 'Recover wallet' : 'Send recovery code'}
      </button>
      <ErrorMessage>{isBusy ? undefined : error?.message}</ErrorMessage>
    </form>
  );
}
