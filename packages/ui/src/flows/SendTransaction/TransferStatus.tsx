import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, row, stack, successText, text } from '../../styles/shared.css.js';
import type { FlowError } from '../shared/FlowError.js';
import * as styles from '../../styles/panel.css.js';

export interface TransferStatusProps {
  status: 'signing' | 'sending' | 'confirming' | 'done' | 'failed' | 'timedOut' | 'expired';
  signature: string | undefined;
  error: FlowError | undefined;
  onResign: () => void;
  /** Offered when the network cut a step off (`useSendTransaction().canRetry`): the same step again. */
  onRetry?: (() => void) | undefined;
  onDone: () => void;
}

const PENDING = { signing: 'Waiting for your wallet…', sending: 'Sending…', confirming: 'Waiting for confirmation…' } as const;

const isPending = (status: TransferStatusProps['status']): status is keyof typeof PENDING => status in PENDING;

/**
 * After Confirm: pending, confirmed, failed ('Transaction failed', or the network's sentence with Retry), timed out,
 * or expired (offered as re-sign). Its first line is the view's heading for focus (`data-view-heading`).
 */
export function TransferStatus({ status, signature, error, onResign, onRetry, onDone }: TransferStatusProps) {
  const canRetry = status === 'failed' && onRetry !== undefined;
  return (
    <div className={stack} data-step="status">
      {isPending(status) ? (
        <p role="status" className={text} data-view-heading="">
          <Spinner /> {PENDING[status]}
        </p>
      ) : null}
      {status === 'done' ? (
        <p role="status" className={successText} data-view-heading="">
          Transfer confirmed.
        </p>
      ) : null}
      {status === 'failed' || status === 'timedOut' ? (
        <div data-view-heading="">
          <ErrorMessage>{error?.message}</ErrorMessage>
        </div>
      ) : null}
      {status === 'expired' ? (
        <>
          <div data-view-heading="">
            <ErrorMessage>{error?.message ?? 'The transaction expired before it was confirmed.'}</ErrorMessage>
          </div>
          <p className={mutedText}>Nothing was sent. Sign again with a fresh blockhash to retry.</p>
        </>
      ) : null}
      {signature ? (
        <p className={mutedText}>
          Signature: <span className={styles.mono}>{signature}</span>
        </p>
      ) : null}
      {status === 'timedOut' ? <p className={mutedText}>It may still land: check the signature before sending again.</p> : null}
      <div className={row}>
        {status === 'expired' ? (
          <button type="button" className={button.primary} onClick={onResign}>
            Sign again
          </button>
        ) : null}
        {canRetry ? (
          <button type="button" className={button.primary} onClick={onRetry}>
            Retry
          </button>
        ) : null}
        {!isPending(status) ? (
          <button type="button" className={status === 'expired' || canRetry ? button.secondary : button.primary} onClick={onDone}>
            {status === 'done' ? 'Done' : 'Close'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
