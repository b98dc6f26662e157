import { useLatchkey, useSession } from '@latchkey/headless/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { brandingFrom } from '../Branding/branding.js';
import { smsCountries } from '../flows/PhoneSignIn/countries.js';
import { Spinner } from '../Spinner.js';
import { AccountSection, type CredentialKind } from './AccountSection.js';
import { UserMenuView } from './UserMenuView.js';

const AddCredential = lazy(() => import('./AddCredential.js').then((module) => ({ default: module.AddCredential })));

export interface UserMenuProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Focus the trigger when the menu appears (used right after signing in from the dialog). */
  autoFocus?: boolean | undefined;
}

/**
 * The signed-in user's menu wired to the session: their e-mail (or number), "Add email" / "Add phone
 * number" when they have none and the project allows it, the organisation's menu links and "Sign out". Renders nothing
 * when signed out. Loaded on demand by `UserMenu`.
 */
export function ConnectedUserMenu({ open, defaultOpen, onOpenChange, autoFocus = false }: UserMenuProps) {
  const session = useSession();
  const { settings } = useLatchkey();
  const links = useMemo(() => brandingFrom(settings).menuLinks, [settings]);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<{ message: string }>();
  const [adding, setAdding] = useState<CredentialKind>();
  const signedIn = session.status === 'signedIn';

  useEffect(() => {
    if (autoFocus && signedIn) triggerRef.current?.focus();
    // Keyed on appearing signed in only: later renders must not steal focus back.
  }, [signedIn]);

  if (!signedIn) return null;

  const formats = new Set((session.user?.verifiedCredentials ?? []).map((credential) => credential.format));
  const countries = smsCountries(settings);
  const canAddEmail = !formats.has('email') && Boolean(settings?.sdk?.emailSignIn);
  const canAddPhone = !formats.has('phoneNumber') && countries.length > 0;

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
      email={session.user?.email || undefined}
      phoneNumber={session.user?.phoneNumber || undefined}
      onSignOut={() => void signOut()}
      links={links}
      isSigningOut={signingOut}
      error={error}
      triggerRef={triggerRef}
      {...(open === undefined ? {} : { open })}
      {...(defaultOpen === undefined ? {} : { defaultOpen })}
      onOpenChange={(next) => {
        // Closing the menu ends an unfinished "add" flow.
        if (!next) setAdding(undefined);
        onOpenChange?.(next);
      }}
    >
      {adding ? (
        <Suspense fallback={<Spinner />}>
          <AddCredential kind={adding} countries={countries} onClose={() => setAdding(undefined)} />
        </Suspense>
      ) : (
        <AccountSection canAddEmail={canAddEmail} canAddPhone={canAddPhone} onAdd={setAdding} />
      )}
    </UserMenuView>
  );
}
