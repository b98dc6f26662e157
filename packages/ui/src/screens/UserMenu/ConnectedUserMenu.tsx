import { useLatchkey, useSession } from '@latchkey/headless/react';
import { accountName, displayNameOf, primaryAddress } from './accountName.js';
import type { SocialProvider } from '@latchkey/protocol';
import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { KitErrorBoundary, KitFailure } from '../../KitErrorBoundary/KitErrorBoundary.js';
import { importWhenOnline, lazyWithRetry } from '../../KitErrorBoundary/lazyWithRetry.js';
import { brandingFrom } from '../../Branding/branding.js';
import { supportFrom } from '../../Branding/support.js';
import { smsCountries } from '../../flows/SmsSignIn/countries.js';
import { socialProvidersFrom } from '../../flows/SocialSignIn/socialSettings.js';
import { Loading } from '../../Loading.js';
import { useFirstPaintMessages } from '../../messages/useFirstPaintMessages.js';
import { DeleteAccountStep } from '../../flows/Profile/DeleteAccountStep.js';
import { ProfileEntry } from '../../flows/Profile/ProfileEntry.js';
import type { StepUpPromptModel } from '../../flows/MfaDevices/MfaDevicesModel.js';
import { embeddedWalletsEnabled, useEmbeddedWalletOptions } from '../../LatchkeyUIProvider/embeddedWalletConfig.js';
import { useWalletPanel } from '../../LatchkeyUIProvider/walletPanelSlot.js';
import { panelPreloadOf } from './panelPreload.js';
import { AccountSection, type CredentialKind } from './AccountSection.js';
import { UnlinkAccountSubject } from './AccountView.js';
import { isMobileLinkReturn } from './mobileLinkReturn.js';
import type { MenuFlows } from './menuFlows.js';
import { UserMenuView, type LinkedAccount } from './UserMenuView.js';
import type { UserMenuViewProps } from './userMenuViewProps.js';

// Wallet code (wallet-standard registry, catalogue) loads only for users who have or may link wallets.
const ConnectedLinkedWallets = lazyWithRetry(() => import('./ConnectedLinkedWallets.js').then((module) => ({ default: module.ConnectedLinkedWallets })));
const AddCredential = lazyWithRetry(() => import('./AddCredential.js').then((module) => ({ default: module.AddCredential })));
// The flows' machines (passkeys, MFA, social linking, and xstate) stay out of what opening the menu waits for: they
// load beside the menu once the user is signed in.
const loadMenuFlows = () => importWhenOnline(() => import('./menuFlows.js'));
const MenuFlowsHost = lazyWithRetry(() => loadMenuFlows().then((module) => ({ default: module.MenuFlowsHost })));
const SecurityViews = lazyWithRetry(() => loadMenuFlows().then((module) => ({ default: module.SecurityViews })));
const StepUpPrompt = lazyWithRetry(() => loadMenuFlows().then((module) => ({ default: module.StepUpPrompt })));
const flowsReady = () => MenuFlowsHost.isReady() && SecurityViews.isReady();

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
  const t = useFirstPaintMessages();
  const links = useMemo(() => brandingFrom(settings).menuLinks, [settings]);
  const support = useMemo(() => supportFrom(settings), [settings]);
  const embeddedWalletOptions = useEmbeddedWalletOptions();
  // The host's wallet panel (`@latchkey/ui/solana`): it carries @solana/web3.js, so only hosts that import it have it.
  const walletPanel = useWalletPanel();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<UserMenuViewProps['error']>();
  const [adding, setAdding] = useState<CredentialKind>();
  const signedIn = session.status === 'signedIn';
  // Back from a mobile wallet with a link under way: the menu opens on Wallets, whose list finishes the link.
  const [linkReturn] = useState(() => isMobileLinkReturn(client.storage));
  // The menu's flows, once their chunk has arrived (MenuFlowsHost reports them); until then Security and linking wait.
  const [flows, setFlows] = useState<MenuFlows>();
  const [flowsLoad, setFlowsLoad] = useState<'loading' | 'ready' | 'failed'>(() => (flowsReady() ? 'ready' : 'loading'));
  // The last unlink's refusal shows until the next link or unlink.
  const [showUnlinkError, setShowUnlinkError] = useState(false);
  const [unlinkTarget, setUnlinkTarget] = useState<string>();
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

  const social = flows?.social;
  const flowsFailed = flowsLoad === 'failed';
  useEffect(() => {
    // Signed out, the host unmounts and its flows are over; a new sign-in's host reports new ones.
    if (!signedIn) setFlows(undefined);
    if (!signedIn || flowsLoad !== 'loading') return undefined;
    let live = true;
    Promise.all([MenuFlowsHost.preload(), SecurityViews.preload()]).then(
      () => live && setFlowsLoad('ready'),
      () => live && setFlowsLoad('failed'),
    );
    return () => {
      live = false;
    };
  }, [signedIn, flowsLoad]);

  const formats = new Set((session.user?.verifiedCredentials ?? []).map((credential) => credential.format));
  const hasWallet = formats.has('blockchain');
  const offersEmbeddedWallet = embeddedWalletOptions !== undefined && embeddedWalletsEnabled(settings);
  const showsPanel = Boolean(walletPanel) && (hasWallet || offersEmbeddedWallet);
  // Once the page is idle after signing in, the wallet panel's code (web3.js and the user's kind of wallet) is fetched:
  // the menu then opens whole, not with a 'Loading…' line that pushes its rows down under a quick click.
  const PanelPreload = panelPreloadOf(walletPanel);
  const [panelWarm, setPanelWarm] = useState(() => PanelPreload?.isReady() === true);
  useEffect(() => {
    if (!signedIn || !showsPanel || !PanelPreload || panelWarm) return undefined;
    let live = true;
    // A failed fetch (offline) is not an error yet: opening the menu fetches again and says so.
    const warm = () => PanelPreload.preload().then(() => live && setPanelWarm(true), () => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(warm, { timeout: 2000 });
      return () => {
        live = false;
        cancelIdleCallback(id);
      };
    }
    const id = setTimeout(warm, 200);
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [signedIn, showsPanel, PanelPreload, panelWarm]);

  useEffect(() => {
    // Not when it opens by itself for a link's return: focus is in the open menu then.
    if (autoFocus && signedIn && !linkReturn) triggerRef.current?.focus();
    // Keyed on appearing signed in only: later renders must not steal focus back.
  }, [signedIn]);

  if (!signedIn) return null;

  const countries = smsCountries(settings);
  const canAddEmail = !formats.has('email') && Boolean(settings?.sdk?.emailSignIn);
  const canAddPhone = !formats.has('phoneNumber') && countries.length > 0;

  const signOut = async (everywhere = false) => {
    setSigningOut(true);
    setError(undefined);
    try {
      await session.signOutAsync({ everywhere });
    } catch (cause) {
      // The kit's error as it is (its code and params), so the menu says it in the active locale.
      setError(cause instanceof Error ? cause : { message: String(cause) });
    } finally {
      setSigningOut(false);
    }
  };

  // With a second factor the server may want one passed lately: the flow asks for it ("Confirm it's you"), then unlinks.
  const unlinkFlow = flows?.unlink;
  const unlink = (credentialId: string) => {
    if (!unlinkFlow) return;
    social?.reset();
    setShowUnlinkError(true);
    setUnlinkTarget(credentialId);
    unlinkFlow.unlink(credentialId);
  };
  const unlinkError = showUnlinkError ? unlinkFlow?.error : undefined;
  const unlinkAccount = linkedAccounts.find((account) => account.id === unlinkTarget);
  const unlinkStepUp = unlinkFlow?.stepUp ? (
    <LazySection area="unlink">
      <StepUpPrompt flow={unlinkFlow.stepUp} subject={unlinkAccount && <UnlinkAccountSubject account={unlinkAccount} />} />
    </LazySection>
  ) : undefined;

  // "Confirm it's you" for a wallet's unlink or the account's deletion, from the flows' chunk.
  const stepUpPrompt = (stepUp: StepUpPromptModel, subject?: ReactNode) => (
    <LazySection area="step-up">
      <StepUpPrompt flow={stepUp} subject={subject} />
    </LazySection>
  );
  // Delete account under the profile form, once the menu's flows (its machine among them) have arrived.
  const deletion = flows?.deleteAccount;
  const deleteAccount = deletion ? (
    <DeleteAccountStep status={deletion.status} error={deletion.error} stepUp={deletion.stepUp && stepUpPrompt(deletion.stepUp)} onDelete={deletion.deleteAccount} />
  ) : undefined;

  const credentials = adding ? (
    <LazySection area="add credential">
      <AddCredential kind={adding} countries={countries} onClose={() => setAdding(undefined)} />
    </LazySection>
  ) : canAddEmail || canAddPhone ? (
    <AccountSection canAddEmail={canAddEmail} canAddPhone={canAddPhone} onAdd={setAdding} />
  ) : null;
  const passkeys = settings?.security?.enablePasskeys === true;
  const mfa = settings?.security?.mfa?.enabled === true;
  const securityFlows = flows ? (
    <SecurityViews flows={flows} passkeys={passkeys} mfa={mfa} />
  ) : flowsFailed ? (
    <KitFailure area="security" message={t('kit.failed')} retryLabel={t('kit.retry')} onRetry={() => setFlowsLoad('loading')} />
  ) : (
    <Loading />
  );
  // Security also holds the embedded or MPC wallet's key actions (the wallet panel puts them there).
  const security = passkeys || mfa ? securityFlows : walletPanel && offersEmbeddedWallet ? <></> : undefined;
  const user = session.user;
  return (
    <>
      {flowsLoad === 'ready' ? <MenuFlowsHost onChange={setFlows} /> : null}
      {panelWarm && PanelPreload && showsPanel ? <PanelPreload /> : null}
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
          setShowUnlinkError(false);
          // The flow's code did not arrive (offline): say so, and fetch it again.
          if (!social) {
            if (flowsFailed) setFlowsLoad('loading');
            return;
          }
          social.link(provider as SocialProvider, { strategy: 'popup' });
        }}
        onUnlink={unlink}
        linkStepUp={unlinkStepUp}
        // Until the flow's code is here the link rows wait (a popup must open inside the click that asks for it).
        isLinking={(unlinkFlow !== undefined && unlinkFlow.status !== 'idle') || (social ? social.isBusy : !flowsFailed)}
        linkError={unlinkError ?? (flowsFailed ? { message: t('kit.failed') } : social?.status === 'failed' ? social.error : undefined)}
        onSignOut={() => void signOut()}
        onSignOutEverywhere={() => void signOut(true)}
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
                <ConnectedLinkedWallets unlink={flows?.unlinkWallet} stepUpPrompt={stepUpPrompt} />
              </LazySection>
            ) : undefined,
          security,
          account: credentials ?? undefined,
          // The profile fields and Delete account, edited from the Account view (issue 14).
          profile: <ProfileEntry deleteAccount={deleteAccount} />,
        }}
      >
        {showsPanel ? <LazySection area="wallet panel">{walletPanel}</LazySection> : null}
      </UserMenuView>
    </>
  );
}

/** The first onramp's page from the project's funding settings (https, checked by the protocol schema). */
function buyUrlFrom(settings: ReturnType<typeof useLatchkey>['settings']): string | undefined {
  const onramps = settings?.sdk?.funding?.onramps;
  return onramps?.enabled ? onramps.onramps[0]?.url : undefined;
}

/** A part of the menu loaded on demand: 'Loading…' while it loads, "Something went wrong. Retry" if it cannot. */
function LazySection({ area, children }: { area: string; children: ReactNode }) {
  return (
    <KitErrorBoundary area={area}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </KitErrorBoundary>
  );
}
