import type { MobileWalletFlowModel } from './MobileWalletModel.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, link, mutedText, visuallyHidden } from '../../styles/shared.css.js';
import * as styles from './MobileWallet.css.js';

export interface MobileWalletViewProps {
  flow: MobileWalletFlowModel;
  /** The message "Sign a message" asks the wallet to sign. */
  message?: string;
  /** Show the "Open in {wallet}" link (the dapp inside the wallet's in-app browser). Default true. */
  showBrowseLink?: boolean;
}

export const DEFAULT_MOBILE_WALLET_MESSAGE = 'Sign this message to prove you own this wallet.';

function busyText(flow: MobileWalletFlowModel): string {
  switch (flow.status) {
    case 'redirecting':
      return `Opening ${flow.walletName}…`;
    case 'completingReturn':
      return `Checking ${flow.walletName}'s reply…`;
    case 'signing':
      return `Waiting for ${flow.walletName} to sign…`;
    default:
      return '';
  }
}

/**
 * A mobile redirect wallet: connect (the page leaves for the wallet and comes back), the connected address, sign a
 * message, the signature, and the refusal or failure with a way back. Presentational over `useMobileWallet`'s model;
 * the root carries `data-flow="mobile-wallet"` and `data-state`.
 */
export function MobileWalletView({ flow, message = DEFAULT_MOBILE_WALLET_MESSAGE, showBrowseLink = true }: MobileWalletViewProps) {
  const busy = busyText(flow);
  const connectedish = flow.status === 'connected' || flow.status === 'signed';
  return (
    <section className={styles.card} data-flow="mobile-wallet" data-state={flow.status} aria-label={`${flow.walletName} (mobile)`}>
      <h3 className={styles.heading}>{flow.walletName}</h3>

      {flow.address && flow.status !== 'idle' ? (
        <div>
          <p className={mutedText}>Connected address</p>
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

      {flow.status === 'idle' ? (
        <>
          <p className={mutedText}>Connect with the {flow.walletName} app: you approve in the wallet, then come back here.</p>
          <div className={styles.actions}>
            <button type="button" className={button.primary} onClick={() => flow.connect()}>
              Connect {flow.walletName}
            </button>
            {showBrowseLink ? (
              <a className={link} href={flow.browseUrl()}>
                Open in {flow.walletName}
              </a>
            ) : null}
          </div>
        </>
      ) : null}

      {flow.status === 'signed' && flow.signature ? (
        <div>
          <p className={mutedText}>Message signed. Signature</p>
          <p className={styles.value} data-testid="mobile-wallet-signature">
            {flow.signature}
          </p>
        </div>
      ) : null}

      {connectedish ? (
        <div className={styles.actions}>
          <button type="button" className={button.primary} onClick={() => flow.signMessage(message)}>
            Sign a message
          </button>
          <button type="button" className={button.secondary} onClick={() => flow.disconnect()}>
            Disconnect
          </button>
        </div>
      ) : null}

      {flow.status === 'rejected' || flow.status === 'failed' ? (
        <>
          <ErrorMessage>{flow.error?.message}</ErrorMessage>
          <div className={styles.actions}>
            <button type="button" className={button.secondary} onClick={() => flow.reset()}>
              {flow.status === 'rejected' ? 'Back' : 'Try again'}
            </button>
          </div>
        </>
      ) : null}

      <p role="status" className={visuallyHidden}>
        {busy || (flow.status === 'signed' ? 'Message signed.' : flow.status === 'connected' ? `Connected to ${flow.walletName}.` : '')}
      </p>
    </section>
  );
}
