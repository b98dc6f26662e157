import { stack } from '../../styles/shared.css.js';
import { SendForm } from './SendForm.js';
import { TransferReview } from './TransferReview.js';
import { TransferStatus } from './TransferStatus.js';
import type { SendFlowModel, SolanaBalanceItem } from './types.js';

export interface SolanaSendProps {
  /** `useSendTransaction()` of `@latchkey/headless/react/solana`. */
  flow: SendFlowModel;
  /** `useSolanaBalances().balances`: what can be sent. */
  balances: readonly SolanaBalanceItem[];
  /** Called when the user closes a finished transfer (e.g. to refresh balances). */
  onFinished?: () => void;
}

/** The send flow: form → review → pending → confirmed / failed / timed out / expired. The root carries `data-state`. */
export function SolanaSend({ flow, balances, onFinished }: SolanaSendProps) {
  const { status } = flow;
  const token = balances.find((balance) => (flow.request?.mint ?? null) === (balance.isNative ? null : balance.address)) ?? { symbol: 'SOL', decimals: 9 };
  const finish = () => {
    flow.reset();
    onFinished?.();
  };
  let body;
  if (status === 'review' && flow.request) {
    body = <TransferReview request={flow.request} token={token} fee={flow.fee} simulation={flow.simulation} onConfirm={() => flow.confirm()} onCancel={() => flow.cancel()} />;
  } else if (status === 'sending' || status === 'confirming' || status === 'done' || status === 'failed' || status === 'timedOut' || status === 'expired') {
    body = <TransferStatus status={status} signature={flow.signature} error={flow.error} onResign={() => flow.resign()} onDone={finish} />;
  } else {
    body = <SendForm balances={balances} busy={flow.isBusy} error={status === 'invalid' ? flow.error : undefined} onSubmit={(request) => flow.prepare(request)} />;
  }
  return (
    <section className={stack} aria-label="Send" data-flow="solana-send" data-state={status}>
      {body}
    </section>
  );
}
