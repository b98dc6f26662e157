import { createContext, useCallback, useContext, useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { headingIn, useViewFocus } from '../../focus/useViewFocus.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useUserMenu } from '../UserMenu/userMenuContext.js';
import { button, mutedText, row, stack, visuallyHidden } from '../../styles/shared.css.js';
import * as styles from '../../styles/panel.css.js';

export type WalletPanelScreen = 'home' | 'send' | 'receive' | 'activity' | 'export' | 'recover' | 'backup' | 'reshare';

export interface WalletPanelViewProps {
  /** Which wallet this is: 'Embedded wallet' or the external wallet's name. */
  label: string;
  /** The wallet's icon beside its name (branding `walletIconUrl`, already checked to be https); decorative. */
  iconUrl?: string | undefined;
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
  /** More screens the home screen opens (an MPC wallet's backup and key shares), after the built-in ones. */
  actions?: readonly { screen: WalletPanelScreen; label: string }[] | undefined;
  /** Offer the Activity screen (the panel's screens draw it: Solana wallets do). */
  canShowActivity?: boolean | undefined;
  children?: ReactNode;
}

/**
 * The user menu's wallet section: which wallet and its address, then the current screen (home: network and
 * balances; send; receive; export; recover) with the actions that lead to the others: Send and Receive (and Buy with
 * an onramp) on home. Inside the user menu, the key actions (export, recover, an MPC wallet's backup) go to its
 * Security view; elsewhere they sit beside Send. Presentational; the root carries `data-screen`.
 */
export function WalletPanelView({ label, iconUrl, address, screen, onScreen, canSend, canExport = false, canRecover = false, showBack = true, actions = [], canShowActivity = false, children }: WalletPanelViewProps) {
  const headingId = useId();
  // A new screen focuses its heading; back home, focus returns to the button that opened the screen just left.
  const left = useRef<WalletPanelScreen>(screen);
  const target = useCallback((view: string, container: HTMLElement) => {
    if (view === 'home') return container.querySelector<HTMLElement>(`[data-opens="${left.current}"]`);
    const body = container.querySelector('[data-panel-screen]');
    return body ? headingIn(body) : null;
  }, []);
  const ref = useViewFocus<HTMLElement>(screen, { target });
  const t = useMessages();
  const { locale, dir } = useLocale();
  const menu = useUserMenu();
  const reportWalletScreen = menu?.reportWalletScreen;
  useEffect(() => {
    reportWalletScreen?.(screen);
  }, [reportWalletScreen, screen]);
  useEffect(() => () => reportWalletScreen?.('home'), [reportWalletScreen]);
  const open = (next: WalletPanelScreen) => () => {
    left.current = next;
    onScreen(next);
    // From the menu's Security view: back to Home, where this panel shows the screen.
    menu?.showHome();
  };
  // Export, recover and an MPC wallet's own screens: the menu's Security view, or beside Send outside a menu.
  const keyButtons = [
    ...(canExport ? [{ screen: 'export' as const, label: t('wallet.exportKey'), kind: 'secondary' as const }] : []),
    ...(canRecover ? [{ screen: 'recover' as const, label: t('wallet.recover'), kind: 'quiet' as const }] : []),
    ...actions.filter((action) => action.screen !== 'backup').map((action) => ({ ...action, kind: 'quiet' as const })),
  ];
  // Backing up stays on Home: the wallet's "not backed up yet" warning there needs its action beside it.
  const homeActions = actions.filter((action) => action.screen === 'backup');
  const keyActions = keyButtons.map((action) => (
    <button key={action.screen} type="button" className={button[action.kind]} data-opens={action.screen} onClick={open(action.screen)}>
      {action.label}
    </button>
  ));
  return (
    <section ref={ref} className={stack} dir={dir} lang={locale} aria-labelledby={headingId} data-flow="wallet-panel" data-screen={screen}>
      <div className={stack} style={{ gap: '2px' }}>
        <h2 id={headingId} className={styles.heading}>
          {iconUrl ? <img src={iconUrl} alt="" width={20} height={20} style={{ verticalAlign: 'text-bottom', marginInlineEnd: '6px', borderRadius: '4px' }} data-wallet-icon="" /> : null}
          {label}
        </h2>
        {address && screen !== 'receive' ? (
          <p className={`${mutedText} ${styles.mono}`} style={{ margin: 0 }} data-testid="wallet-address">
            <span className={visuallyHidden}>{t('walletPanel.address')} </span>
            {address}
          </p>
        ) : null}
      </div>
      <div className={stack} data-panel-screen="">
        <PanelAddressContext.Provider value={address}>{children}</PanelAddressContext.Provider>
      </div>
      {screen === 'home' ? (
        <div className={row} style={{ justifyContent: 'flex-start' }}>
          {canSend ? (
            <button type="button" className={button.primary} data-opens="send" onClick={open('send')}>
              {t('wallet.send')}
            </button>
          ) : null}
          {address ? (
            <button type="button" className={button.secondary} data-opens="receive" onClick={open('receive')}>
              {t('wallet.receive')}
            </button>
          ) : null}
          {address && canShowActivity ? (
            <button type="button" className={button.secondary} data-opens="activity" onClick={open('activity')}>
              {t('wallet.activity')}
            </button>
          ) : null}
          {menu?.buyUrl && address ? (
            <a className={button.secondary} href={menu.buyUrl} target="_blank" rel="noopener noreferrer">
              {t('wallet.buy')}
            </a>
          ) : null}
          {homeActions.map((action) => (
            <button key={action.screen} type="button" className={button.quiet} data-opens={action.screen} onClick={open(action.screen)}>
              {action.label}
            </button>
          ))}
          {menu ? null : keyActions}
        </div>
      ) : showBack ? (
        <button type="button" className={button.quiet} onClick={() => onScreen('home')}>
          {t('wallet.backToWallet')}
        </button>
      ) : null}
      {menu?.walletActionsTarget && keyButtons.length > 0
        ? createPortal(
            <section className={stack} aria-labelledby={`${headingId}-keys`} data-latchkey-section="wallet-key">
              <h3 id={`${headingId}-keys`} className={styles.heading}>
                {t('menu.walletActions')}
              </h3>
              <div className={row} style={{ justifyContent: 'flex-start' }}>
                {keyActions}
              </div>
            </section>,
            menu.walletActionsTarget,
          )
        : null}
    </section>
  );
}

/** The panel's address for its screens (Receive draws it), so the flows that fill the panel need not pass it twice. */
const PanelAddressContext = createContext<string | undefined>(undefined);

export const usePanelAddress = () => useContext(PanelAddressContext);
