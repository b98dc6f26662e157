import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { useFieldError } from '../../focus/useFieldError.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, codeInput, label, mutedText, row, stack, text } from '../../styles/shared.css.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { formatNumber } from '../../messages/format.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { fillParts } from '../../messages/fillParts.js';
import type { FlowError } from './FlowError.js';

export interface CodeStepProps {
  /** Where the code was sent: an e-mail address, or a phone number for the SMS flow. */
  email: string | undefined;
  /** Said when `email` is unknown. Default 'your email' (`code.yourEmail`). */
  fallbackDestination?: string;
  /** The back button's words. Default 'Use a different email' (`code.useDifferentEmail`). */
  backLabel?: string;
  /** Digits in a code. Default 6. */
  length?: number;
  /** The code is being checked. */
  isVerifying?: boolean;
  /** A new code is being sent. */
  isResending?: boolean;
  /** The last error (e.g. 'The code is invalid or expired.'); a new error clears the field. */
  error?: FlowError | undefined;
  /** Called once per complete code: on "Verify", or by itself when the last digit arrives. */
  onSubmit: (code: string) => void;
  onResend: () => void;
  /** Seconds until a rate limit lets a new code be sent: "Resend code" waits, counting down. */
  retryInSeconds?: number | undefined;
  /** Back to the e-mail step. */
  onBack: () => void;
}

/** Keeps the digits of typed or pasted text: `"123 456"`, `"123-456"` → `"123456"`. */
export function codeDigits(value: string, length: number): string {
  return value.replace(/\D/g, '').slice(0, length);
}

/**
 * The code step: one one-time-code field (`autocomplete="one-time-code"`, numeric keyboard) that
 * takes a pasted code whole, submits by itself when complete, plus "Resend code" and "Use a
 * different email". Presentational: props in, callbacks out.
 */
export function CodeStep({
  email,
  fallbackDestination,
  backLabel,
  length = 6,
  isVerifying = false,
  isResending = false,
  retryInSeconds = 0,
  error,
  onSubmit,
  onResend,
  onBack,
}: CodeStepProps) {
  const t = useMessages();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string>();
  const [resentCount, setResentCount] = useState(0);
  const lastSubmitted = useRef<string | undefined>(undefined);
  const busy = isVerifying || isResending;
  // The flow's error is about the code that was sent: typing a new one leaves it behind.
  const flowError = useFieldError(error);
  const shownError = localError ?? (busy ? undefined : errorText(flowError.error));
  const inputId = `${id}-code`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  // A new error from the flow (e.g. a wrong code) clears the field for the next try.
  useEffect(() => {
    if (!error) return;
    setCode('');
    lastSubmitted.current = undefined;
    inputRef.current?.focus();
  }, [error]);

  const submit = (value: string) => {
    if (busy || value.length !== length || lastSubmitted.current === value) return;
    lastSubmitted.current = value;
    onSubmit(value);
  };

  const update = (raw: string) => {
    const digits = codeDigits(raw, length);
    setCode(digits);
    setLocalError(undefined);
    if (digits !== '') flowError.dismiss();
    if (digits !== lastSubmitted.current) lastSubmitted.current = undefined;
    if (digits.length === length) submit(digits);
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    // Handled here, not by the browser: `maxLength` would cut "123 456" to "123 45" before we saw it.
    event.preventDefault();
    update(event.clipboardData.getData('text'));
  };

  const submitForm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (code.length !== length) {
      setLocalError(t('code.enterDigits', { length: formatNumber(length, locale, 0) }));
      return;
    }
    lastSubmitted.current = undefined;
    submit(code);
  };

  const waiting = retryInSeconds > 0;
  const destination = fallbackDestination ?? t('code.yourEmail');
  const resend = () => {
    if (busy || waiting) return;
    setResentCount((count) => count + 1);
    setCode('');
    setLocalError(undefined);
    lastSubmitted.current = undefined;
    onResend();
  };

  const status = isVerifying
    ? t('code.checking')
    : isResending
      ? t('code.sendingNew')
      : resentCount > 0 && !error
        ? t('code.sentNew', { destination: email ?? destination })
        : '';

  return (
    <form className={stack} noValidate onSubmit={submitForm} aria-busy={busy}>
      <p id={hintId} className={text}>
        {fillParts(t('code.sentTo', { length: formatNumber(length, locale, 0) }), { destination: email ? <strong dir="ltr">{email}</strong> : destination })}
      </p>
      <label htmlFor={inputId} className={label}>
        {t('code.label')}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={codeInput}
        type="text"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={length}
        // The step opens in response to the user's own submit, so moving focus here is expected.
        autoFocus
        readOnly={busy}
        value={code}
        onChange={(event) => update(event.target.value)}
        onPaste={paste}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
      />
      <ErrorMessage id={errorId}>{shownError}</ErrorMessage>
      <button type="submit" className={button.primary} aria-disabled={busy ? true : undefined}>
        {isVerifying ? <Spinner /> : null}
        {t('code.verify')}
      </button>
      <div className={row}>
        <button type="button" className={button.quiet} onClick={resend} aria-disabled={busy || waiting ? true : undefined} data-retry-in={waiting ? retryInSeconds : undefined}>
          {waiting ? t('code.resendIn', { seconds: formatNumber(retryInSeconds, locale, 0) }) : t('code.resend')}
        </button>
        <button type="button" className={button.quiet} onClick={onBack}>
          {backLabel ?? t('code.useDifferentEmail')}
        </button>
      </div>
      <p role="status" className={mutedText}>
        {status}
      </p>
    </form>
  );
}
