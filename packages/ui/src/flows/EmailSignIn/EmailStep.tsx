import { input, label } from '../../styles/shared.css.js';
import { SendCodeForm, useSendCodeField } from '../shared/SendCodeForm.js';
import type { FlowError } from '../shared/FlowError.js';
import { useMessages } from '../../messages/useMessages.js';

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

/** The English of `email.empty`, said when "Continue" is pressed with nothing typed. */
export const EMPTY_EMAIL_MESSAGE = 'Enter your email address.';

/** The e-mail step: one labelled field and "Continue". Presentational: props in, `onSubmit` out. */
export function EmailStep({ defaultEmail, isSending = false, error, onSubmit, retryInSeconds }: EmailStepProps) {
  const t = useMessages();
  const field = useSendCodeField({ defaultValue: defaultEmail, isSending, error, emptyMessage: t('email.empty') });
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
        {t('email.label')}
      </label>
      <input
        {...field.inputProps}
        className={input}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('email.placeholder')}
        required
      />
    </SendCodeForm>
  );
}
