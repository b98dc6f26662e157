import { useId } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Loading } from '../../Loading.js';
import { button, mutedText, row, stack, text } from '../../styles/shared.css.js';
import * as styles from '../../styles/panel.css.js';
import type { SolanaBalanceItem } from '../../flows/SendTransaction/SendTransactionModel.js';
import type { FlowError } from '../../flows/shared/FlowError.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { formatCurrency, formatNumber } from '../../messages/format.js';

export interface SolanaBalancesProps {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  balances: readonly SolanaBalanceItem[];
  /** The project's `showFiat`: USD values beside the amounts when prices are known. */
  showFiat: boolean;
  error?: FlowError | undefined;
  onRefresh?: () => void;
}

/** The size, in CSS pixels, of a token's logo beside its symbol. */
const TOKEN_LOGO_SIZE = 20;

/**
 * Whether a token logo URL may be loaded: https, or the page's own origin (a relative URL resolves to it). Anything
 * else (http elsewhere, data:, javascript:, unparsable) is not shown — a token list is third-party data.
 */
function isDisplayableLogoUrl(value: string | undefined, origin: string | undefined = globalThis.location?.origin): boolean {
  if (!value) return false;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (origin !== undefined && origin !== 'null' && url.origin === origin);
}

/** A USD value as money in the locale: dollars and cents ('$450.00', '450,00 US$'; not the token amount rule's '450.0'). */
function usd(value: string, locale: string): string {
  const amount = Number(value);
  return Number.isFinite(amount) ? formatCurrency(amount, 'USD', locale) : `$${value}`;
}

/** The wallet's SOL and SPL token balances (for the user menu); the root carries `data-state`. */
export function SolanaBalances({ status, balances, showFiat, error, onRefresh }: SolanaBalancesProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const { locale, dir } = useLocale();
  const headingId = useId();
  return (
    <section className={stack} aria-labelledby={headingId} aria-busy={status === 'loading'} dir={dir} lang={locale} data-flow="solana-balances" data-state={status}>
      <div className={row}>
        <h2 id={headingId} className={styles.heading}>
          {t('balances.heading')}
        </h2>
        {onRefresh ? (
          <button type="button" className={button.quiet} onClick={onRefresh} aria-disabled={status === 'loading'}>
            {t('balances.refresh')}
          </button>
        ) : null}
      </div>
      {status === 'loading' && balances.length === 0 ? <Loading label={t('balances.loading')} /> : null}
      {balances.length > 0 ? (
        <ul className={styles.list}>
          {balances.map((balance) => (
            <li key={balance.address} className={styles.item}>
              <span className={text}>
                {isDisplayableLogoUrl(balance.logoURI) ? (
                  <img
                    src={balance.logoURI}
                    alt=""
                    width={TOKEN_LOGO_SIZE}
                    height={TOKEN_LOGO_SIZE}
                    loading="lazy"
                    decoding="async"
                    referrerPolicy="no-referrer"
                    data-token-logo=""
                    style={{ width: TOKEN_LOGO_SIZE, height: TOKEN_LOGO_SIZE, objectFit: 'contain', borderRadius: '50%', verticalAlign: 'middle', marginInlineEnd: 6 }}
                  />
                ) : null}
                {balance.symbol} <span className={mutedText}>{balance.name}</span>
              </span>
              <span className={`${text} ${styles.amount}`}>
                {formatNumber(balance.balance, locale, balance.decimals)} {balance.symbol}
                {showFiat && balance.marketValue !== undefined ? <span className={mutedText}> ≈ {usd(balance.marketValue, locale)}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorMessage>{status === 'failed' ? errorText(error) : undefined}</ErrorMessage>
      {status === 'failed' && onRefresh ? (
        <button type="button" className={button.secondary} onClick={onRefresh}>
          {t('common.retry')}
        </button>
      ) : null}
    </section>
  );
}
