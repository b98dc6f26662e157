import { useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, row, stack, visuallyHidden } from '../../styles/shared.css.js';
import type { FlowError } from '../shared/FlowError.js';
import * as styles from './TotpEnrolment.css.js';

export interface RecoveryCodesProps {
  /** The codes, shown this once. */
  codes: readonly string[];
  /** The user confirmed they saved the codes (the kit records it: `useMfa().acknowledgeRecoveryCodes`). */
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
  const headingId = useId();
  const checkboxId = useId();
  const [saved, setSaved] = useState(false);
  const [status, setStatus] = useState('');
  const text = `${codes.join('\n')}\n`;
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setStatus('Codes copied.'),
      () => setStatus('The codes could not be copied.'),
    );
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setStatus('Codes downloaded.');
  };
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="recovery-codes" data-state={isSaving ? 'saving' : error ? 'failed' : saved ? 'saved' : 'shown'}>
      <h2 id={headingId} className={styles.heading}>
        Recovery codes
      </h2>
      <p className={mutedText}>Each code signs you in once if you lose your authenticator app. They are shown only now: keep them somewhere safe.</p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className={styles.secret}>
            {code}
          </li>
        ))}
      </ul>
      <div className={row}>
        <button type="button" className={button.secondary} onClick={copy}>
          Copy
        </button>
        <button type="button" className={button.secondary} onClick={download}>
          Download
        </button>
      </div>
      <label htmlFor={checkboxId} className={styles.checkboxLabel}>
        <input id={checkboxId} type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        I have saved these codes
      </label>
      <ErrorMessage>{isSaving ? undefined : error?.message}</ErrorMessage>
      <button
        type="button"
        className={button.primary}
        aria-disabled={saved && !isSaving ? undefined : true}
        onClick={() => {
          if (saved && !isSaving) onAcknowledge();
        }}
      >
        {isSaving ? <Spinner /> : null}
        Done
      </button>
      <p role="status" className={visuallyHidden}>
        {status}
      </p>
    </section>
  );
}
