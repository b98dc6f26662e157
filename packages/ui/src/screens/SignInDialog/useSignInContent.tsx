import type { SocialProvider } from '@latchkey/protocol';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { brandingFrom, warnRejectedBranding } from '../../Branding/branding.js';
import { LegalFooter } from '../../Branding/LegalFooter.js';
import { supportFrom } from '../../Branding/support.js';
import { SupportLinks } from '../../Branding/SupportLinks.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { KitErrorBoundary } from '../../KitErrorBoundary/KitErrorBoundary.js';
import { focusElement } from '../../focus/useViewFocus.js';
import { MfaChallengeView } from '../../flows/MfaChallenge/MfaChallengeView.js';
import { PasskeySignInView } from '../../flows/PasskeySignIn/PasskeySignInView.js';
import { AccessDenied, accessDeniedError } from '../../flows/shared/AccessDenied.js';
import { pickDefaultCountry, smsCountries } from '../../flows/SmsSignIn/countries.js';
import { SocialSignInView } from '../../flows/SocialSignIn/SocialSignInView.js';
import { socialLayoutFrom, socialProvidersFrom } from '../../flows/SocialSignIn/socialSettings.js';
import { WalletSignInView } from '../../flows/WalletSignIn/WalletSignInView.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { useMessages } from '../../messages/useMessages.js';
import { Spinner } from '../../Spinner.js';
import { button } from '../../styles/shared.css.js';
import { useWarn } from '../../warn.js';
import type { LoginViewSection } from '../LoginView/LoginView.js';
import { lookFrom } from '../LoginView/loginLook.js';
import { loginSections, type SignInContentProps } from './signInProps.js';
import { useSignInParts } from './signInParts.js';
import { SignInSteps } from './SignInSteps.js';
import { ViewHeader } from './ViewHeader.js';
import { WalletChooser, WalletEntry } from './WalletChooser.js';
import * as styles from './SignInDialog.css.js';

export interface SignInContent {
  /** Goes on the frame's root element (the dialog's content, the embedded region): focus moves are looked up in it. */
  rootRef: RefObject<HTMLElement | null>;
  /** Which view shows: the main one, the wallet list or "More options" (the root's `data-view`). */
  view: 'main' | 'wallets' | 'social';
  /** `design.modal.template`, checked (the root's `data-template`). */
  template: string | undefined;
  /** A required onboarding step shows: nothing may dismiss the sign-in. */
  locked: boolean;
  /** The header, the current view's steps, the footer. */
  body: ReactNode;
}

/**
 * The sign-in's content, whatever frames it (the modal dialog, or inline in the host's page — `design.modal.view`):
 * organisation branding in the header and footer, the login view's blocks, the flows' steps, and the views it opens
 * (the wallet list, "More options") with Back. Titles and descriptions come from the frame (`SignInPartsContext`).
 */
export function useSignInContent({
  settings,
  settingsStatus,
  settingsError,
  onRetrySettings,
  emailFlow,
  smsFlow,
  socialFlow,
  walletFlow,
  passkeyFlow,
  sessionStatus,
  mfaFlow,
  onboardingStep,
  onboardingRequired,
  onSignOut,
}: SignInContentProps): SignInContent {
  const { Title, Description } = useSignInParts();
  const warn = useWarn();
  const branding = useMemo(() => brandingFrom(settings), [settings]);
  const rejectedKey = branding.rejected.join(',');
  useEffect(() => {
    if (rejectedKey) warnRejectedBranding(branding, warn);
    // Keyed on the refused settings, so it warns once per distinct set rather than on every render.
  }, [rejectedKey, warn]);
  const support = useMemo(() => supportFrom(settings), [settings]);
  const sections = loginSections(settings);
  const countries = useMemo(() => (smsFlow ? smsCountries(settings) : []), [smsFlow !== undefined, settings]);
  const phoneEnabled = smsFlow !== undefined && countries.length > 0;
  const country = useMemo(() => pickDefaultCountry(countries), [countries]);
  const providers = useMemo(() => socialProvidersFrom(settings), [settings]);
  const layout = socialLayoutFrom(settings);
  const look = lookFrom(settings);
  const t = useMessages();
  const errorText = useErrorText();
  const showWalletsButton = (settings?.design as { modal?: { showWalletsButton?: boolean } } | undefined)?.modal?.showWalletsButton;
  // "Connect a wallet" opens the wallet list as the sign-in's own view (header, Back); `showWalletsButton: false`
  // keeps the list inline on the main view, as the project asked.
  const [view, setView] = useState<'main' | 'wallets' | 'social'>('main');
  const [walletsLabel, setWalletsLabel] = useState<string>();
  // Back from a mobile wallet (a sign-in over the redirect under way or just refused): its steps show in the wallet view.
  const mobileStep = walletFlow?.mobileStatus;
  useEffect(() => {
    if (mobileStep !== undefined && mobileStep !== 'idle' && mobileStep !== 'connected' && mobileStep !== 'redirecting') setView('wallets');
  }, [mobileStep]);
  const subViewAllowed = settingsStatus === 'ready' && !onboardingStep && !(sessionStatus === 'mfa' && mfaFlow !== undefined);
  const walletView = view === 'wallets' && walletFlow !== undefined && subViewAllowed;
  // "More options": every social provider in a view of its own (header, Back), not an inline expansion.
  const socialView = view === 'social' && socialFlow !== undefined && subViewAllowed;
  const subView = walletView ? 'wallets' : socialView ? 'social' : undefined;
  const viewTitleRef = useRef<HTMLHeadingElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const entryFocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    // A new view focuses its title; back on the main view, focus returns to what opened the view just left.
    if (subView && viewTitleRef.current) focusElement(viewTitleRef.current);
    else if (entryFocus.current) {
      const entry = rootRef.current?.querySelector<HTMLElement>(`[data-opens="${entryFocus.current}"]`);
      if (entry) focusElement(entry);
    }
    entryFocus.current = subView;
  }, [subView]);
  const wallet = walletFlow
    ? (section: LoginViewSection) =>
        showWalletsButton === false ? (
          <WalletSignInView flow={walletFlow} label={section.label} showWalletsButton={false} />
        ) : (
          <WalletEntry
            flow={walletFlow}
            label={section.label ?? t('signIn.wallets.title')}
            onOpen={() => {
              setWalletsLabel(section.label);
              setView('wallets');
            }}
          />
        )
    : undefined;
  const social = socialFlow
    ? (section: LoginViewSection) => (
        <SocialSignInView
          providers={providers}
          numOfItemsToDisplay={section.numOfItemsToDisplay ?? layout.numOfItemsToDisplay}
          status={socialFlow.status}
          activeProvider={socialFlow.provider}
          error={socialFlow.error}
          onSelect={(provider) => socialFlow.signIn(provider as SocialProvider)}
          onCancel={() => socialFlow.cancel()}
          onMore={() => setView('social')}
        />
      )
    : undefined;
  // The sign-in is not complete until a required profile field is saved: nothing dismisses it meanwhile.
  const locked = onboardingStep !== undefined && onboardingStep !== null && onboardingRequired === true;
  const showPasskey = passkeyFlow !== undefined && settings?.security?.enablePasskeys === true;
  const accessDenied = accessDeniedError([emailFlow.error, smsFlow?.error, socialFlow?.error, walletFlow?.error, passkeyFlow?.error]);
  const secondFactor = sessionStatus === 'mfa' && mfaFlow !== undefined;
  // The passkey button sits under the e-mail (or e-mail-or-phone) field when the project enables passkeys.
  const withPasskey = (step: ReactNode) =>
    showPasskey && passkeyFlow ? (
      <>
        {step}
        <PasskeySignInView flow={passkeyFlow} />
      </>
    ) : (
      step
    );

  const main = (
    <>
      <header className={styles.header}>
        {branding.logoUrl ? <img className={styles.logo} src={branding.logoUrl} alt="" width={48} height={48} /> : null}
        <Title className={styles.title}>{branding.displayName ? t('signIn.titleNamed', { name: branding.displayName }) : t('signIn.button')}</Title>
        <Description className={styles.description}>
          {onboardingStep
            ? t('signIn.onboarding')
            : secondFactor
              ? t('signIn.secondFactor')
              : settingsStatus !== 'ready'
                ? t('signIn.intro')
                : phoneEnabled
                  ? t('signIn.introEmailOrPhone')
                  : t('signIn.introEmail')}
        </Description>
      </header>
      <KitErrorBoundary area="sign-in dialog content">
        {accessDenied && settingsStatus === 'ready' && !onboardingStep && !secondFactor ? (
          <AccessDenied code={accessDenied.code} images={{ inAccessList: branding.inAccessListImageUrl, notInAccessList: branding.notInAccessListImageUrl }} />
        ) : null}
        {settingsStatus === 'loading' ? (
          <p role="status" className={styles.loading}>
            <Spinner />
            {t('signIn.loading')}
          </p>
        ) : settingsStatus === 'failed' ? (
          <>
            <ErrorMessage>{errorText(settingsError) ?? t('signIn.loadFailed')}</ErrorMessage>
            {onRetrySettings ? (
              <button type="button" className={button.secondary} onClick={onRetrySettings}>
                {t('common.retry')}
              </button>
            ) : null}
          </>
        ) : onboardingStep ? (
          <>
            {onboardingStep}
            {locked && onSignOut ? (
              <button type="button" className={button.quiet} onClick={onSignOut}>
                {t('profile.onboarding.signOut')}
              </button>
            ) : null}
          </>
        ) : secondFactor ? (
          <MfaChallengeView flow={mfaFlow} />
        ) : (
          <SignInSteps
            emailFlow={emailFlow}
            smsFlow={phoneEnabled ? smsFlow : undefined}
            countries={countries}
            country={country}
            sections={sections}
            look={look}
            layout={layout}
            withPasskey={withPasskey}
            social={social}
            wallet={wallet}
          />
        )}
      </KitErrorBoundary>
    </>
  );

  const body = (
    <>
      {walletView ? (
        <>
          <ViewHeader
            title={walletsLabel ?? t('signIn.wallets.title')}
            description={t('signIn.wallets.intro')}
            titleRef={viewTitleRef}
            onBack={() => {
              // Leaving while a wallet is asked to connect or sign ends that attempt.
              if (walletFlow.status === 'connecting' || walletFlow.status === 'signing' || walletFlow.status === 'confirming') walletFlow.cancel();
              setView('main');
            }}
          />
          <WalletChooser flow={walletFlow} />
        </>
      ) : socialView ? (
        <>
          <ViewHeader title={t('signIn.social.title')} description={t('signIn.social.intro')} titleRef={viewTitleRef} onBack={() => setView('main')} />
          <SocialSignInView
            providers={providers}
            numOfItemsToDisplay={providers.length}
            status={socialFlow.status}
            activeProvider={socialFlow.provider}
            error={socialFlow.error}
            onSelect={(provider) => socialFlow.signIn(provider as SocialProvider)}
            onCancel={() => socialFlow.cancel()}
          />
        </>
      ) : (
        main
      )}
      {branding.termsUrl || branding.privacyUrl || support ? (
        <footer className={styles.footer}>
          <LegalFooter termsUrl={branding.termsUrl} privacyUrl={branding.privacyUrl} />
          <SupportLinks support={support} />
        </footer>
      ) : null}
    </>
  );
  return { rootRef, view: subView ?? 'main', template: look.template, locked, body };
}
