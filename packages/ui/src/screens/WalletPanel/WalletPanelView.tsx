import { useCallback, useId, useRef, type ReactNode } from 'react';
import { headingIn, useViewFocus } from '../../focus/useViewFocus.js';
import { button, mutedText, row, stack, visuallyHidden } from '../../styles/shared.css.js';
import * as styles from '../../styles/panel.css.js';

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
  // A new screen focuses its heading; back home, focus returns to the button that opened the screen just left.
  const left = useRef<WalletPanelScreen>(screen);
  const target = useCallback((view: string, container: HTMLElement) => {
    if (view === 'home') return container.querySelector<HTMLElement>(`[data-opens="${left.current}"]`);
    const body = container.querySelector('[data-panel-screen]');
    return body ? headingIn(body) : null;
  }, []);
  const ref = useViewFocus<HTMLElement>(screen, { target });
  const open = (next: WalletPanelScreen) => () => {
    left.current = next;
    onScreen(next);
  };
  return (
    <section ref={ref} className={stack} aria-labelledby={headingId} data-flow="wallet-panel" data-screen={screen}>
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
      <div className={stack} data-panel-screen="">
        {children}
      </div>
      {screen === 'home' ? (
        canSend || canExport || canRecover ? (
          <div className={row} style={{ justifyContent: 'flex-start' }}>
            {canSend ? (
              <button type="button" className={button.primary} data-opens="send" onClick={open('send')}>
                Send
              </button>
            ) : null}
            {canExport ? (
              <button type="button" className={button.secondary} data-opens="export" onClick={open('export')}>
                Export key
              </button>
            ) : null}
            {canRecover ? (
              <button type="button" className={button.quiet} data-opens="recover" onClick={open('recover')}>
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
