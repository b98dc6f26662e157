import type { Ref } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { button, mutedText, stack } from '../../styles/shared.css.js';
import type { FlowError } from '../shared/FlowError.js';
import * as styles from '../../styles/panel.css.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface ExportStepProps {
  /** `idle`: the warning and "Show private key"; `showing`: the custody page is in the container. */
  state: 'idle' | 'showing';
  error: FlowError | undefined;
  onShow: () => void;
  /** Where the custody origin's export page is mounted (`mountExportFrame`); the key never enters this page. */
  frameContainerRef?: Ref<HTMLDivElement>;
}

/** Export screen (`promptForKeyExport`): a warning, then the isolated custody page that shows the key. */
export function ExportStep({ state, error, onShow, frameContainerRef }: ExportStepProps) {
  const t = useMessages();
  const { locale, dir } = useLocale();
  const errorText = useErrorText();
  return (
    <section className={stack} aria-label={t('embedded.export.heading')} dir={dir} lang={locale} data-flow="embedded-wallet-export" data-state={state}>
      <h3 className={styles.heading}>{t('embedded.export.heading')}</h3>
      <p className={mutedText}>{t('embedded.export.warning')}</p>
      {state === 'idle' ? (
        <button type="button" className={button.secondary} onClick={onShow}>
          {t('embedded.export.show')}
        </button>
      ) : null}
      <div ref={frameContainerRef} />
      <ErrorMessage>{errorText(error)}</ErrorMessage>
    </section>
  );
}
