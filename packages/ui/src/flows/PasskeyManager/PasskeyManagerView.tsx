import type { PasskeyManagerFlowModel } from './PasskeyManagerModel.js';
import { useEffect, useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, row, stack, text, visuallyHidden } from '../../styles/shared.css.js';
import { RenameForm } from '../shared/RenameForm.js';
import * as styles from './PasskeyManager.css.js';
import { PasskeyIcon } from '../shared/PasskeyIcon.js';

type PasskeyItem = NonNullable<PasskeyManagerFlowModel['passkeys']>[number];

export interface PasskeyManagerViewProps {
  flow: PasskeyManagerFlowModel;
  /** Loads the list when shown (default true). */
  loadOnMount?: boolean;
}

const STORAGE_LABEL = { platform: 'This device', 'cross-platform': 'Security key' } as const;

function passkeyName(passkey: PasskeyItem): string {
  return passkey.alias?.trim() || 'Passkey';
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 10);
}

/**
 * The signed-in user's passkeys: the list (name, where it is kept, when added), "Add a passkey",
 * and rename / remove for each; `registering` shows the prompt's Cancel. Presentational over
 * `usePasskeyManager()`; the root carries `data-state`.
 */
export function PasskeyManagerView({ flow, loadOnMount = true }: PasskeyManagerViewProps) {
  const headingId = useId();
  const [editing, setEditing] = useState<string>();
  useEffect(() => {
    if (loadOnMount && flow.passkeys === undefined && !flow.isBusy) flow.load();
    // Once, when shown.
  }, []);

  const busy = flow.isBusy;
  const list = flow.passkeys;
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="passkeys" data-state={flow.status}>
      <h2 id={headingId} className={styles.heading}>
        Passkeys
      </h2>
      {list === undefined ? (
        flow.status === 'loading' ? (
          <p className={mutedText}>
            <Spinner /> Loading passkeys…
          </p>
        ) : null
      ) : list.length === 0 ? (
        <p className={mutedText}>No passkeys yet. Add one to sign in without a code.</p>
      ) : (
        <ul className={styles.list}>
          {list.map((passkey) => (
            <li key={passkey.id} className={styles.item}>
              {editing === passkey.id ? (
                <RenameForm
                  label="Passkey name"
                  maxLength={64}
                  autoFocus
                  initial={passkey.alias ?? ''}
                  onCancel={() => setEditing(undefined)}
                  onSave={(alias) => {
                    flow.rename(passkey.id, alias);
                    setEditing(undefined);
                  }}
                />
              ) : (
                <div className={row}>
                  <div>
                    <p className={`${text} ${styles.name}`}>{passkeyName(passkey)}</p>
                    <p className={mutedText}>
                      {passkey.storage ? `${STORAGE_LABEL[passkey.storage]} · ` : ''}
                      Added {formatDate(passkey.createdAt)}
                    </p>
                  </div>
                  <div className={styles.actions}>
                    <button type="button" className={button.quiet} aria-label={`Rename ${passkeyName(passkey)}`} onClick={() => setEditing(passkey.id)}>
                      Rename
                    </button>
                    <button
                      type="button"
                      className={button.quiet}
                      aria-label={`Remove ${passkeyName(passkey)}`}
                      aria-disabled={busy ? true : undefined}
                      onClick={() => {
                        if (!busy) flow.remove(passkey.id);
                      }}
                    >
                      Remove
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ErrorMessage>{busy ? undefined : flow.error?.message}</ErrorMessage>
      <button
        type="button"
        className={button.secondary}
        aria-disabled={busy ? true : undefined}
        onClick={() => {
          if (!busy) flow.register();
        }}
      >
        {flow.status === 'registering' ? <Spinner /> : <PasskeyIcon />}
        Add a passkey
      </button>
      {flow.status === 'registering' ? (
        <button type="button" className={button.quiet} onClick={() => flow.cancel()}>
          Cancel
        </button>
      ) : null}
      <p role="status" className={visuallyHidden}>
        {flow.status === 'registering' ? 'Waiting for your passkey…' : flow.registered && flow.status === 'idle' ? 'Passkey added.' : ''}
      </p>
    </section>
  );
}
