import { useMessages } from '../../messages/useMessages.js';
import { Spinner } from '../../Spinner.js';
import { button, link, mutedText } from '../../styles/shared.css.js';
import { useQrCode } from '../shared/useQrCode.js';
import type { WalletListItem } from '../WalletSignIn/WalletSignInModel.js';
import * as styles from './MobileWallet.css.js';

export interface MobileWalletRowActionProps {
  wallet: WalletListItem;
  busy: boolean;
  /** This row's attempt is under way. */
  active: boolean;
  purpose: 'signIn' | 'link';
  qrOpen: boolean;
  onSelect: (walletKey: string) => void;
  onToggleQr: (walletKey: string) => void;
}

/**
 * The action of a mobile wallet's row in the wallet list: on a phone "Open" (the redirect sign-in) or "Open in app"
 * (this page in the wallet's in-app browser); on a desktop "Use phone", which shows the QR code of that link.
 */
export function MobileWalletRowAction({ wallet, busy, active, purpose, qrOpen, onSelect, onToggleQr }: MobileWalletRowActionProps) {
  const t = useMessages();
  if (wallet.connectVia === 'mobileRedirect') {
    return (
      <button
        type="button"
        className={button.secondary}
        aria-label={purpose === 'link' ? t('walletList.linkNamed', { wallet: wallet.name }) : t('wallet.mobile.openLabel', { wallet: wallet.name })}
        aria-disabled={busy ? true : undefined}
        onClick={() => {
          if (!busy) onSelect(wallet.key);
        }}
      >
        {busy && active ? <Spinner /> : null}
        {purpose === 'link' ? t('walletList.link') : t('wallet.mobile.open')}
      </button>
    );
  }
  if (wallet.connectVia === 'mobileBrowse' && wallet.mobileUrl) {
    return (
      <a className={button.secondary} href={wallet.mobileUrl} aria-label={t('wallet.mobile.openInAppLabel', { wallet: wallet.name })}>
        {t('wallet.mobile.openInApp')}
      </a>
    );
  }
  if (wallet.connectVia === 'qrCode' && wallet.mobileUrl) {
    return (
      <button type="button" className={button.quiet} aria-expanded={qrOpen} aria-label={t('wallet.mobile.scanLabel', { wallet: wallet.name })} onClick={() => onToggleQr(wallet.key)}>
        {qrOpen ? t('wallet.mobile.hideScan') : t('wallet.mobile.scan')}
      </button>
    );
  }
  return null;
}

export interface MobileWalletQrPanelProps {
  walletName: string;
  /** The link the code carries: this page in the wallet's in-app browser. */
  url: string;
  /** `signIn` (default) or `link`: what the user does once the page is open in the wallet. */
  purpose?: 'signIn' | 'link';
}

/** The QR code a desktop shows for a mobile wallet: scanned, the phone opens this page inside the wallet. */
export function MobileWalletQrPanel({ walletName, url, purpose = 'signIn' }: MobileWalletQrPanelProps) {
  const t = useMessages();
  const qr = useQrCode(url);
  return (
    <div className={styles.qrPanel} data-testid="mobile-wallet-qr" data-url={url}>
      <p className={styles.qrHeading}>{t('wallet.mobile.qrHeading')}</p>
      <div className={styles.qrFrame}>{qr ? <img className={styles.qr} src={qr} width={168} height={168} alt={t('wallet.mobile.qrAlt', { wallet: walletName })} /> : <Spinner />}</div>
      <p className={mutedText}>{t(purpose === 'link' ? 'wallet.mobile.qrHintLink' : 'wallet.mobile.qrHint', { wallet: walletName })}</p>
      <a className={`${link} ${styles.qrLink}`} href={url}>
        {t('wallet.mobile.qrLink')}
      </a>
    </div>
  );
}
