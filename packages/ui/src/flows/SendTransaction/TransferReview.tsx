import { button, mutedText, row, stack, text } from '../../styles/shared.css.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import * as styles from '../../styles/panel.css.js';
import { fromBaseUnits, shortAddress } from './solanaAmounts.js';
import type { SimulationModel, SolanaBalanceItem, TransferRequestModel } from './SendTransactionModel.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { formatList, formatNumber } from '../../messages/format.js';


export interface TransferReviewProps {
  request: TransferRequestModel;
  /** The token sent (for its symbol and decimals). */
  token: Pick<SolanaBalanceItem, 'symbol' | 'decimals'>;
  /** Network fee in lamports. */
  fee: bigint | undefined;
  /** The product API's simulation (SPEC §3: in/out assets, counterparties, validation). */
  simulation: SimulationModel | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

function assetLines(assets: SimulationModel['outAssets'], locale: string): string[] {
  return assets.flatMap((entry) =>
    entry.transfers.map((transfer) => transfer.summary ?? `${formatNumber(String(transfer.value), locale)} ${entry.asset.symbol}`),
  );
}

/** What will happen before anything is signed: amount, recipient, fee, and the simulation's view of it. */
export function TransferReview({ request, token, fee, simulation, onConfirm, onCancel }: TransferReviewProps) {
  const t = useMessages();
  const { locale } = useLocale();
  const out = simulation ? assetLines(simulation.outAssets, locale) : [];
  const incoming = simulation ? assetLines(simulation.inAssets, locale) : [];
  const warning = simulation?.validation && simulation.validation.result !== 'benign' ? simulation.validation : undefined;
  return (
    <div className={stack} data-step="review">
      <dl className={styles.details}>
        <dt className={styles.term}>{t('wallet.send')}</dt>
        <dd className={styles.definition}>
          {formatNumber(fromBaseUnits(request.amount, token.decimals), locale, token.decimals)} {token.symbol}
        </dd>
        <dt className={styles.term}>{t('send.to')}</dt>
        <dd className={`${styles.definition} ${styles.mono}`} title={request.to} dir="ltr">
          {request.to}
        </dd>
        <dt className={styles.term}>{t('send.fee')}</dt>
        <dd className={styles.definition}>{fee === undefined ? '—' : `${formatNumber(fromBaseUnits(fee, 9), locale)} SOL`}</dd>
        {out.length > 0 ? (
          <>
            <dt className={styles.term}>{t('send.youSend')}</dt>
            <dd className={styles.definition}>{formatList(out, locale, 'unit')}</dd>
          </>
        ) : null}
        {incoming.length > 0 ? (
          <>
            <dt className={styles.term}>{t('send.youReceive')}</dt>
            <dd className={styles.definition}>{formatList(incoming, locale, 'unit')}</dd>
          </>
        ) : null}
        {simulation?.counterparties && simulation.counterparties.length > 0 ? (
          <>
            <dt className={styles.term}>{t('send.counterparties')}</dt>
            <dd className={styles.definition}>{formatList(simulation.counterparties.map(shortAddress), locale, 'unit')}</dd>
          </>
        ) : null}
      </dl>
      {simulation === undefined ? <p className={mutedText}>{t('send.noSimulation')}</p> : null}
      {warning ? <ErrorMessage>{[warning.description, warning.reason].filter(Boolean).join(' ')}</ErrorMessage> : null}
      <div className={row}>
        <button type="button" className={button.secondary} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className={button.primary} onClick={onConfirm}>
          {t('send.confirm')}
        </button>
      </div>
      <p className={`${text} ${mutedText}`}>{t('send.approveHint')}</p>
    </div>
  );
}
