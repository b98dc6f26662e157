import type { PasskeyManagerFlowModel } from './PasskeyManagerModel.js';
import { useEffect, useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Loading } from '../../Loading.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, row, stack, text, visuallyHidden } from '../../styles/shared.css.js';
import { StepUpPrompt } from '../MfaDevices/StepUpPrompt.js';
import { RenameForm } from '../shared/RenameForm.js';
import * as styles from './PasskeyManager.css.js';
import { PasskeyIcon } from '../shared/PasskeyIcon.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { formatDate } from '../../messages/format.js';


type PasskeyItem = NonNullable<PasskeyManagerFlowModel['passkeys']>[number];

export interface PasskeyManagerViewProps {
  flow: PasskeyManagerFlowModel;
  /** Loads the list when shown (default true). */
  loadOnMount?: boolean;
}

const STORAGE_LABEL = { platform: 'passkeys.storage.platform', 'cross-platform': 'passkeys.storage.crossPlatform' } as const;

/**
 * The signed-in user's passkeys: the list (name, where it is kept, when added), "Add a passkey",
 * and rename / remove for each; `registering` shows the prompt's Cancel; a removal the server refused until a second
 * factor shows "Confirm it's you" (`StepUpPrompt`) under the list. Presentational over
 * `usePasskeyManager()`; the root carries `data-state`.
 */
export function PasskeyManagerView({ flow, loadOnMount = true }: PasskeyManagerViewProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const { locale, dir } = useLocale();
  const passkeyName = (passkey: PasskeyItem) => passkey.alias?.trim() || t('mfaDevices.passkey');
  const headingId = useId();
  const [editing, setEditing] = useState<string>();
  useEffect(() => {
    if (loadOnMount && flow.passkeys === undefined && !flow.isBusy) flow.load();
    // Once, when shown.
  }, []);

  const busy = flow.isBusy;
  const list = flow.passkeys;
  return (
    <section className={stack} dir={dir} lang={locale} aria-labelledby={headingId} data-flow="passkeys" data-state={flow.status}>
      <h2 id={headingId} className={styles.heading}>
        {t('passkeys.heading')}
      </h2>
      {list === undefined ? (
        flow.status === 'loading' ? (
          <Loading label={t('passkeys.loading')} />
        ) : null
      ) : list.length === 0 ? (
        <p className={mutedText}>{t('passkeys.none')}</p>
      ) : (
        <ul className={styles.list}>
          {list.map((passkey) => (
            <li key={passkey.id} className={styles.item}>
              {editing === passkey.id ? (
                <RenameForm
                  label={t('passkeys.name')}
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
                      {passkey.storage ? `${t(STORAGE_LABEL[passkey.storage])} · ` : ''}
                      {t('passkeys.added', { date: formatDate(passkey.createdAt, locale) })}
                    </p>
                  </div>
                  <div className={styles.actions}>
                    <button type="button" className={button.quiet} aria-label={t('passkeys.renameNamed', { name: passkeyName(passkey) })} onClick={() => setEditing(passkey.id)}>
                      {t('mfaDevices.rename')}
                    </button>
                    <button
                      type="button"
                      className={button.quiet}
                      aria-label={t('passkeys.removeNamed', { name: passkeyName(passkey) })}
                      aria-disabled={busy ? true : undefined}
                      onClick={() => {
                        if (!busy) flow.remove(passkey.id);
                      }}
                    >
                      {t('passkeys.remove')}
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {flow.stepUp ? <StepUpPrompt flow={flow.stepUp} /> : <ErrorMessage>{busy ? undefined : errorText(flow.error)}</ErrorMessage>}
      <button
        type="button"
        className={button.secondary}
        aria-disabled={busy ? true : undefined}
        onClick={() => {
          if (!busy) flow.register();
        }}
      >
        {flow.status === 'registering' ? <Spinner /> : <PasskeyIcon />}
        {t('passkeys.add')}
      </button>
      {flow.status === 'registering' ? (
        <button type="button" className={button.quiet} onClick={() => flow.cancel()}>
          {t('common.cancel')}
        </button>
      ) : null}
      <p role="status" className={visuallyHidden}>
        {flow.status === 'registering' ? t('passkeys.waiting') : flow.registered && flow.status === 'idle' ? t('passkeys.addedStatus') : ''}
      </p>
    </section>
  );
}
