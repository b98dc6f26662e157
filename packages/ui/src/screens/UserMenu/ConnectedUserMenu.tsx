import { useLatchkey, useSession } from '@latchkey/headless/react';
import { accountName, displayNameOf, primaryAddress } from './accountName.js';
import { useMfaDevices, useMfaEnrolment } from '@latchkey/headless/react/mfa';
import { usePasskeyManager } from '@latchkey/headless/react/passkey';
import { useSocialSignIn } from '@latchkey/headless/react/social';
import { unlinkCredential } from '@latchkey/headless/social';
import type { SocialProvider } from '@latchkey/protocol';
import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { KitErrorBoundary } from '../../KitErrorBoundary/KitErrorBoundary.js';
import { lazyWithRetry } from '../../KitErrorBoundary/lazyWithRetry.js';
import { brandingFrom } from '../../Branding/branding.js';
import { supportFrom } from '../../Branding/support.js';
import { smsCountries } from '../../flows/SmsSignIn/countries.js';
import { socialProvidersFrom } from '../../flows/SocialSignIn/socialSettings.js';
import { Spinner } from '../../Spinner.js';
import { MfaDevicesView } from '../../flows/MfaDevices/MfaDevicesView.js';
import { MfaEnrolmentView } from '../../flows/MfaEnrolment/MfaEnrolmentView.js';
import { PasskeyManagerView } from '../../flows/PasskeyManager/PasskeyManagerView.js';
import { ProfileEntry } from '../../flows/Profile/ProfileEntry.js';
import { embeddedWalletsEnabled, useEmbeddedWalletOptions } from '../../LatchkeyUIProvider/embeddedWalletConfig.js';
import { useWalletPanel } from '../../LatchkeyUIProvider/walletPanelSlot.js';
import { AccountSection, type CredentialKind } from './AccountSection.js';
import { isMobileLinkReturn } from './mobileLinkReturn.js';
import { UserMenuView, type LinkedAccount } from './UserMenuView.js';

// Wallet code (wallet-standard registry, catalogue) loads only for users who have or may link wallets.
const ConnectedLinkedWallets = lazyWithRetry(() => import('./ConnectedLinkedWallets.js').then((module) => ({ default: module.ConnectedLinkedWallets })));
const AddCredential = lazyWithRetry(() => import('./AddCredential.js').then((module) => ({ default: module.AddCredential })));

export interface UserMenuProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Focus the trigger when the menu appears (used right after signing in from the dialog). */
  autoFocus?: boolean | undefined;
}

/**
 * The signed-in user's menu wired to the session: their e-mail (or number), "Add email" / "Add phone
 * number" when they have none and the project allows it, linked social accounts (link / unlink), the organisation's
 * menu links and "Sign out". Renders nothing
 * when signed out. Loaded on demand by `UserMenu`.
 */
export function ConnectedUserMenu({ open, defaultOpen, onOpenChange, autoFocus = false }: UserMenuProps) {
  const session = useSession();
  const { client, settings } = useLatchkey();
  const links = useMemo(() => brandingFrom(settings).menuLinks, [settings]);
  const support = useMemo(() => supportFrom(settings), [settings]);
  const passkeyFlow = usePasskeyManager();
  const mfaEnrolmentFlow = useMfaEnrolment();
  const mfaDevicesFlow = useMfaDevices();
  const embeddedWalletOptions = useEmbeddedWalletOptions();
  // The host's wallet panel (`@latchkey/ui/solana`): it carries @solana/web3.js, so only hosts that import it have it.
  const walletPanel = useWalletPanel();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<{ message: string }>();
  const [adding, setAdding] = useState<CredentialKind>();
  const signedIn = session.status === 'signedIn';
  // Back from a mobile wallet with a link under way: the menu opens on Wallets, whose list finishes the link.
  const [linkReturn] = useState(() => isMobileLinkReturn(client.storage));
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
    // Not when it opens by itself for a link's return: focus is in the open menu then.
    if (autoFocus && signedIn && !linkReturn) triggerRef.current?.focus();
    // Keyed on appearing signed in only: later renders must not steal focus back.
  }, [signedIn]);

  if (!signedIn) return null;

  const formats = new Set((session.user?.verifiedCredentials ?? []).map((credential) => credential.format));
  const countries = smsCountries(settings);
  const canAddEmail = !formats.has('email') && Boolean(settings?.sdk?.emailSignIn);
  const canAddPhone = !formats.has('phoneNumber') && countries.length > 0;
  const hasWallet = formats.has('blockchain');
  const offersEmbeddedWallet = embeddedWalletOptions !== undefined && embeddedWalletsEnabled(settings);

  const signOut = async () => {
    setSigningOut(true);
    setError(undefined);
    try {
      await session.signOutAsync();
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

  const credentials = adding ? (
    <LazySection area="add credential">
      <AddCredential kind={adding} countries={countries} onClose={() => setAdding(undefined)} />
    </LazySection>
  ) : canAddEmail || canAddPhone ? (
    <AccountSection canAddEmail={canAddEmail} canAddPhone={canAddPhone} onAdd={setAdding} />
  ) : null;
  const passkeys = settings?.security?.enablePasskeys === true;
  const mfa = settings?.security?.mfa?.enabled === true;
  // Security also holds the embedded or MPC wallet's key actions (the wallet panel puts them there).
  const security =
    passkeys || mfa || (walletPanel && offersEmbeddedWallet) ? (
      <>
        {passkeys ? <PasskeyManagerView flow={passkeyFlow} /> : null}
        {mfa ? (
          <>
            <MfaEnrolmentView flow={mfaEnrolmentFlow} />
            <MfaDevicesView flow={mfaDevicesFlow} />
          </>
        ) : null}
      </>
    ) : undefined;
  const user = session.user;
  return (
    <UserMenuView
      email={user?.email || undefined}
      phoneNumber={user?.phoneNumber || undefined}
      walletAddress={accountName(user && { verifiedCredentials: user.verifiedCredentials })}
      address={primaryAddress(user)}
      displayName={displayNameOf(user)}
      buyUrl={buyUrlFrom(settings)}
      linkedAccounts={linkedAccounts}
      linkableProviders={linkableProviders}
      onLink={(provider) => {
        setUnlinkError(undefined);
        social.link(provider as SocialProvider, { strategy: 'popup' });
      }}
      onUnlink={(credentialId) => void unlink(credentialId)}
      isLinking={unlinking || social.isBusy}
      linkError={unlinkError ?? (social.status === 'failed' ? social.error : undefined)}
      onSignOut={() => void signOut()}
      links={links}
      support={support}
      isSigningOut={signingOut}
      error={error}
      triggerRef={triggerRef}
      {...(open === undefined ? {} : { open })}
      {...(defaultOpen === undefined ? (linkReturn ? { defaultOpen: true } : {}) : { defaultOpen })}
      {...(linkReturn ? { defaultView: 'wallets' as const } : {})}
      onOpenChange={(next) => {
        // Closing the menu ends an unfinished "add" flow.
        if (!next) setAdding(undefined);
        onOpenChange?.(next);
      }}
      views={{
        wallets:
          hasWallet || settings?.sdk?.multiWallet ? (
            <LazySection area="linked wallets">
              <ConnectedLinkedWallets />
            </LazySection>
          ) : undefined,
        security,
        account: credentials ?? undefined,
        // The profile fields and Delete account, edited from the Account view (issue 14).
        profile: <ProfileEntry />,
      }}
    >
      {walletPanel && (hasWallet || offersEmbeddedWallet) ? <LazySection area="wallet panel">{walletPanel}</LazySection> : null}
    </UserMenuView>
  );
}

/** The first onramp's page from the project's funding settings (https, checked by the protocol schema). */
function buyUrlFrom(settings: ReturnType<typeof useLatchkey>['settings']): string | undefined {
  const onramps = settings?.sdk?.funding?.onramps;
  return onramps?.enabled ? onramps.onramps[0]?.url : undefined;
}

/** A part of the menu loaded on demand: a spinner while it loads, "Something went wrong. Retry" if it cannot. */
function LazySection({ area, children }: { area: string; children: ReactNode }) {
  return (
    <KitErrorBoundary area={area}>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </KitErrorBoundary>
  );
}
