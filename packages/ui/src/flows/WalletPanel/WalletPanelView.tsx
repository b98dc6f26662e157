import { useId, type ReactNode } from 'react';
import { button, mutedText, row, stack, visuallyHidden } from '../../styles/shared.css.js';
import * as styles from '../Solana/Solana.css.js';

export type WalletPanelScreen = 'home' | 'send' | 'export' | 'recover';

export interface WalletPanelViewProps {
  /** Which wallet this is: 'Embedded wallet' or the external wallet's name. */
  label: string;
  /** The wallet's address, shown in full (it is what others send to). */
  address: string | undefined;
  screen: WalletPanelScreen;
  onScreen: (screen: WalletPanelScreen) => void;
  /** Sending needs a signer and a loaded network. */
  canSend: boolean;
  /** Embedded wallets only (and `showEmbeddedWalletActionsUI`): export and recovery. */
  canExport?: boolean | undefined;
  canRecover?: boolean | undefined;
  /** Off while the screen offers its own way out (a transfer under review or finished: Cancel, Done). */
  showBack?: boolean | undefined;
  children?: ReactNode;
}

const back = 'Back to wallet';

/**
 * The user menu's wallet section: which wallet and its address, then the current screen (home: network and
 * balances; send; export; recover) with the actions that lead to the others. Presentational; the root carries
 * `data-screen`.
 */
export function WalletPanelView({ label, address, screen, onScreen, canSend, canExport = false, canRecover = false, showBack = true, children }: WalletPanelViewProps) {
  const headingId = useId();
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="wallet-panel" data-screen={screen}>
      <div className={stack} style={{ gap: '2px' }}>
        <h2 id={headingId} className={styles.heading}>
          {label}
        </h2>
        {address ? (
          <p className={`${mutedText} ${styles.mono}`} style={{ margin: 0 }} data-testid="wallet-address">
            <span className={visuallyHidden}>Address: </span>
            {address}
          </p>
        ) : null}
      </div>
      {children}
      {screen === 'home' ? (
        canSend || canExport || canRecover ? (
          <div className={row} style={{ justifyContent: 'flex-start' }}>
            {canSend ? (
              <button type="button" className={button.primary} onClick={() => onScreen('send')}>
                Send
              </button>
            ) : null}
            {canExport ? (
              <button type="button" className={button.secondary} onClick={() => onScreen('export')}>
                Export key
              </button>
            ) : null}
            {canRecover ? (
              <button type="button" className={button.quiet} onClick={() => onScreen('recover')}>
                Recover
              </button>
            ) : null}
          </div>
        ) : null
      ) : showBack ? (
        <button type="button" className={button.quiet} onClick={() => onScreen('home')}>
          {back}
        </button>
      ) : null}
    </section>
  );
}
