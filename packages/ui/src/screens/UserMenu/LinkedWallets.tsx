import { useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { button, label, mutedText, row, stack } from '../../styles/shared.css.js';
import * as styles from '../../flows/WalletSignIn/WalletList.css.js';
import type { WalletFlowModel } from '../../flows/WalletSignIn/WalletSignInModel.js';
import type { FlowError } from '../../flows/shared/FlowError.js';
import { WalletSignInView } from '../../flows/WalletSignIn/WalletSignInView.js';
import { shortAddress } from './accountName.js';

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
  /** `sdk.multiWallet`: show "Link another wallet". */
  canLinkMore?: boolean;
  /** Unlinking allowed (`sdk.multiWalletUnlinkDisabled` off). */
  canUnlink?: boolean;
  /** The wallet flow used to link another wallet. */
  linkFlow?: WalletFlowModel | undefined;
  onMakePrimary: (walletId: string) => void;
  onUnlink: (walletId: string) => void;
}


/** The user menu's "Wallets" region: linked wallets, the primary one marked, make primary, unlink, link another. */
export function LinkedWallets({ wallets, busy = false, error, canLinkMore = false, canUnlink = false, linkFlow, onMakePrimary, onUnlink }: LinkedWalletsProps) {
  const id = useId();
  const [linking, setLinking] = useState(false);
  return (
    <section className={stack} aria-labelledby={`${id}-title`} data-latchkey-block="linked-wallets">
      <h3 id={`${id}-title`} className={label}>
        Wallets
      </h3>
      {wallets.length === 0 ? <p className={mutedText}>No wallet linked yet.</p> : null}
      <ul className={styles.list} aria-label="Linked wallets">
        {wallets.map((wallet, index) => (
          <li key={wallet.id} className={styles.item} data-address={wallet.address}>
            <span className={styles.name} title={wallet.address}>
              {shortAddress(wallet.address)}
            </span>
            {index === 0 ? (
              <span className={styles.badge}>Primary</span>
            ) : (
              <button type="button" className={button.quiet} aria-disabled={busy || undefined} aria-label={`Make ${shortAddress(wallet.address)} primary`} onClick={() => !busy && onMakePrimary(wallet.id)}>
                Make primary
              </button>
            )}
            {canUnlink && wallet.canUnlink !== false && wallets.length > 1 ? (
              <button type="button" className={button.quiet} aria-disabled={busy || undefined} aria-label={`Unlink ${shortAddress(wallet.address)}`} onClick={() => !busy && onUnlink(wallet.id)}>
                Unlink
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? <ErrorMessage>{error.message}</ErrorMessage> : null}
      {canLinkMore && linkFlow ? (
        linking ? (
          <div className={stack}>
            <WalletSignInView flow={linkFlow} purpose="link" showWalletsButton={false} />
            <div className={row}>
              <button
                type="button"
                className={button.quiet}
                onClick={() => {
                  linkFlow.reset();
                  setLinking(false);
                }}
              >
                Done
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className={button.secondary} onClick={() => setLinking(true)}>
            {wallets.length === 0 ? 'Link a wallet' : 'Link another wallet'}
          </button>
        )
      ) : null}
    </section>
  );
}
