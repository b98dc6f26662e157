import { useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, row, stack, visuallyHidden } from '../../styles/shared.css.js';
import type { FlowError } from './FlowError.js';
import * as styles from './mfa.css.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface RecoveryCodesProps {
  /** The codes, shown this once. */
  codes: readonly string[];
  /** The user confirmed they saved the codes (the kit records it: `acknowledgeRecoveryCodes()` of `useMfaEnrolment()` or `useMfaDevices()`). */
  onAcknowledge: () => void;
  /** The acknowledgement is being recorded. */
  isSaving?: boolean | undefined;
  /** Why recording it failed (e.g. `mfa_invalid_request`). */
  error?: FlowError | undefined;
}

/**
 * The recovery codes, shown once: copy, download as a text file, and an "I have saved these codes"
 * checkbox that must be ticked before "Done", which records the acknowledgement. Presentational.
 */
export function RecoveryCodes({ codes, onAcknowledge, isSaving = false, error }: RecoveryCodesProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const headingId = useId();
  const checkboxId = useId();
  const [saved, setSaved] = useState(false);
  const [status, setStatus] = useState('');
  const text = `${codes.join('\n')}\n`;
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setStatus(t('recoveryCodes.copied')),
      () => setStatus(t('recoveryCodes.copyFailed')),
    );
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setStatus(t('recoveryCodes.downloaded'));
  };
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="recovery-codes" data-state={isSaving ? 'saving' : error ? 'failed' : saved ? 'saved' : 'shown'}>
      <h2 id={headingId} className={styles.heading}>
        {t('recoveryCodes.heading')}
      </h2>
      <p className={mutedText}>{t('recoveryCodes.intro')}</p>
      <ul className={styles.codes} aria-label={t('recoveryCodes.heading')} dir="ltr">
        {codes.map((code) => (
          <li key={code} className={styles.secret}>
            {code}
          </li>
        ))}
      </ul>
      <div className={row}>
        <button type="button" className={button.secondary} onClick={copy}>
          {t('recoveryCodes.copy')}
        </button>
        <button type="button" className={button.secondary} onClick={download}>
          {t('recoveryCodes.download')}
        </button>
      </div>
      <label htmlFor={checkboxId} className={styles.checkboxLabel}>
        <input id={checkboxId} type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        {t('recoveryCodes.saved')}
      </label>
      <ErrorMessage>{isSaving ? undefined : errorText(error)}</ErrorMessage>
      <button
        type="button"
        className={button.primary}
        aria-disabled={saved && !isSaving ? undefined : true}
        onClick={() => {
          if (saved && !isSaving) onAcknowledge();
        }}
      >
        {isSaving ? <Spinner /> : null}
        {t('common.done')}
      </button>
      <p role="status" className={visuallyHidden}>
        {status}
      </p>
    </section>
  );
}
