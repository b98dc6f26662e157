import { useState } from 'react';
import type { SolanaBalanceItem, SendFlowModel } from './SendTransactionModel.js';
import { useViewFocus } from '../../focus/useViewFocus.js';
import { stack } from '../../styles/shared.css.js';
import { SendForm } from './SendForm.js';
import * as styles from '../../styles/panel.css.js';
import { TransferReview } from './TransferReview.js';
import { TransferStatus, type TransferStatusProps } from './TransferStatus.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { shortAddress } from './solanaAmounts.js';

export interface SendTransactionViewProps {
  /** `useSendTransaction()` of `@latchkey/headless/react/solana`. */
  flow: SendFlowModel;
  /** `useSolanaBalances().balances`: what can be sent. */
  balances: readonly SolanaBalanceItem[];
  /** Called when the user closes a finished transfer (e.g. to refresh balances). */
  onFinished?: () => void;
}

type TokenShown = Pick<SolanaBalanceItem, 'symbol' | 'decimals'> & { mint?: string | undefined };

const AFTER_CONFIRM = new Set<SendFlowModel['status']>(['signing', 'sending', 'confirming', 'done', 'failed', 'timedOut', 'expired']);
const PENDING = new Set<SendFlowModel['status']>(['signing', 'sending', 'confirming']);

/** Which view shows a status: focus moves when the view changes, not at every step inside one. */
function viewOf(status: SendFlowModel['status']): string {
  if (status === 'review') return 'review';
  if (PENDING.has(status)) return 'pending';
  if (AFTER_CONFIRM.has(status)) return `result:${status}`;
  return 'form';
}

/**
 * The send flow: form → review → pending → confirmed / failed / timed out / expired, with Retry where the network
 * cut a step off. Focus moves to each new view's heading. The root carries `data-state`.
 */
export function SendTransactionView({ flow, balances, onFinished }: SendTransactionViewProps) {
  const t = useMessages();
  const { locale, dir } = useLocale();
  const { status } = flow;
  const view = viewOf(status);
  const ref = useViewFocus<HTMLElement>(view);
  // The token as the form sent it: a refresh (or a network switch) that drops it from the balances does not turn a
  // token's base units into SOL on the review. Unknown otherwise (a request made elsewhere): base units and the mint.
  const [sent, setSent] = useState<TokenShown>();
  const tokenOf = (mint: string | undefined): TokenShown | undefined => balances.find((balance) => (mint ?? null) === (balance.isNative ? null : balance.address));
  const mint = flow.request?.mint;
  const token = (sent?.mint === mint ? sent : undefined) ?? tokenOf(mint) ?? (mint === undefined ? { symbol: 'SOL', decimals: 9 } : { symbol: shortAddress(mint), decimals: 0 });
  const submit = (request: NonNullable<SendFlowModel['request']>) => {
    const chosen = tokenOf(request.mint);
    setSent(chosen && { symbol: chosen.symbol, decimals: chosen.decimals, mint: request.mint });
    flow.prepare(request);
  };
  const retry = flow.canRetry ? () => flow.retry?.() : undefined;
  const finish = () => {
    flow.reset();
    onFinished?.();
  };
  let body;
  if (view === 'review' && flow.request) {
    body = (
      <>
        <h3 className={styles.heading}>{t('send.reviewHeading')}</h3>
        <TransferReview request={flow.request} token={token} fee={flow.fee} simulation={flow.simulation} onConfirm={() => flow.confirm()} onCancel={() => flow.cancel()} />
      </>
    );
  } else if (view !== 'form' && view !== 'review') {
    body = <TransferStatus status={status as TransferStatusProps['status']} signature={flow.signature} error={flow.error} onResign={() => flow.resign()} onRetry={retry} onCancel={() => flow.cancel()} onDone={finish} />;
  } else {
    body = (
      <>
        <h3 className={styles.heading}>{t('wallet.send')}</h3>
        <SendForm balances={balances} busy={flow.isBusy} error={status === 'invalid' ? flow.error : undefined} onRetry={status === 'invalid' ? retry : undefined} onSubmit={submit} />
      </>
    );
  }
  return (
    <section ref={ref} className={stack} aria-label={t('wallet.send')} dir={dir} lang={locale} data-flow="solana-send" data-state={status}>
      {body}
    </section>
  );
}
