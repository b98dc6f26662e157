import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, stack, visuallyHidden } from '../../styles/shared.css.js';
import type { FlowError } from './FlowError.js';
import { useFieldError } from '../../focus/useFieldError.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { formatNumber } from '../../messages/format.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { mutedText } from '../../styles/shared.css.js';

export interface SendCodeFieldOptions {
  /** Pre-fills the field, e.g. when coming back from the code step. */
  defaultValue?: string | undefined;
  /** A code is being sent: the field is read-only and the flow's error is not shown. */
  isSending: boolean;
  /**
   * The flow's last error (its `message` is the spec's wording), tied to the field; or, for a field that serves
   * two flows, the error of the flow the text points at.
   */
  error: FlowError | undefined | ((value: string) => FlowError | undefined);
  /** Said under the field when "Continue" is pressed with nothing typed. */
  emptyMessage: string;
}

export interface SendCodeField {
  value: string;
  /** The message under the field: the empty-field one, or the flow's. */
  shownError: string | undefined;
  errorId: string;
  /** Spread on the `<input>`: id, value, read-only while sending, the error's ARIA wiring. */
  inputProps: {
    id: string;
    value: string;
    readOnly: boolean;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
}

/** The one field of a step that sends a code (e-mail, phone, either): its value and the error shown under it. */
export function useSendCodeField({ defaultValue, isSending, error, emptyMessage }: SendCodeFieldOptions): SendCodeField & {
  /** The trimmed value, or `undefined` after saying `emptyMessage` (nothing typed). */
  take(): string | undefined;
} {
  const id = useId();
  const errorText = useErrorText();
  const [value, setValue] = useState(defaultValue ?? '');
  const [localError, setLocalError] = useState<string>();
  // The flow's error is about the value that was sent: it goes once the user edits the field.
  const flowError = useFieldError(typeof error === 'function' ? error(value) : error);
  const shownError = localError ?? (isSending ? undefined : errorText(flowError.error));
  const errorId = `${id}-error`;
  return {
    value,
    shownError,
    errorId,
    inputProps: {
      id: `${id}-field`,
      value,
      readOnly: isSending,
      onChange: (event) => {
        setValue(event.target.value);
        setLocalError(undefined);
        flowError.dismiss();
      },
      'aria-invalid': shownError ? true : undefined,
      'aria-describedby': shownError ? errorId : undefined,
    },
    take: () => {
      const trimmed = value.trim();
      if (trimmed !== '') return trimmed;
      setLocalError(emptyMessage);
      return undefined;
    },
  };
}

export interface SendCodeFormProps {
  field: SendCodeField;
  isSending: boolean;
  /** Called on "Continue" unless a code is already being sent. */
  onSubmit: () => void;
  /** The label, the input (with `field.inputProps`) and anything beside them (a country picker). */
  children: ReactNode;
  /** Which flow the text points at, for styling and tests (`data-channel`). */
  channel?: 'email' | 'sms' | undefined;
  /** Seconds until a rate limit lets a code be sent again: "Continue" waits, with the countdown under it. */
  retryInSeconds?: number | undefined;
  /** The step renders "Continue" itself (`SendCodeSubmit`), e.g. inside its field (`emailSubmitButtonInsideInput`). */
  ownSubmit?: boolean | undefined;
}

/** "Continue": busy while a code is being sent, waiting while a rate limit holds. */
export function SendCodeSubmit({ isSending, waiting, className = button.primary }: { isSending: boolean; waiting: boolean; className?: string }) {
  const t = useMessages();
  return (
    <button type="submit" className={className} aria-disabled={isSending || waiting ? true : undefined}>
      {isSending ? <Spinner /> : null}
      {t('code.continue')}
    </button>
  );
}

/** The frame of a send-code step: the field(s), the error under them, "Continue", a status for screen readers. */
export function SendCodeForm({ field, isSending, onSubmit, children, channel, retryInSeconds = 0, ownSubmit = false }: SendCodeFormProps) {
  const t = useMessages();
  const { locale } = useLocale();
  const waiting = retryInSeconds > 0;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isSending && !waiting) onSubmit();
  };
  return (
    <form className={stack} noValidate onSubmit={submit} aria-busy={isSending} data-channel={channel}>
      {children}
      <ErrorMessage id={field.errorId}>{field.shownError}</ErrorMessage>
      {ownSubmit ? null : <SendCodeSubmit isSending={isSending} waiting={waiting} />}
      {waiting ? (
        <p className={mutedText} data-retry-in={retryInSeconds}>
          {t('code.retryIn', { seconds: formatNumber(retryInSeconds, locale, 0) })}
        </p>
      ) : null}
      <p role="status" className={visuallyHidden}>
        {isSending ? t('code.sending') : ''}
      </p>
    </form>
  );
}
