import { useId } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import type { FlowError } from '../../flows/shared/FlowError.js';
import { formatDateTime, formatNumber } from '../../messages/format.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, row, stack } from '../../styles/shared.css.js';
import * as panel from '../../styles/panel.css.js';
import { shortAddress } from '../UserMenu/accountName.js';
import * as styles from './ActivityView.css.js';

/** One transfer as the Activity screen draws it (`SolanaActivityItem` of `@latchkey/headless/solana`, plus its link). */
export interface ActivityItem {
  signature: string;
  status: 'confirmed' | 'finalized' | 'failed';
  direction: 'in' | 'out' | 'self';
  symbol: string;
  /** Without sign, by the amount rule. */
  amount: string;
  counterparty?: string | undefined;
  time?: Date | undefined;
  /** The network's block explorer page of the transaction, when one is configured. */
  explorerUrl?: string | undefined;
}

export interface ActivityViewProps {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Newest first. */
  items: readonly ActivityItem[];
  error?: FlowError | undefined;
  onRefresh?: (() => void) | undefined;
}

/** Activity: the wallet's recent transfers (what moved, with whom, when, status, explorer link), or why there are none. Presentational. */
export function ActivityView({ status, items, error, onRefresh }: ActivityViewProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const headingId = useId();
  const loading = status === 'loading' || status === 'idle';
  return (
    <section className={stack} aria-labelledby={headingId} aria-busy={loading} data-flow="activity" data-state={status}>
      <div className={row}>
        <h3 id={headingId} className={panel.heading} data-view-heading="">
          {t('activity.heading')}
        </h3>
        {onRefresh && status !== 'failed' ? (
          <button type="button" className={button.quiet} onClick={onRefresh} aria-disabled={loading}>
            {t('activity.refresh')}
          </button>
        ) : null}
      </div>
      {loading && items.length === 0 ? (
        <p className={mutedText} role="status" style={{ margin: 0 }}>
          <Spinner /> {t('activity.loading')}
        </p>
      ) : null}
      {status === 'ready' && items.length === 0 ? (
        <div className={styles.empty} data-testid="activity-empty">
          <p className={styles.title}>{t('activity.empty')}</p>
          <p className={mutedText} style={{ margin: 0, fontSize: '13px' }}>
            {t('activity.emptyHint')}
          </p>
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul className={styles.list} aria-label={t('activity.heading')}>
          {items.map((item) => (
            <ActivityRow key={item.signature} item={item} />
          ))}
        </ul>
      ) : null}
      <ErrorMessage>{status === 'failed' ? errorText(error) : undefined}</ErrorMessage>
      {status === 'failed' && onRefresh ? (
        <button type="button" className={button.secondary} onClick={onRefresh}>
          {t('activity.retry')}
        </button>
      ) : null}
    </section>
  );
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const t = useMessages();
  const { locale } = useLocale();
  const failed = item.status === 'failed';
  const title = item.direction === 'in' ? t('activity.received') : item.direction === 'out' ? t('activity.sent') : t('activity.other');
  const party = item.counterparty ? shortAddress(item.counterparty) : undefined;
  const who = party ? t(item.direction === 'in' ? 'activity.from' : 'activity.to', { address: party }) : undefined;
  const when = item.time ? formatDateTime(item.time, locale) : undefined;
  const sign = item.direction === 'in' ? '+' : item.direction === 'out' ? '−' : '';
  return (
    <li className={styles.item} data-direction={item.direction} data-status={item.status} data-signature={item.signature}>
      <span className={styles.icon[failed ? 'failed' : item.direction]} aria-hidden="true">
        <DirectionIcon direction={failed ? 'failed' : item.direction} />
      </span>
      <span className={styles.main}>
        <span className={styles.title}>{title}</span>
        {who ? (
          <span className={styles.detail} title={item.counterparty}>
            {who}
          </span>
        ) : null}
        {when ? (
          <time className={styles.detail} dateTime={item.time?.toISOString()}>
            {when}
          </time>
        ) : null}
      </span>
      <span className={styles.side}>
        {item.direction === 'self' ? null : (
          <span className={styles.amount[item.direction]}>
            {sign}
            {formatNumber(item.amount, locale)} {item.symbol}
          </span>
        )}
        <span className={styles.status[failed ? 'failed' : 'ok']}>{t(`activity.status.${item.status}`)}</span>
        {item.explorerUrl ? (
          <a className={styles.explorer} href={item.explorerUrl} target="_blank" rel="noopener noreferrer" aria-label={t('activity.explorerNamed', { signature: shortAddress(item.signature) })}>
            {t('activity.explorer')}
          </a>
        ) : null}
      </span>
    </li>
  );
}

function DirectionIcon({ direction }: { direction: 'in' | 'out' | 'self' | 'failed' }) {
  const path =
    direction === 'in' ? 'M8 3v10M4 9l4 4 4-4' : direction === 'out' ? 'M8 13V3M4 7l4-4 4 4' : direction === 'failed' ? 'M4 4l8 8M12 4l-8 8' : 'M3 8h10';
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
