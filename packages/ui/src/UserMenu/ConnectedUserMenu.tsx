import { useLatchkey, useSession } from '@latchkey/headless/react';
import { useSocialSignIn } from '@latchkey/headless/react/social';
import { unlinkCredential } from '@latchkey/headless/social';
import type { SocialProvider } from '@latchkey/protocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import { socialProvidersFrom } from '../flows/SocialSignIn/socialSettings.js';
import { UserMenuView, type LinkedAccount } from './UserMenuView.js';

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
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<{ message: string }>();
  const signedIn = session.status === 'signedIn';
  const { client, settings } = useLatchkey();
  // Linking opens a popup from the menu; a redirect return is finished by the sign-in dialog.
  const social = useSocialSignIn({ completeRedirectOnMount: false });
  const [unlinking, setUnlinking] = useState(false);
  const [unlinkError, setUnlinkError] = useState<{ message: string }>();
  const linkedAccounts = useMemo<LinkedAccount[]>(
    () =>
      (session.user?.verifiedCredentials ?? [])
        .filter((credential) => credential.format === 'oauth' && credential.oauth_provider)
        .map((credential) => ({
          id: credential.id,
          provider: credential.oauth_provider as string,
          label: credential.oauth_emails?.[0] ?? credential.oauth_username ?? credential.oauth_display_name ?? credential.public_identifier ?? credential.id,
        })),
    [session.user],
  );
  const linkableProviders = useMemo(
    () => socialProvidersFrom(settings).filter((provider) => !linkedAccounts.some((account) => account.provider === provider)),
    [settings, linkedAccounts],
  );

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

  const unlink = async (credentialId: string) => {
    setUnlinking(true);
    setUnlinkError(undefined);
    social.reset();
    try {
      const response = await unlinkCredential(client, { verifiedCredentialId: credentialId });
      client.session.send({ type: 'server.signedIn', response });
    } catch (cause) {
      setUnlinkError({ message: cause instanceof Error ? cause.message : String(cause) });
    } finally {
      setUnlinking(false);
    }
  };

  return (
    <UserMenuView
      linkedAccounts={linkedAccounts}
      linkableProviders={linkableProviders}
      onLink={(provider) => {
        setUnlinkError(undefined);
        social.link(provider as SocialProvider, { strategy: 'popup' });
      }}
      onUnlink={(credentialId) => void unlink(credentialId)}
      isLinking={unlinking || social.isBusy}
      linkError={unlinkError ?? (social.status === 'failed' ? social.error : undefined)}
      email={session.user?.email ?? undefined}
      onSignOut={() => void signOut()}
      isSigningOut={signingOut}
      error={error}
      triggerRef={triggerRef}
      {...(open === undefined ? {} : { open })}
      {...(defaultOpen === undefined ? {} : { defaultOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
    />
  );
}
