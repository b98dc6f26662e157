import { useId, useState, type ReactNode } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { button, input, label, mutedText, text } from '../../styles/shared.css.js';
import type { FlowError } from '../shared/FlowError.js';
import * as styles from './Profile.css.js';

/** The word the user types to confirm (the wire's `confirmation`). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export interface DeleteAccountStepProps {
  /** `deleting` while the request runs, `confirming` while it waits for a second factor, `deleted` once the account is gone. */
  status: 'idle' | 'deleting' | 'confirming' | 'deleted';
  /** Why the last attempt failed (the server's sentence). */
  error?: FlowError | undefined;
  /** "Confirm it's you" while the deletion waits for a second factor (`useDeleteAccount().stepUp`): under the field, instead of the buttons and the error. */
  stepUp?: ReactNode;
  defaultOpen?: boolean;
  onDelete: (confirmation: string) => void;
}

/**
 * "Delete account…" behind a disclosure: a warning, a field where the user types DELETE, and the destructive button,
 * enabled only once the word matches. With MFA on, the server may want a second factor first: `stepUp` shows then.
 */
export function DeleteAccountStep({ status, error, stepUp, defaultOpen = false, onDelete }: DeleteAccountStepProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [typed, setTyped] = useState('');
  if (status === 'deleted') {
    return (
      <p role="status" className={text} data-state="deleted">
        {t('profile.delete.done')}
      </p>
    );
  }
  const matches = typed.trim() === DELETE_CONFIRMATION_WORD;
  const busy = status !== 'idle';
  return (
    <section className={styles.dangerZone} aria-labelledby={`${id}-heading`} data-section="delete-account" data-state={open ? status : 'closed'}>
      <h3 id={`${id}-heading`} className={label}>
        {t('profile.delete.heading')}
      </h3>
      {open ? (
        <>
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              if (matches) onDelete(DELETE_CONFIRMATION_WORD);
            }}
          >
            <p className={mutedText}>{t('profile.delete.warning')}</p>
            <label htmlFor={`${id}-confirm`} className={label}>
              {t('profile.delete.confirmLabel', { word: DELETE_CONFIRMATION_WORD })}
            </label>
            <input
              id={`${id}-confirm`}
              className={input}
              autoComplete="off"
              spellCheck={false}
              value={typed}
              disabled={busy}
              onChange={(event) => setTyped(event.target.value)}
            />
            {/* The prompt's own forms cannot sit inside this one: it follows the form. */}
            {stepUp ? null : (
              <>
                <ErrorMessage>{errorText(error)}</ErrorMessage>
                <div className={styles.actions}>
                  <button type="submit" className={`${button.secondary} ${styles.dangerButton}`} disabled={!matches || busy}>
                    {status === 'deleting' ? t('profile.delete.deleting') : t('profile.delete.submit')}
                  </button>
                  <button
                    type="button"
                    className={button.quiet}
                    onClick={() => {
                      setOpen(false);
                      setTyped('');
                    }}
                  >
                    {t('profile.delete.cancel')}
                  </button>
                </div>
              </>
            )}
          </form>
          {stepUp}
        </>
      ) : (
        <div>
          <button type="button" className={`${button.secondary} ${styles.dangerButton}`} onClick={() => setOpen(true)}>
            {t('profile.delete.open')}
          </button>
        </div>
      )}
    </section>
  );
}
