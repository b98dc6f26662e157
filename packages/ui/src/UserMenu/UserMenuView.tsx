import * as Popover from '@radix-ui/react-popover';
import { useId, type ReactNode, type Ref } from 'react';
import { ErrorMessage } from '../ErrorMessage.js';
import { Spinner } from '../Spinner.js';
import { button, mutedText, text } from '../styles/shared.css.js';
import { KitLayer } from '../theme/ThemeRoot.js';
import * as styles from './UserMenu.css.js';

export interface UserMenuViewProps {
  /** The signed-in user's e-mail; the menu says "Account" without one. */
  email: string | undefined;
  onSignOut: () => void;
  isSigningOut?: boolean;
  /** Sign-out failure, shown in the menu (its `message` is the spec's wording). */
  error?: { message: string } | undefined;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  triggerRef?: Ref<HTMLButtonElement>;
  /** Account management shown above "Sign out" (the passkey list when passkeys are enabled). */
  children?: ReactNode;
}

/** The signed-in user's menu (Radix Popover): who is signed in, and "Sign out". Presentational. */
export function UserMenuView({
  email,
  onSignOut,
  isSigningOut = false,
  error,
  open,
  defaultOpen,
  onOpenChange,
  triggerRef,
  children,
}: UserMenuViewProps) {
  const headingId = useId();
  return (
    <Popover.Root
      {...(open === undefined ? {} : { open })}
      {...(defaultOpen === undefined ? {} : { defaultOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      <Popover.Trigger ref={triggerRef} className={`${button.secondary} ${styles.trigger}`} aria-label={email ? `Account: ${email}` : 'Account'}>
        <span aria-hidden="true" className={styles.avatar}>
          {(email ?? '?').charAt(0)}
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
