import { ErrorMessage } from '../../ErrorMessage.js';
import { button, stack } from '../../styles/shared.css.js';
import type { FlowError } from './FlowError.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { useMessages } from '../../messages/useMessages.js';

/** The flow ended in an error it cannot retry by itself (e.g. too many attempts). */
export function FailedStep({ error, onRestart }: { error: FlowError | undefined; onRestart: () => void }) {
  const t = useMessages();
  const errorText = useErrorText();
  return (
    <div className={stack}>
      <ErrorMessage>{errorText(error) ?? t('failed.generic')}</ErrorMessage>
      <button type="button" className={button.secondary} onClick={onRestart}>
        {t('failed.startOver')}
      </button>
    </div>
  );
}
