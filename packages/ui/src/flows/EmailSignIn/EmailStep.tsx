import { input, label } from '../../styles/shared.css.js';
import { SendCodeForm, SendCodeSubmit, useSendCodeField } from '../shared/SendCodeForm.js';
import * as styles from './EmailStep.css.js';
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
  /** Design setting `modal.emailSubmitButtonInsideInput`: "Continue" sits inside the field, at its end. */
  submitInsideInput?: boolean | undefined;
}

/** The English of `email.empty`, said when "Continue" is pressed with nothing typed. */
export const EMPTY_EMAIL_MESSAGE = 'Enter your email address.';

/** The e-mail step: one labelled field and "Continue". Presentational: props in, `onSubmit` out. */
export function EmailStep({ defaultEmail, isSending = false, error, onSubmit, retryInSeconds, submitInsideInput = false }: EmailStepProps) {
  const t = useMessages();
  const field = useSendCodeField({ defaultValue: defaultEmail, isSending, error, emptyMessage: t('email.empty') });
  const emailInput = (
    <input
      {...field.inputProps}
      className={submitInsideInput ? `${input} ${styles.inputBesideSubmit}` : input}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t('email.placeholder')}
      required
    />
  );
  return (
    <SendCodeForm
      field={field}
      isSending={isSending}
      retryInSeconds={retryInSeconds}
      ownSubmit={submitInsideInput}
      onSubmit={() => {
        const email = field.take();
        if (email !== undefined) onSubmit(email);
      }}
    >
      <label htmlFor={field.inputProps.id} className={label}>
        {t('email.label')}
      </label>
      {submitInsideInput ? (
        <div className={styles.inlineField} data-submit-inside="">
          {emailInput}
          <SendCodeSubmit isSending={isSending} waiting={(retryInSeconds ?? 0) > 0} className={styles.insideSubmit} />
        </div>
      ) : (
        emailInput
      )}
    </SendCodeForm>
  );
}
