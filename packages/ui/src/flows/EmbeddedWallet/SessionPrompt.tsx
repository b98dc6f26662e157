import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, stack } from '../../styles/shared.css.js';
import type { EmbeddedWalletFlowModel } from './EmbeddedWalletModel.js';

export interface SessionPromptProps {
  /** The session's part of the flow; `account` only for its address (shown when given). */
  flow: Pick<EmbeddedWalletFlowModel, 'status' | 'expiresAt' | 'error'> & { account: { address: string } | undefined };
  onUnlock: () => void;
  /** Formats the expiry (default: the locale's time). */
  formatTime?: (ms: number) => string;
}

/** Unlock/session prompt: `none` and `failed` offer "Unlock wallet", `loading` waits, `active` says until when. */
export function SessionPrompt({ flow, onUnlock, formatTime = (ms) => new Date(ms).toLocaleTimeString() }: SessionPromptProps) {
  return (
    // Space below: the balances' heading follows, and must not read as the button's caption.
    <section className={stack} style={{ marginBottom: '8px' }} aria-label="Wallet session" data-flow="embedded-wallet-session" data-state={flow.status}>
      {flow.account ? <p className={mutedText}>Wallet {flow.account.address}</p> : null}
      {flow.status === 'active' ? (
        <p role="status">Wallet unlocked{flow.expiresAt ? ` until ${formatTime(flow.expiresAt)}` : ''}.</p>
      ) : flow.status === 'loading' ? (
        <p role="status">
          <Spinner /> Unlocking your wallet…
        </p>
      ) : (
        // Secondary: signing unlocks the wallet anyway; the host's primary action (Send) stays the one that stands out.
        <button type="button" className={button.secondary} style={{ alignSelf: 'flex-start' }} onClick={onUnlock}>
          Unlock wallet
        </button>
      )}
      <ErrorMessage>{flow.status === 'failed' ? flow.error?.message : undefined}</ErrorMessage>
    </section>
  );
}
