import { useId, type Ref } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { button, mutedText, stack } from '../../styles/shared.css.js';
import * as styles from '../../styles/panel.css.js';
import type { FlowError } from '../shared/FlowError.js';

export interface MpcExportStepProps {
  /** `idle`: the warning and "Show private key"; `showing`: the custody origin's frame is in the container. */
  state: 'idle' | 'showing';
  error: FlowError | undefined;
  onShow: () => void;
  /** Where the isolated export frame is mounted; the key and the shares never enter this page. */
  frameContainerRef?: Ref<HTMLDivElement>;
}

export function MpcExportStep({ state, error, onShow, frameContainerRef }: MpcExportStepProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const headingId = useId();
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="mpc-wallet-export" data-state={state}>
      <h3 id={headingId} className={styles.heading}>
        {t('mpc.export.heading')}
      </h3>
      <p className={mutedText}>{t('mpc.export.warning')}</p>
      {state === 'idle' ? (
        <button type="button" className={button.secondary} onClick={onShow}>
          {t('mpc.export.show')}
        </button>
      ) : null}
      <div ref={frameContainerRef} />
      <ErrorMessage>{errorText(error)}</ErrorMessage>
    </section>
  );
}
