import { useMessages } from '../../messages/useMessages.js';
import { WalletList } from '../../flows/WalletSignIn/WalletList.js';
import type { WalletFlowModel } from '../../flows/WalletSignIn/WalletSignInModel.js';
import * as styles from './SignInDialog.css.js';

/** How many installed wallets' marks the "Connect a wallet" button previews. */
const PREVIEW_MARKS = 3;

/**
 * The sign-in dialog's entry to its wallet view: one full-width row, "Connect a wallet", with the marks of the first
 * installed wallets and a chevron (it opens a view, it does not connect).
 */
export function WalletEntry({ flow, label, onOpen }: { flow: WalletFlowModel; label: string; onOpen: () => void }) {
  const marks = flow.wallets.filter((wallet) => wallet.installed && wallet.icon).slice(0, PREVIEW_MARKS);
  return (
    <div data-latchkey-block="wallet">
      <button type="button" className={styles.entry} data-opens="wallets" onClick={onOpen}>
        <span className={styles.entryLabel}>{label}</span>
        {marks.length > 0 ? (
          <span className={styles.entryMarks} aria-hidden="true">
            {marks.map((wallet) => (
              <img key={wallet.key} src={wallet.icon} alt="" width={20} height={20} className={styles.entryMark} />
            ))}
          </span>
        ) : null}
        <svg className={styles.chevron} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </div>
  );
}

/** The wallet view's body: the searchable list, where the whole row of an installed wallet connects it. */
export function WalletChooser({ flow }: { flow: WalletFlowModel }) {
  const t = useMessages();
  return (
    <div data-latchkey-view="wallets" className={styles.view}>
      <p className={styles.description}>{t('signIn.wallets.intro')}</p>
      <WalletList
        wallets={flow.wallets}
        status={flow.status}
        activeWallet={flow.walletKey}
        error={flow.error}
        mobileStatus={flow.mobileStatus}
        onSelect={(key) => flow.connect(key)}
        onConfirm={() => flow.confirm()}
        onCancel={() => flow.cancel()}
      />
    </div>
  );
}
