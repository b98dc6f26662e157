import { ErrorMessage } from '../../ErrorMessage.js';
import { button, stack } from '../../styles/shared.css.js';
import type { FlowError } from './FlowError.js';

/** The flow ended in an error it cannot retry by itself (e.g. too many attempts). */
export function FailedStep({ error, onRestart }: { error: FlowError | undefined; onRestart: () => void }) {
  return (
    <div className={stack}>
      <ErrorMessage>{error?.message ?? 'Something went wrong. Please try again.'}</ErrorMessage>
      <button type="button" className={button.secondary} onClick={onRestart}>
        Start over
      </button>
    </div>
  );
}
