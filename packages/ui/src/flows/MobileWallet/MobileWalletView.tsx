import type { MobileWalletFlowModel } from './MobileWalletModel.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, link, mutedText, visuallyHidden } from '../../styles/shared.css.js';
import * as styles from './MobileWallet.css.js';
import { useLocale, useMessages, type Translate } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface MobileWalletViewProps {
  flow: MobileWalletFlowModel;
  /** The message "Sign a message" asks the wallet to sign. */
  message?: string;
  /** Show the "Open in {wallet}" link (the dapp inside the wallet's in-app browser). Default true. */
  showBrowseLink?: boolean;
}

/** The English of `mobile.signMessage`. */
export const DEFAULT_MOBILE_WALLET_MESSAGE = 'Sign this message to prove you own this wallet.';

function busyText(flow: MobileWalletFlowModel, t: Translate): string {
  const wallet = flow.walletName;
  switch (flow.status) {
    case 'redirecting':
      return t('mobile.opening', { wallet });
    case 'completingReturn':
      return t('wallet.mobile.completingReturn', { wallet });
    case 'signing':
      return t('mobile.signing', { wallet });
    default:
      return '';
  }
}

/**
 * A mobile redirect wallet: connect (the page leaves for the wallet and comes back), the connected address, sign a
 * message, the signature, and the refusal or failure with a way back. Presentational over `useMobileWallet`'s model;
 * the root carries `data-flow="mobile-wallet"` and `data-state`.
 */
export function MobileWalletView({ flow, message, showBrowseLink = true }: MobileWalletViewProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const { locale, dir } = useLocale();
  const wallet = flow.walletName;
  const busy = busyText(flow, t);
  const connectedish = flow.status === 'connected' || flow.status === 'signed';
  return (
    <section className={styles.card} dir={dir} lang={locale} data-flow="mobile-wallet" data-state={flow.status} aria-label={t('mobile.label', { wallet })}>
      <h3 className={styles.heading}>{flow.walletName}</h3>

      {flow.address && flow.status !== 'idle' ? (
        <div>
          <p className={mutedText}>{t('mobile.connectedAddress')}</p>
          <p className={styles.value} data-testid="mobile-wallet-address">
            {flow.address}
          </p>
        </div>
      ) : null}

      {busy ? (
        <p className={styles.busyLine}>
          <Spinner />
          <span>{busy}</span>
        </p>
      ) : null}
      {/* The page may never leave (no app takes the link) or come back unanswered: a way out, not a spinner for good. */}
      {flow.status === 'redirecting' || flow.status === 'signing' ? (
        <div className={styles.actions}>
          <button type="button" className={button.quiet} onClick={() => flow.cancel()}>
            {t('common.cancel')}
          </button>
        </div>
      ) : null}

      {flow.status === 'idle' ? (
        <>
          <p className={mutedText}>{t('mobile.intro', { wallet })}</p>
          <div className={styles.actions}>
            <button type="button" className={button.primary} onClick={() => flow.connect()}>
              {t('mobile.connect', { wallet })}
            </button>
            {showBrowseLink ? (
              <a className={link} href={flow.browseUrl()}>
                {t('mobile.openIn', { wallet })}
              </a>
            ) : null}
          </div>
        </>
      ) : null}

      {flow.status === 'signed' && flow.signature ? (
        <div>
          <p className={mutedText}>{t('mobile.signature')}</p>
          <p className={styles.value} data-testid="mobile-wallet-signature">
            {flow.signature}
          </p>
        </div>
      ) : null}

      {connectedish ? (
        <div className={styles.actions}>
          <button type="button" className={button.primary} onClick={() => flow.signMessage(message ?? t('mobile.signMessage'))}>
            {t('mobile.signAMessage')}
          </button>
          <button type="button" className={button.secondary} onClick={() => flow.disconnect()}>
            {t('mobile.disconnect')}
          </button>
        </div>
      ) : null}

      {flow.status === 'rejected' || flow.status === 'failed' ? (
        <>
          <ErrorMessage>{errorText(flow.error)}</ErrorMessage>
          <div className={styles.actions}>
            <button type="button" className={button.secondary} onClick={() => flow.reset()}>
              {flow.status === 'rejected' ? t('signIn.back') : t('common.tryAgain')}
            </button>
          </div>
        </>
      ) : null}

      <p role="status" className={visuallyHidden}>
        {busy || (flow.status === 'signed' ? t('mobile.signed') : flow.status === 'connected' ? t('mobile.connected', { wallet }) : '')}
      </p>
    </section>
  );
}
