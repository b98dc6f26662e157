import { useState, type ReactNode } from 'react';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { button, mutedText, row, stack } from '../../styles/shared.css.js';
import * as styles from '../../flows/WalletSignIn/WalletList.css.js';
import * as menuStyles from './UserMenu.css.js';
import type { WalletFlowModel } from '../../flows/WalletSignIn/WalletSignInModel.js';
import type { FlowError } from '../../flows/shared/FlowError.js';
import { WalletSignInView } from '../../flows/WalletSignIn/WalletSignInView.js';
import { shortAddress } from './accountName.js';
import { linkHeading } from './UserMenu.css.js';

export interface LinkedWalletItem {
  id: string;
  address: string;
  wallet_name?: string | undefined;
  /** False for a wallet that can never be unlinked (the account's embedded or MPC wallet): no "Unlink" for it. */
  canUnlink?: boolean | undefined;
}

export interface LinkedWalletsProps {
  /** The user's wallets, the primary one first. */
  wallets: readonly LinkedWalletItem[];
  busy?: boolean;
  error?: FlowError | undefined;
  /** "Confirm it's you" while an unlink waits for a second factor: under the list, instead of the error and "Link another wallet". */
  stepUp?: ReactNode;
  /** The wallet `stepUp` is for: its row is marked while the prompt shows. */
  stepUpWalletId?: string | undefined;
  /** `sdk.multiWallet`: show "Link another wallet". */
  canLinkMore?: boolean;
  /** Unlinking allowed (`sdk.multiWalletUnlinkDisabled` off). */
  canUnlink?: boolean;
  /** The wallet flow used to link another wallet. */
  linkFlow?: WalletFlowModel | undefined;
  onMakePrimary: (walletId: string) => void;
  onUnlink: (walletId: string) => void;
  /** The wallet list's entries (catalogue and wallet-standard), for each linked wallet's mark and name. */
  known?: readonly { key: string; name: string; icon?: string | undefined }[] | undefined;
  /** Show the list of wallets to link at first (as after "Link another wallet"). Default false. */
  defaultLinking?: boolean;
}


/** The user menu's "Wallets" region: linked wallets, the primary one marked, make primary, unlink, link another. */
export function LinkedWallets({ wallets, busy = false, error, stepUp, stepUpWalletId, canLinkMore = false, canUnlink = false, linkFlow, onMakePrimary, onUnlink, known = [], defaultLinking = false }: LinkedWalletsProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const [linking, setLinking] = useState(defaultLinking);
  // A link over the redirect under way (or just ended) on this page, which the wallet's return opened: its steps show.
  const mobileStep = linkFlow?.mobileStatus;
  const expanded = linking || (mobileStep !== undefined && mobileStep !== 'idle' && mobileStep !== 'connected');
  return (
    // The menu's Wallets view titles this list; the region keeps the name for assistive technology.
    <section className={stack} aria-label={t('menu.view.wallets')} data-latchkey-block="linked-wallets">
      {wallets.length === 0 ? <p className={mutedText}>{t('wallets.none')}</p> : null}
      <ul className={styles.list} aria-label={t('wallets.list')}>
        {wallets.map((wallet, index) => (
          <li
            key={wallet.id}
            className={menuStyles.walletRow}
            data-address={wallet.address}
            data-step-up-target={stepUp && wallet.id === stepUpWalletId ? '' : undefined}
          >
            <WalletMark entry={known.find((entry) => entry.key === wallet.wallet_name || entry.name === wallet.wallet_name)} fallback={wallet.wallet_name ?? wallet.address} />
            <span className={`${styles.name} ${menuStyles.walletAddress}`} title={wallet.address}>
              <bdi dir="ltr">{shortAddress(wallet.address)}</bdi>
            </span>
            <span className={menuStyles.walletActions}>
              {index === 0 ? (
                <span className={styles.badge}>{t('wallets.primary')}</span>
              ) : (
                <button type="button" className={button.quiet} aria-disabled={busy || undefined} aria-label={t('wallets.makePrimaryNamed', { address: shortAddress(wallet.address) })} onClick={() => !busy && onMakePrimary(wallet.id)}>
                  {t('wallets.makePrimary')}
                </button>
              )}
              {canUnlink && wallet.canUnlink !== false && wallets.length > 1 ? (
                <button type="button" className={button.quiet} aria-disabled={busy || undefined} aria-label={t('wallets.unlinkNamed', { address: shortAddress(wallet.address) })} onClick={() => !busy && onUnlink(wallet.id)}>
                  {t('wallets.unlink')}
                </button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {stepUp ?? (error ? <ErrorMessage>{errorText(error)}</ErrorMessage> : null)}
      {canLinkMore && linkFlow && !stepUp ? (
        expanded ? (
          <div className={stack}>
            <h3 className={linkHeading}>{t('wallets.linkFirst')}</h3>
            <WalletSignInView flow={linkFlow} purpose="link" showWalletsButton={false} />
            {/* While a wallet is asked, the list's own Cancel is the way out. */}
            {linkFlow.status === 'connecting' || linkFlow.status === 'signing' ? null : (
              <div className={row}>
                <button
                  type="button"
                  className={button.quiet}
                  onClick={() => {
                    linkFlow.reset();
                    setLinking(false);
                  }}
                >
                  {t('wallets.done')}
                </button>
              </div>
            )}
          </div>
        ) : (
          <button type="button" className={button.secondary} onClick={() => setLinking(true)}>
            {wallets.length === 0 ? t('wallets.linkFirst') : t('wallets.linkAnother')}
          </button>
        )
      ) : null}
    </section>
  );
}

/** A linked wallet's mark from the wallet list (its icon), else the letter tile the wallet list uses. */
function WalletMark({ entry, fallback }: { entry: { name: string; icon?: string | undefined } | undefined; fallback: string }) {
  const [failed, setFailed] = useState<string>();
  if (entry?.icon && failed !== entry.icon) return <img className={styles.icon} src={entry.icon} alt="" data-wallet-mark="" onError={() => setFailed(entry.icon)} />;
  return (
    <span className={styles.placeholderIcon} aria-hidden="true">
      {(entry?.name ?? fallback).charAt(0).toUpperCase()}
    </span>
  );
}
