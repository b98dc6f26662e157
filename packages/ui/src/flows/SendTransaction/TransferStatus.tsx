import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, row, stack, successText, text } from '../../styles/shared.css.js';
import type { FlowError } from '../shared/FlowError.js';
import * as styles from '../../styles/panel.css.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface TransferStatusProps {
  status: 'signing' | 'sending' | 'confirming' | 'done' | 'failed' | 'timedOut' | 'expired';
  signature: string | undefined;
  error: FlowError | undefined;
  onResign: () => void;
  /** Offered when the network cut a step off (`useSendTransaction().canRetry`): the same step again. */
  onRetry?: (() => void) | undefined;
  /** While the wallet is to sign: back to the review, nothing sent (a wallet that never answers is not a dead end). */
  onCancel?: (() => void) | undefined;
  onDone: () => void;
}

const PENDING = { signing: 'send.pending.signing', sending: 'send.pending.sending', confirming: 'send.pending.confirming' } as const;

const isPending = (status: TransferStatusProps['status']): status is keyof typeof PENDING => status in PENDING;

/**
 * After Confirm: pending, confirmed, failed ('Transaction failed', or the network's sentence with Retry), timed out,
 * or expired (offered as re-sign). Its first line is the view's heading for focus (`data-view-heading`).
 */
export function TransferStatus({ status, signature, error, onResign, onRetry, onCancel, onDone }: TransferStatusProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const canRetry = status === 'failed' && onRetry !== undefined;
  return (
    <div className={stack} data-step="status">
      {isPending(status) ? (
        <p role="status" className={text} data-view-heading="">
          <Spinner /> {t(PENDING[status])}
        </p>
      ) : null}
      {status === 'done' ? (
        <p role="status" className={successText} data-view-heading="">
          {t('send.confirmed')}
        </p>
      ) : null}
      {status === 'failed' || status === 'timedOut' ? (
        <div data-view-heading="">
          <ErrorMessage>{errorText(error)}</ErrorMessage>
        </div>
      ) : null}
      {status === 'expired' ? (
        <>
          <div data-view-heading="">
            <ErrorMessage>{errorText(error) ?? t('send.expired')}</ErrorMessage>
          </div>
          <p className={mutedText}>{t('send.expiredHint')}</p>
        </>
      ) : null}
      {signature ? (
        <p className={mutedText}>
          {t('send.signature')} <span className={styles.mono} dir="ltr">{signature}</span>
        </p>
      ) : null}
      {status === 'timedOut' ? <p className={mutedText}>{t('send.timedOutHint')}</p> : null}
      <div className={row}>
        {status === 'expired' ? (
          <button type="button" className={button.primary} onClick={onResign}>
            {t('send.signAgain')}
          </button>
        ) : null}
        {canRetry ? (
          <button type="button" className={button.primary} onClick={onRetry}>
            {t('common.retry')}
          </button>
        ) : null}
        {status === 'signing' && onCancel ? (
          <button type="button" className={button.secondary} onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
        {!isPending(status) ? (
          <button type="button" className={status === 'expired' || canRetry ? button.secondary : button.primary} onClick={onDone}>
            {status === 'done' ? t('common.done') : t('common.close')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
