import { input, label } from '../../styles/shared.css.js';
import { SendCodeForm, useSendCodeField } from '../shared/SendCodeForm.js';
import type { FlowError } from '../shared/FlowError.js';

export interface EmailStepProps {
  /** Pre-fills the field, e.g. when coming back from the code step. */
  defaultEmail?: string | undefined;
  /** A code is being sent: the form is read-only and says so. */
  isSending?: boolean;
  /** Seconds until a rate limit lets a code be sent again (the countdown under "Continue"). */
  retryInSeconds?: number | undefined;
  /** The last error of the flow, shown under the field (its `message` is the spec's wording). */
  error?: FlowError | undefined;
  /** Called with the trimmed address. */
  onSubmit: (email: string) => void;
}

export const EMPTY_EMAIL_MESSAGE = 'Enter your email address.';

/** The e-mail step: one labelled field and "Continue". Presentational: props in, `onSubmit` out. */
export function EmailStep({ defaultEmail, isSending = false, error, onSubmit, retryInSeconds }: EmailStepProps) {
  const field = useSendCodeField({ defaultValue: defaultEmail, isSending, error, emptyMessage: EMPTY_EMAIL_MESSAGE });
  return (
    <SendCodeForm
      field={field}
      isSending={isSending}
      retryInSeconds={retryInSeconds}
      onSubmit={() => {
        const email = field.take();
        if (email !== undefined) onSubmit(email);
      }}
    >
      <label htmlFor={field.inputProps.id} className={label}>
        Email
      </label>
      <input
        {...field.inputProps}
        className={input}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        required
      />
    </SendCodeForm>
  );
}
