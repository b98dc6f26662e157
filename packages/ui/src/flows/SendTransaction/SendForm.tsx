import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, input, label, mutedText, stack } from '../../styles/shared.css.js';
import type { FlowError } from '../shared/FlowError.js';
import * as styles from '../../styles/panel.css.js';
import { addressProblem, decimalSeparatorOf, FEE_RESERVE_LAMPORTS, fromBaseUnits, toBaseUnits } from './solanaAmounts.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { formatNumber } from '../../messages/format.js';

import type { SolanaBalanceItem, TransferRequestModel } from './SendTransactionModel.js';

export interface SendFormProps {
  /** What can be sent (SOL first); the picker lists them. */
  balances: readonly SolanaBalanceItem[];
  onSubmit: (request: TransferRequestModel) => void;
  busy?: boolean;
  /** The flow's error ('Insufficient funds.', 'Source token account not found', …). */
  error?: FlowError | undefined;
  /** Offered beside a network failure: build the same transfer again. */
  onRetry?: (() => void) | undefined;
}

/** Token picker, amount with Max, recipient checked as it is typed (SPEC §5). */
export function SendForm({ balances, onSubmit, busy = false, error, onRetry }: SendFormProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const { locale } = useLocale();
  const ids = { token: useId(), amount: useId(), amountError: useId(), to: useId(), toError: useId() };
  const [token, setToken] = useState(balances[0]?.address ?? '');
  const [amount, setAmount] = useState('');
  const [to, setTo] = useState('');
  const [touched, setTouched] = useState({ amount: false, to: false });
  const selected = balances.find((balance) => balance.address === token) ?? balances[0];
  const decimals = selected?.decimals ?? 9;
  const parsed = toBaseUnits(amount, decimals, decimalSeparatorOf(locale));
  const toIssue = addressProblem(to.trim());
  const toProblem = toIssue ? t(toIssue.id, toIssue.params) : undefined;
  const amountProblem = 'problem' in parsed ? t(parsed.problem.id, parsed.problem.params && Object.fromEntries(Object.entries(parsed.problem.params).map(([name, value]) => [name, typeof value === 'number' ? formatNumber(value, locale) : value]))) : undefined;

  const max = () => {
    if (!selected) return;
    const units = selected.isNative ? (selected.rawBalance > FEE_RESERVE_LAMPORTS ? selected.rawBalance - FEE_RESERVE_LAMPORTS : 0n) : selected.rawBalance;
    // Written as the user would type it: with the locale's decimal separator ("1,5" in Spanish).
    setAmount(fromBaseUnits(units, selected.decimals).replace('.', decimalSeparatorOf(locale)));
    setTouched((value) => ({ ...value, amount: true }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ amount: true, to: true });
    if (busy || !selected || toProblem || !('units' in parsed)) return;
    onSubmit({ to: to.trim(), amount: parsed.units, ...(selected.isNative ? {} : { mint: selected.address }) });
  };

  const showTo = (touched.to || to !== '') && toProblem !== undefined && to !== '';
  const showAmount = touched.amount && amountProblem !== undefined;
  return (
    <form className={stack} onSubmit={submit} noValidate aria-busy={busy} data-step="send-form">
      <label htmlFor={ids.token} className={label}>
        {t('send.token')}
      </label>
      <select id={ids.token} className={input} value={selected?.address ?? ''} onChange={(event) => setToken(event.target.value)}>
        {balances.map((balance) => (
          <option key={balance.address} value={balance.address}>
            {t('send.available', { symbol: balance.symbol, amount: formatNumber(balance.balance, locale, balance.decimals) })}
          </option>
        ))}
      </select>
      <label htmlFor={ids.amount} className={label}>
        {t('send.amount')}
      </label>
      <div className={styles.amountRow}>
        <input
          id={ids.amount}
          className={input}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-invalid={showAmount}
          aria-describedby={showAmount ? ids.amountError : undefined}
          onChange={(event) => setAmount(event.target.value)}
          onBlur={() => setTouched((value) => ({ ...value, amount: true }))}
        />
        <button type="button" className={button.secondary} onClick={max}>
          {t('send.max')}
        </button>
      </div>
      {showAmount ? <p id={ids.amountError} className={mutedText}>{amountProblem}</p> : null}
      <label htmlFor={ids.to} className={label}>
        {t('send.recipient')}
      </label>
      <input
        id={ids.to}
        className={`${input} ${styles.mono}`}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        value={to}
        aria-invalid={showTo || (touched.to && toProblem !== undefined)}
        aria-describedby={showTo || (touched.to && toProblem) ? ids.toError : undefined}
        onChange={(event) => setTo(event.target.value)}
        onBlur={() => setTouched((value) => ({ ...value, to: true }))}
      />
      {showTo || (touched.to && toProblem) ? <p id={ids.toError} className={mutedText}>{toProblem}</p> : null}
      <ErrorMessage>{errorText(error)}</ErrorMessage>
      {onRetry && error ? (
        <button type="button" className={button.primary} onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
      <button type="submit" className={onRetry && error ? button.secondary : button.primary} aria-disabled={busy}>
        {busy ? <Spinner /> : null} {t('send.review')}
      </button>
    </form>
  );
}
