import * as Popover from '@radix-ui/react-popover';
import { useId, type ReactNode, type Ref } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, link, mutedText, text } from '../../styles/shared.css.js';
import { KitLayer } from '../../theme/ThemeRoot.js';
import { providerLabel } from '../../flows/SocialSignIn/providerLabel.js';
import * as styles from './UserMenu.css.js';

export interface UserMenuViewProps {
  /** The signed-in user's e-mail; the menu says "Account" without one (or the phone number). */
  email: string | undefined;
  /** The user's phone number (international format), shown when there is no e-mail. */
  phoneNumber?: string | undefined;
  /** The primary wallet's short address (`9yaW…8Q9R`), the account's name when it has no e-mail or number. */
  walletAddress?: string | undefined;
  onSignOut: () => void;
  /** The organisation's links (branding `customMenuLinks`), already checked to be https. */
  links?: readonly { label: string; url: string }[] | undefined;
  isSigningOut?: boolean;
  /** Sign-out failure, shown in the menu (its `message` is the spec's wording). */
  error?: { message: string } | undefined;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  triggerRef?: Ref<HTMLButtonElement>;
  /** More of the menu between who is signed in and "Sign out" (the connected menu's "Add email / phone"). */
  children?: ReactNode;
  /** The user's social accounts (verified credentials of format `oauth`). */
  linkedAccounts?: readonly LinkedAccount[] | undefined;
  /** Enabled providers the user may link (those not linked yet). */
  linkableProviders?: readonly string[] | undefined;
  /** Called inside the click handler (a popup opens there). */
  onLink?: ((provider: string) => void) | undefined;
  onUnlink?: ((credentialId: string) => void) | undefined;
  /** A link or unlink under way. */
  isLinking?: boolean | undefined;
  /** Linking or unlinking failure, as a sentence (e.g. 'This social account belongs to another user.'). */
  linkError?: { message: string } | undefined;
}

export interface LinkedAccount {
  id: string;
  provider: string;
  /** e.g. the account's e-mail or user name. */
  label: string;
}

/** The signed-in user's menu (Radix Popover): who is signed in, and "Sign out". Presentational. */
export function UserMenuView({
  email: emailAddress,
  phoneNumber,
  walletAddress,
  onSignOut,
  links = [],
  isSigningOut = false,
  error,
  open,
  defaultOpen,
  onOpenChange,
  triggerRef,
  children,
  linkedAccounts = [],
  linkableProviders = [],
  onLink,
  onUnlink,
  isLinking = false,
  linkError,
}: UserMenuViewProps) {
  const headingId = useId();
  const accountsId = useId();
  const email = emailAddress ?? phoneNumber ?? walletAddress;
  return (
    <Popover.Root
      {...(open === undefined ? {} : { open })}
      {...(defaultOpen === undefined ? {} : { defaultOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      <Popover.Trigger ref={triggerRef} className={`${button.secondary} ${styles.trigger}`} aria-label={email ? `Account: ${email}` : 'Account'}>
        <span aria-hidden="true" className={styles.avatar}>
          {emailAddress ? emailAddress.charAt(0) : <PersonGlyph />}
        </span>
        <span className={styles.triggerLabel}>{email ?? 'Account'}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <KitLayer>
          <Popover.Content
            className={styles.content}
            align="end"
            sideOffset={8}
            collisionPadding={8}
            aria-labelledby={headingId}
            data-latchkey-menu="user"
          >
            <div>
              <p id={headingId} className={mutedText}>
                Signed in as
              </p>
              <p className={`${text} ${styles.email}`}>{email ?? 'your account'}</p>
            </div>
            {children}
            {linkedAccounts.length > 0 || (onLink && linkableProviders.length > 0) ? (
              <section aria-labelledby={accountsId} className={styles.accounts}>
                <p id={accountsId} className={mutedText}>
                  Linked accounts
                </p>
                {linkedAccounts.length > 0 ? (
                  <ul className={styles.accountList}>
                    {linkedAccounts.map((account) => (
                      <li key={account.id} className={styles.accountRow}>
                        <span className={`${text} ${styles.accountLabel}`}>
                          {providerLabel(account.provider)} · {account.label}
                        </span>
                        {onUnlink ? (
                          <button
                            type="button"
                            className={`${button.quiet} ${styles.unlink}`}
                            aria-label={`Unlink ${providerLabel(account.provider)} ${account.label}`}
                            aria-disabled={isLinking ? true : undefined}
                            onClick={() => {
                              if (!isLinking) onUnlink(account.id);
                            }}
                          >
                            Unlink
                          </button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {onLink && linkableProviders.length > 0 ? (
                  // Compact: one wrapping row of small buttons (visible name, accessible "Link {provider}"), not
                  // a full-width button per provider.
                  <div className={styles.linkRow} role="group" aria-label="Link another account">
                    <span className={mutedText}>Link</span>
                    {linkableProviders.map((provider) => (
                      <button
                        key={provider}
                        type="button"
                        className={`${button.secondary} ${styles.linkChip}`}
                        aria-label={`Link ${providerLabel(provider)}`}
                        aria-disabled={isLinking ? true : undefined}
                        onClick={() => {
                          if (!isLinking) onLink(provider);
                        }}
                      >
                        {providerLabel(provider)}
                      </button>
                    ))}
                  </div>
                ) : null}
                <ErrorMessage>{linkError?.message}</ErrorMessage>
              </section>
            ) : null}
            {links.length > 0 ? (
              <nav aria-label="Links">
                <ul className={styles.links}>
                  {links.map((item) => (
                    <li key={`${item.label}-${item.url}`}>
                      <a className={link} href={item.url} target="_blank" rel="noopener noreferrer">
                        {item.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            <ErrorMessage>{isSigningOut ? undefined : error?.message}</ErrorMessage>
            <button
              type="button"
              className={button.secondary}
              onClick={() => {
                if (!isSigningOut) onSignOut();
              }}
              aria-disabled={isSigningOut ? true : undefined}
            >
              {isSigningOut ? <Spinner /> : null}
              Sign out
            </button>
          </Popover.Content>
        </KitLayer>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The avatar when there is no e-mail to take an initial from (a phone number's '+' says nothing). */
function PersonGlyph() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" focusable="false">
      <circle cx="8" cy="5.5" r="3" fill="currentColor" />
      <path d="M2.5 14.5c0-3 2.5-5 5.5-5s5.5 2 5.5 5z" fill="currentColor" />
    </svg>
  );
}
