import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, stack } from '../../styles/shared.css.js';
import type { EmbeddedWalletFlowModel } from './EmbeddedWalletModel.js';
import { formatTime as formatTimeOfDay } from '../../messages/format.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface SessionPromptProps {
  /** The session's part of the flow; `account` only for its address (shown when given). */
  flow: Pick<EmbeddedWalletFlowModel, 'status' | 'expiresAt' | 'error'> & { account: { address: string } | undefined };
  onUnlock: () => void;
  /** Formats the expiry (default: the locale's time). */
  formatTime?: (ms: number) => string;
}

/** Unlock/session prompt: `none` and `failed` offer "Unlock wallet", `loading` waits, `active` says until when. */
export function SessionPrompt({ flow, onUnlock, formatTime }: SessionPromptProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const { locale, dir } = useLocale();
  const timeOf = formatTime ?? ((ms: number) => formatTimeOfDay(ms, locale));
  return (
    // Space below: the balances' heading follows, and must not read as the button's caption.
    <section className={stack} style={{ marginBottom: '8px' }} aria-label={t('embedded.session.label')} dir={dir} lang={locale} data-flow="embedded-wallet-session" data-state={flow.status}>
      {flow.account ? <p className={mutedText}>{t('embedded.session.wallet', { address: flow.account.address })}</p> : null}
      {flow.status === 'active' ? (
        <p role="status">{flow.expiresAt ? t('embedded.session.unlockedUntil', { time: timeOf(flow.expiresAt) }) : t('embedded.session.unlocked')}</p>
      ) : flow.status === 'loading' ? (
        <p role="status">
          <Spinner /> {t('embedded.session.unlocking')}
        </p>
      ) : (
        // Secondary: signing unlocks the wallet anyway; the host's primary action (Send) stays the one that stands out.
        <button type="button" className={button.secondary} style={{ alignSelf: 'flex-start' }} onClick={onUnlock}>
          {t('embedded.session.unlock')}
        </button>
      )}
      <ErrorMessage>{flow.status === 'failed' ? errorText(flow.error) : undefined}</ErrorMessage>
    </section>
  );
}
