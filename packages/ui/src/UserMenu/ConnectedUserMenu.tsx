import { useLatchkey, useMfa, usePasskey, useSession } from '@latchkey/headless/react';
import { TotpEnrolment } from '../flows/Mfa/TotpEnrolment.js';
import { PasskeyManager } from '../flows/Passkey/PasskeyManager.js';
import { useEffect, useRef, useState } from 'react';
import { UserMenuView } from './UserMenuView.js';

export interface UserMenuProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Focus the trigger when the menu appears (used right after signing in from the dialog). */
  autoFocus?: boolean | undefined;
}

/**
 * The signed-in user's menu wired to the session: their e-mail and "Sign out". Renders nothing
 * when signed out. Loaded on demand by `UserMenu`.
 */
export function ConnectedUserMenu({ open, defaultOpen, onOpenChange, autoFocus = false }: UserMenuProps) {
  const session = useSession();
  const { settings } = useLatchkey();
  const passkeyFlow = usePasskey();
  const mfaFlow = useMfa();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<{ message: string }>();
  const signedIn = session.status === 'signedIn';

  useEffect(() => {
    if (autoFocus && signedIn) triggerRef.current?.focus();
    // Keyed on appearing signed in only: later renders must not steal focus back.
  }, [signedIn]);

  if (!signedIn) return null;

  const signOut = async () => {
    setSigningOut(true);
    setError(undefined);
    try {
      await session.signOut();
    } catch (cause) {
      setError({ message: cause instanceof Error ? cause.message : String(cause) });
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <UserMenuView
      email={session.user?.email ?? undefined}
      onSignOut={() => void signOut()}
      isSigningOut={signingOut}
      error={error}
      triggerRef={triggerRef}
      {...(open === undefined ? {} : { open })}
      {...(defaultOpen === undefined ? {} : { defaultOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      {settings?.security?.enablePasskeys ? <PasskeyManager flow={passkeyFlow} /> : null}
      {settings?.security?.mfa?.enabled ? <TotpEnrolment flow={mfaFlow} /> : null}
    </UserMenuView>
  );
}
