import type { WalletFlowModel } from './WalletSignInModel.js';
import { useId, useState } from 'react';
import { button, fullWidth, stack } from '../../styles/shared.css.js';
import { WalletList } from './WalletList.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';

export interface WalletSignInViewProps {
  flow: WalletFlowModel;
  /** The block's label (login view section); default 'Connect a wallet'. */
  label?: string | undefined;
  /** Design setting `showWalletsButton`: a button reveals the list (default); `false` shows the list at once. */
  showWalletsButton?: boolean | undefined;
  /** `signIn` (default) or `link` (the user menu's "Link another wallet"). */
  purpose?: 'signIn' | 'link';
}

/** The `wallet` login block: the "show wallets" button and the wallet list it reveals. */
export function WalletSignInView({ flow, label, showWalletsButton = true, purpose = 'signIn' }: WalletSignInViewProps) {
  const t = useMessages();
  const { locale, dir } = useLocale();
  const id = useId();
  const [open, setOpen] = useState(!showWalletsButton);
  const expanded = open || flow.status !== 'idle';
  return (
    <div className={stack} dir={dir} lang={locale} data-latchkey-block="wallet">
      {showWalletsButton ? (
        <button type="button" className={`${button.secondary} ${fullWidth}`} aria-expanded={expanded} aria-controls={`${id}-wallets`} onClick={() => setOpen((value) => !value)}>
          {label ?? t('signIn.wallets.title')}
        </button>
      ) : null}
      {expanded ? (
        <div id={`${id}-wallets`}>
          <WalletList
            wallets={flow.wallets}
            status={flow.status}
            activeWallet={flow.walletKey}
            error={flow.error}
            purpose={purpose}
            mobileStatus={flow.mobileStatus}
            onSelect={(key) => (purpose === 'link' ? flow.link(key) : flow.connect(key))}
            onConfirm={() => flow.confirm()}
            onCancel={() => flow.cancel()}
          />
        </div>
      ) : null}
    </div>
  );
}
