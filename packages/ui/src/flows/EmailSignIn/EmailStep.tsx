import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, input, label, stack, visuallyHidden } from '../../styles/shared.css.js';
import type { FlowError } from './types.js';

export interface EmailStepProps {
  /** Pre-fills the field, e.g. when coming back from the code step. */
  defaultEmail?: string | undefined;
  /** A code is being sent: the form is read-only and says so. */
  isSending?: boolean;
  /** The last error of the flow, shown under the field (its `message` is the spec's wording). */
  error?: FlowError | undefined;
  /** Called with the trimmed address. */
  onSubmit: (email: string) => void;
}

export const EMPTY_EMAIL_MESSAGE = 'Enter your email address.';

/** The e-mail step: one labelled field and "Continue". Presentational: props in, `onSubmit` out. */
export function EmailStep({ defaultEmail, isSending = false, error, onSubmit }: EmailStepProps) {
  const id = useId();
  const [email, setEmail] = useState(defaultEmail ?? '');
  const [localError, setLocalError] = useState<string>();
  const shownError = localError ?? (isSending ? undefined : error?.message);
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    const value = email.trim();
    if (value === '') {
      setLocalError(EMPTY_EMAIL_MESSAGE);
      return;
    }
    onSubmit(value);
  };

  return (
    <form className={stack} noValidate onSubmit={submit} aria-busy={isSending}>
      <label htmlFor={inputId} className={label}>
        Email
      </label>
      <input
        id={inputId}
        className={input}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        required
        readOnly={isSending}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
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
