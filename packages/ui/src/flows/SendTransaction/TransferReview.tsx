import { button, mutedText, row, stack, text } from '../../styles/shared.css.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import * as styles from '../../styles/panel.css.js';
import { fromBaseUnits, shortAddress } from './solanaAmounts.js';
import type { SimulationModel, SolanaBalanceItem, TransferRequestModel } from './SendTransactionModel.js';

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

function assetLines(assets: SimulationModel['outAssets']): string[] {
  return assets.flatMap((entry) => entry.transfers.map((transfer) => transfer.summary ?? `${transfer.value} ${entry.asset.symbol}`));
}

/** What will happen before anything is signed: amount, recipient, fee, and the simulation's view of it. */
export function TransferReview({ request, token, fee, simulation, onConfirm, onCancel }: TransferReviewProps) {
  const out = simulation ? assetLines(simulation.outAssets) : [];
  const incoming = simulation ? assetLines(simulation.inAssets) : [];
  const warning = simulation?.validation && simulation.validation.result !== 'benign' ? simulation.validation : undefined;
  return (
    <div className={stack} data-step="review">
      <dl className={styles.details}>
        <dt className={styles.term}>Send</dt>
        <dd className={styles.definition}>
          {fromBaseUnits(request.amount, token.decimals)} {token.symbol}
        </dd>
        <dt className={styles.term}>To</dt>
        <dd className={`${styles.definition} ${styles.mono}`} title={request.to}>
          {request.to}
        </dd>
        <dt className={styles.term}>Network fee</dt>
        <dd className={styles.definition}>{fee === undefined ? '—' : `${fromBaseUnits(fee, 9)} SOL`}</dd>
        {out.length > 0 ? (
          <>
            <dt className={styles.term}>You send</dt>
            <dd className={styles.definition}>{out.join(', ')}</dd>
          </>
        ) : null}
        {incoming.length > 0 ? (
          <>
            <dt className={styles.term}>You receive</dt>
            <dd className={styles.definition}>{incoming.join(', ')}</dd>
          </>
        ) : null}
        {simulation?.counterparties && simulation.counterparties.length > 0 ? (
          <>
            <dt className={styles.term}>Counterparties</dt>
            <dd className={styles.definition}>{simulation.counterparties.map(shortAddress).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      {simulation === undefined ? <p className={mutedText}>No simulation is available for this transfer.</p> : null}
      {warning ? <ErrorMessage>{[warning.description, warning.reason].filter(Boolean).join(' ')}</ErrorMessage> : null}
      <div className={row}>
        <button type="button" className={button.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={button.primary} onClick={onConfirm}>
          Confirm and sign
        </button>
      </div>
      <p className={`${text} ${mutedText}`}>Your wallet will ask you to approve the transaction.</p>
    </div>
  );
}
