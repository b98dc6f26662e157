import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, row, stack, successText, text } from '../../styles/shared.css.js';
import type { FlowError } from '../EmailSignIn/types.js';
import * as styles from './Solana.css.js';

export interface TransferStatusProps {
  status: 'sending' | 'confirming' | 'done' | 'failed' | 'timedOut' | 'expired';
  signature: string | undefined;
  error: FlowError | undefined;
  onResign: () => void;
  onDone: () => void;
}

const PENDING = { sending: 'Waiting for your wallet and sending…', confirming: 'Waiting for confirmation…' } as const;

/** After Confirm: pending, confirmed, failed ('Transaction failed'), timed out, or expired (offered as re-sign). */
export function TransferStatus({ status, signature, error, onResign, onDone }: TransferStatusProps) {
  return (
    <div className={stack} data-step="status">
      {status === 'sending' || status === 'confirming' ? (
        <p role="status" className={text}>
          <Spinner /> {PENDING[status]}
        </p>
      ) : null}
      {status === 'done' ? (
        <p role="status" className={successText}>
          Transfer confirmed.
        </p>
      ) : null}
      {status === 'failed' || status === 'timedOut' ? <ErrorMessage>{error?.message}</ErrorMessage> : null}
      {status === 'expired' ? (
        <>
          <ErrorMessage>{error?.message ?? 'The transaction expired before it was confirmed.'}</ErrorMessage>
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
        {status !== 'sending' && status !== 'confirming' ? (
          <button type="button" className={status === 'expired' ? button.secondary : button.primary} onClick={onDone}>
            {status === 'done' ? 'Done' : 'Close'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
