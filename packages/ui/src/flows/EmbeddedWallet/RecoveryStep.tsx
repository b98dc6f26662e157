import { useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useFieldError } from '../../focus/useFieldError.js';
import { useViewFocus } from '../../focus/useViewFocus.js';
import { Spinner } from '../../Spinner.js';
import { button, input, label, mutedText, stack } from '../../styles/shared.css.js';
import type { FlowError } from '../shared/FlowError.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import * as styles from '../../styles/panel.css.js';

export interface RecoveryStepProps {
  /** The e-mail was sent: ask for the code. */
  awaitingCode: boolean;
  isBusy: boolean;
  error: FlowError | undefined;
  /** The user's e-mail, prefilled in the address field (never in the code field). */
  defaultEmail?: string | undefined;
  onSendCode: (email: string) => void;
  onSubmitCode: (code: string) => void;
}

/** A recovery code is the e-mail's base64url bundle: long, and only letters, digits, `-` and `_`. */
const RECOVERY_CODE = /^[A-Za-z0-9_-]{64,}$/;
/** The English of `embedded.recovery.notACode`. */
export const NOT_A_RECOVERY_CODE = 'Paste the recovery code from the e-mail: a long run of letters and digits.';
/** The English of `email.empty`. */
export const EMPTY_EMAIL = 'Enter your email address.';

/** E-mail recovery: the address, then the recovery code from the e-mail. Presentational; the root carries `data-state`. */
export function RecoveryStep({ awaitingCode, isBusy, error, defaultEmail, onSendCode, onSubmitCode }: RecoveryStepProps) {
  const t = useMessages();
  const { locale, dir } = useLocale();
  const ref = useViewFocus<HTMLDivElement>(awaitingCode ? 'code' : 'email');
  return (
    <div ref={ref} className={stack} dir={dir} lang={locale} data-flow="embedded-wallet-recovery" data-state={awaitingCode ? 'awaitingCode' : 'idle'}>
      <h3 className={styles.heading}>{t('embedded.recovery.heading')}</h3>
      <p className={mutedText}>{awaitingCode ? t('embedded.recovery.codeIntro') : t('embedded.recovery.intro')}</p>
      {awaitingCode ? (
        // Its own field, fresh and empty: the address typed before is not a code.
        <RecoveryField key="code" kind="code" isBusy={isBusy} error={error} onSubmit={onSubmitCode} />
      ) : (
        <RecoveryField key="email" kind="email" defaultValue={defaultEmail} isBusy={isBusy} error={error} onSubmit={onSendCode} />
      )}
    </div>
  );
}

interface RecoveryFieldProps {
  kind: 'email' | 'code';
  defaultValue?: string | undefined;
  isBusy: boolean;
  error: FlowError | undefined;
  onSubmit: (value: string) => void;
}

function RecoveryField({ kind, defaultValue, isBusy, error, onSubmit }: RecoveryFieldProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const id = useId();
  const [value, setValue] = useState(defaultValue ?? '');
  const [localError, setLocalError] = useState<string>();
  const flowError = useFieldError(error);
  const shown = localError ?? (isBusy ? undefined : errorText(flowError.error));
  const isCode = kind === 'code';
  return (
    <form
      className={stack}
      noValidate
      aria-label={t('embedded.recovery.heading')}
      aria-busy={isBusy}
      onSubmit={(event) => {
        event.preventDefault();
        if (isBusy) return;
        const trimmed = value.trim();
        if (isCode && !RECOVERY_CODE.test(trimmed)) return setLocalError(t('embedded.recovery.notACode'));
        if (!isCode && trimmed === '') return setLocalError(t('email.empty'));
        onSubmit(trimmed);
      }}
    >
      <label htmlFor={`${id}-field`} className={label}>
        {isCode ? t('recovery.label') : t('email.label')}
      </label>
      <input
        id={`${id}-field`}
        className={input}
        type={isCode ? 'text' : 'email'}
        autoComplete={isCode ? 'one-time-code' : 'email'}
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setLocalError(undefined);
          flowError.dismiss();
        }}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
      />
      <ErrorMessage id={`${id}-error`}>{shown}</ErrorMessage>
      <button type="submit" className={button.primary} aria-disabled={isBusy ? true : undefined}>
        {isBusy ? <Spinner /> : null}
        {isCode ? t('embedded.recovery.submit') : t('embedded.recovery.send')}
      </button>
    </form>
  );
}
