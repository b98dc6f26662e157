import { useEffect, useId, useState, type ReactNode } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { providerLabel } from '../../flows/SocialSignIn/providerLabel.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { button, mutedText, text } from '../../styles/shared.css.js';
import * as styles from './UserMenu.css.js';

export interface LinkedAccount {
  id: string;
  provider: string;
  /** e.g. the account's e-mail or user name. */
  label: string;
}

export interface LinkedAccountsProps {
  /** The user's social accounts (verified credentials of format `oauth`). */
  linkedAccounts: readonly LinkedAccount[];
  /** Enabled providers the user may link (those not linked yet). */
  linkableProviders: readonly string[];
  onUnlink?: ((credentialId: string) => void) | undefined;
  /** Opens the "Link another account" chooser. */
  onChooseLink?: (() => void) | undefined;
  isLinking: boolean;
  linkError?: { code?: string; message: string; status?: number | undefined } | undefined;
  /** "Confirm it's you" while an unlink waits for a second factor: under the list, instead of "Link another account" and the error. */
  stepUp?: ReactNode;
}

/** The Account view's social accounts: each with Unlink, then one "Link another account" (not a chip per provider). */
export function LinkedAccounts({ linkedAccounts, linkableProviders, onUnlink, onChooseLink, isLinking, linkError, stepUp }: LinkedAccountsProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.accounts} data-latchkey-section="linked-accounts">
      <h3 id={headingId} className={styles.sectionHeading}>
        {t('menu.accounts.heading')}
      </h3>
      {linkedAccounts.length > 0 ? (
        <ul className={styles.accountList}>
          {linkedAccounts.map((account) => (
            <li key={account.id} className={styles.accountRow}>
              <ProviderMark provider={account.provider} />
              <span className={`${text} ${styles.accountLabel}`}>
                <span className={styles.accountProvider}>{providerLabel(account.provider)}</span>
                <span className={styles.accountName}>{account.label}</span>
              </span>
              {onUnlink ? (
                <button
                  type="button"
                  className={`${button.quiet} ${styles.unlink}`}
                  aria-label={t('menu.accounts.unlinkNamed', { provider: providerLabel(account.provider), label: account.label })}
                  aria-disabled={isLinking ? true : undefined}
                  onClick={() => {
                    if (!isLinking) onUnlink(account.id);
                  }}
                >
                  {t('menu.accounts.unlink')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={mutedText}>{t('menu.accounts.none')}</p>
      )}
      {stepUp}
      {onChooseLink && linkableProviders.length > 0 && !stepUp ? (
        <button type="button" className={`${button.secondary} ${styles.sectionAction}`} data-opens="linkAccount" aria-disabled={isLinking ? true : undefined} onClick={() => !isLinking && onChooseLink()}>
          {t('menu.accounts.link')}
        </button>
      ) : null}
      {stepUp ? null : <ErrorMessage>{errorText(linkError)}</ErrorMessage>}
    </section>
  );
}

/** What an unlink's "Confirm it's you" is for: "Unlink Google ada@example.com". */
export function UnlinkAccountSubject({ account }: { account: LinkedAccount }) {
  const t = useMessages();
  return <>{t('menu.accounts.unlinkNamed', { provider: providerLabel(account.provider), label: account.label })}</>;
}

export interface LinkAccountChooserProps {
  providers: readonly string[];
  /** Called inside the click handler (the provider's popup opens there). */
  onLink: (provider: string) => void;
  isLinking: boolean;
}

/** "Link another account": one full-width row per provider, with its mark. */
export function LinkAccountChooser({ providers, onLink, isLinking }: LinkAccountChooserProps) {
  const t = useMessages();
  return (
    <>
      <p className={mutedText}>{t('menu.accounts.chooserIntro')}</p>
      <ul className={styles.navList}>
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className={styles.navRow}
              aria-label={t('menu.accounts.linkProvider', { provider: providerLabel(provider) })}
              aria-disabled={isLinking ? true : undefined}
              onClick={() => !isLinking && onLink(provider)}
            >
              <ProviderMark provider={provider} />
              <span className={styles.navLabel}>{providerLabel(provider)}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

// The social marks are their own chunk (SocialSignInView loads the same one): the menu's code stays small.
let loadedMarks: Readonly<Record<string, string>> | null | undefined;

function ProviderMark({ provider }: { provider: string }) {
  const [marks, setMarks] = useState(loadedMarks);
  useEffect(() => {
    if (marks !== undefined) return undefined;
    let live = true;
    void import('../../flows/SocialSignIn/providerIcons.js').then(
      (module) => {
        loadedMarks = module.PROVIDER_ICON_PATHS;
        if (live) setMarks(loadedMarks);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [marks]);
  const path = marks?.[provider];
  return (
    <span aria-hidden="true" className={styles.mark}>
      {path ? (
        <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
          <path d={path} fill="currentColor" />
        </svg>
      ) : (
        providerLabel(provider).charAt(0)
      )}
    </span>
  );
}
