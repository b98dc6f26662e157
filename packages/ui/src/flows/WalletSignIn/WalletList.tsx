import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { type Translate, useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { MobileWalletQrPanel, MobileWalletRowAction } from '../MobileWallet/MobileWalletRow.js';
import { RetryHint } from '../shared/RetryHint.js';
import { Spinner } from '../../Spinner.js';
import { button, input, label as labelClass, mutedText, row, stack } from '../../styles/shared.css.js';
import * as styles from './WalletList.css.js';
import type { WalletFlowModel, WalletFlowStatus, WalletListItem } from './WalletSignInModel.js';
import type { FlowError } from '../shared/FlowError.js';

export interface WalletListProps {
  wallets: readonly WalletListItem[];
  status?: WalletFlowStatus;
  /** The wallet of the attempt under way. */
  activeWallet?: string | undefined;
  error?: FlowError | undefined;
  /** `signIn` (default) or `link`: only the button wording changes. */
  purpose?: 'signIn' | 'link';
  onSelect: (walletKey: string) => void;
  onConfirm?: (() => void) | undefined;
  onCancel?: (() => void) | undefined;
  /** The redirect wallet's own step (a sign-in over the redirect): finer status lines. */
  mobileStatus?: WalletFlowModel['mobileStatus'];
  /** The row whose QR code shows at first (desktop mobile wallets); one at a time. */
  defaultQrWallet?: string | undefined;
}

const BUSY: ReadonlySet<WalletFlowStatus> = new Set(['connecting', 'signing', 'reconnecting', 'disconnecting']);

/** The redirect wallet's steps, in the words of a sign-in and of a link. */
const MOBILE_STEPS = {
  signIn: {
    redirecting: 'wallet.mobile.redirecting',
    completingReturn: 'wallet.mobile.completingReturn',
    returned: 'wallet.mobile.returned',
    requestingSignature: 'wallet.mobile.returned',
    verifying: 'wallet.mobile.verifying',
  },
  link: {
    redirecting: 'wallet.mobile.redirecting',
    completingReturn: 'wallet.mobile.completingReturn',
    returned: 'wallet.mobile.returnedLink',
    requestingSignature: 'wallet.mobile.returnedLink',
    verifying: 'wallet.mobile.linking',
  },
} as const;

function statusText(status: WalletFlowStatus, wallet: string, mobileStatus: WalletFlowModel['mobileStatus'], purpose: 'signIn' | 'link', t: Translate): string {
  const steps = MOBILE_STEPS[purpose];
  const mobileStep = mobileStatus && mobileStatus in steps ? steps[mobileStatus as keyof typeof steps] : undefined;
  if (mobileStep) return t(mobileStep, { wallet });
  if (status === 'connecting') return t('walletList.connecting', { wallet });
  if (status === 'signing') return t('walletList.signing', { wallet });
  if (status === 'reconnecting') return t('walletList.reconnecting', { wallet });
  if (status === 'connected') return t('mobile.connected', { wallet });
  if (status === 'done') return t(purpose === 'link' ? 'walletList.linked' : 'walletList.done', { wallet });
  return '';
}

/**
 * The wallet list: a search box, installed wallets first with an "Installed" badge, install links for the others, and
 * the connect / sign / confirm states. Presentational: props in, callbacks out.
 */
export function WalletList({ wallets, status = 'idle', activeWallet, error, purpose = 'signIn', onSelect, onConfirm, onCancel, mobileStatus, defaultQrWallet }: WalletListProps) {
  const id = useId();
  const t = useMessages();
  const { locale, dir } = useLocale();
  const errorText = useErrorText();
  const [query, setQuery] = useState('');
  const [qrWallet, setQrWallet] = useState(defaultQrWallet);
  const rootRef = useRef<HTMLDivElement>(null);
  // Back from a mobile wallet the dialog opens at its top: bring this list's status (or the wallet's refusal) into view.
  useEffect(() => {
    if (mobileStatus && mobileStatus !== 'idle') rootRef.current?.scrollIntoView?.({ block: 'end' });
  }, [mobileStatus]);
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle === '' ? wallets : wallets.filter((wallet) => wallet.name.toLowerCase().includes(needle));
  }, [wallets, query]);
  const busy = BUSY.has(status);
  const qrShown = wallets.find((wallet) => wallet.key === qrWallet && wallet.connectVia === 'qrCode');
  const activeName = wallets.find((wallet) => wallet.key === activeWallet)?.name ?? activeWallet ?? '';
  const message = statusText(status, activeName, mobileStatus, purpose, t);

  return (
    <div ref={rootRef} className={stack} dir={dir} lang={locale} data-flow="wallet" data-state={status} aria-busy={busy || undefined}>
      <label className={labelClass} htmlFor={`${id}-search`}>
        {t('walletList.search')}
      </label>
      <input id={`${id}-search`} className={input} type="search" value={query} autoComplete="off" onChange={(event) => setQuery(event.target.value)} />
      {shown.length === 0 ? <p className={mutedText}>{t('walletList.noMatch', { query })}</p> : null}
      <ul className={styles.list} aria-label={t('menu.view.wallets')}>
        {shown.map((wallet) => (
          <li key={wallet.key} className={wallet.installed ? styles.rowItem : styles.item} data-wallet={wallet.key} data-connect-via={wallet.connectVia}>
            {wallet.installed ? (
              // The whole row selects the wallet: one target, as people expect from a wallet list.
              <button
                type="button"
                className={styles.rowButton}
                aria-label={t(purpose === 'link' ? 'walletList.linkNamed' : 'walletList.connectNamed', { wallet: wallet.name })}
                aria-disabled={busy ? true : undefined}
                onClick={() => {
                  if (!busy) onSelect(wallet.key);
                }}
              >
                <WalletMark wallet={wallet} />
                <span className={styles.name}>{wallet.name}</span>
                {wallet.hardwareWallet ? <span className={styles.hardwareBadge}>{t('wallet.badge.hardware')}</span> : null}
                <span className={styles.badge}>{t('walletList.installed')}</span>
                {busy && activeWallet === wallet.key ? <Spinner /> : null}
              </button>
            ) : (
              <>
                <WalletMark wallet={wallet} />
                <span className={styles.name}>{wallet.name}</span>
                {wallet.hardwareWallet ? <span className={styles.hardwareBadge}>{t('wallet.badge.hardware')}</span> : null}
                {wallet.connectVia === 'mobileRedirect' || wallet.connectVia === 'mobileBrowse' ? <span className={styles.appBadge}>{t('wallet.badge.app')}</span> : null}
                {/* Linking over the redirect too: back on the page, the signed-in user's menu finishes it (its Wallets view). */}
                {wallet.connectVia && wallet.connectVia !== 'extension' && wallet.connectVia !== 'install' ? (
                  <MobileWalletRowAction
                    wallet={wallet}
                    busy={busy}
                    active={activeWallet === wallet.key}
                    purpose={purpose}
                    qrOpen={qrWallet === wallet.key}
                    onSelect={onSelect}
                    onToggleQr={(key) => setQrWallet((open) => (open === key ? undefined : key))}
                  />
                ) : null}
                {wallet.installUrl && (wallet.connectVia === undefined || wallet.connectVia === 'install' || wallet.connectVia === 'qrCode') ? (
                  <a className={button.quiet} href={wallet.installUrl} target="_blank" rel="noopener noreferrer" aria-label={t('walletList.installNamed', { wallet: wallet.name })}>
                    {t('walletList.install')}
                  </a>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
      {qrShown?.mobileUrl ? <MobileWalletQrPanel walletName={qrShown.name} url={qrShown.mobileUrl} purpose={purpose} /> : null}
      {message ? (
        <p className={mutedText} role="status">
          {message}
        </p>
      ) : null}
      {status === 'confirming' ? (
        <div className={stack}>
          <p className={mutedText} role="alert">
            {errorText(error)}
          </p>
          <div className={row}>
            <button type="button" className={button.primary} onClick={onConfirm}>
              {t('walletList.confirm')}
            </button>
            <button type="button" className={button.quiet} onClick={onCancel}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      ) : error && status === 'failed' ? (
        <ErrorMessage hint={<RetryHint error={error} />}>{errorText(error)}</ErrorMessage>
      ) : null}
      {/* Reconnecting and disconnecting too: the flow stops waiting for a wallet that does not answer. */}
      {busy && onCancel ? (
        <button type="button" className={button.quiet} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      ) : null}
    </div>
  );
}

/** The wallet's mark (its wallet-standard icon, or the catalogue's), else — or when it fails to load — a letter tile. */
function WalletMark({ wallet }: { wallet: WalletListItem }) {
  const [failed, setFailed] = useState<string>();
  return wallet.icon && failed !== wallet.icon ? (
    <img className={styles.icon} src={wallet.icon} alt="" data-wallet-mark="" onError={() => setFailed(wallet.icon)} />
  ) : (
    <span className={styles.placeholderIcon} aria-hidden="true">
      {wallet.name.charAt(0)}
    </span>
  );
}
