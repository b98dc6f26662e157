import type { SocialProvider } from '@latchkey/protocol';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { focusElement } from '../../focus/useViewFocus.js';
import { ViewHeader } from './ViewHeader.js';
import { WalletChooser, WalletEntry } from './WalletChooser.js';
import { brandingFrom, warnRejectedBranding, type BrandingSettings } from '../../Branding/branding.js';
import { LegalFooter } from '../../Branding/LegalFooter.js';
import { supportFrom, type SupportSettings } from '../../Branding/support.js';
import { SupportLinks } from '../../Branding/SupportLinks.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { KitErrorBoundary } from '../../KitErrorBoundary/KitErrorBoundary.js';
import { button } from '../../styles/shared.css.js';
import { EmailSignInView } from '../../flows/EmailSignIn/EmailSignInView.js';
import type { EmailFlowModel } from '../../flows/EmailSignIn/EmailSignInModel.js';
import type { FlowError } from '../../flows/shared/FlowError.js';
import { EmailOrPhoneStep } from '../LoginView/EmailOrPhoneStep.js';
import { pickDefaultCountry, smsCountries, type SmsProviderSettings } from '../../flows/SmsSignIn/countries.js';
import { SmsSignInView } from '../../flows/SmsSignIn/SmsSignInView.js';
import type { SmsFlowModel } from '../../flows/SmsSignIn/SmsSignInModel.js';
import type { MfaChallengeFlowModel } from '../../flows/MfaChallenge/MfaChallengeModel.js';
import { MfaChallengeView } from '../../flows/MfaChallenge/MfaChallengeView.js';
import { AccessDenied, accessDeniedError } from '../../flows/shared/AccessDenied.js';
import type { PasskeySignInFlowModel } from '../../flows/PasskeySignIn/PasskeySignInModel.js';
import { PasskeySignInView } from '../../flows/PasskeySignIn/PasskeySignInView.js';
import { LoginView, type LoginViewSection } from '../LoginView/LoginView.js';
import { lookFrom, type LoginLookSettings } from '../LoginView/loginLook.js';
import { SocialSignInView } from '../../flows/SocialSignIn/SocialSignInView.js';
import { socialLayoutFrom, socialProvidersFrom, type SocialSettings } from '../../flows/SocialSignIn/socialSettings.js';
import type { SocialFlowModel } from '../../flows/SocialSignIn/SocialSignInModel.js';
import { WalletSignInView } from '../../flows/WalletSignIn/WalletSignInView.js';
import type { WalletFlowModel } from '../../flows/WalletSignIn/WalletSignInModel.js';
import { Spinner } from '../../Spinner.js';
import { KitLayer } from '../../theme/ThemeRoot.js';
import { useWarn } from '../../warn.js';
import * as styles from './SignInDialog.css.js';

/** The settings the dialog reads: branding, the login view's blocks, the SMS provider, social. `ProjectSettings` fits. */
export interface SignInDialogSettings extends BrandingSettings, SmsProviderSettings, SocialSettings {
  general?: (NonNullable<BrandingSettings['general']> & NonNullable<SupportSettings['general']>) | undefined;
  sdk?: ({ views?: readonly { type: string; sections: readonly LoginViewSection[] }[] | undefined } & NonNullable<SocialSettings['sdk']>) | undefined;
  design?: (NonNullable<BrandingSettings['design']> & NonNullable<SocialSettings['design']> & LoginLookSettings) | undefined;
  /** `enablePasskeys` shows "Sign in with a passkey". */
  security?: { enablePasskeys?: boolean | undefined } | undefined;
}

export interface SignInDialogOpenProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (rendered through Radix `Dialog.Trigger asChild`). */
  trigger?: ReactNode;
  /** Where focus goes when the dialog closes, for a dialog opened without `trigger`. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Signed in with profile fields missing: the dialog shows the onboarding step (`general.collectUserData…`). */
  onboarding?: boolean;
  /** "Skip for now" in the onboarding step (offered when every missing field is optional). */
  onSkipOnboarding?: () => void;
  /** A required profile field is missing: the onboarding step cannot be dismissed (no close button, Escape and outside clicks ignored). */
  onboardingRequired?: boolean;
}

export interface SignInDialogViewProps extends SignInDialogOpenProps {
  settings: SignInDialogSettings | undefined;
  settingsStatus: 'loading' | 'ready' | 'failed';
  settingsError?: FlowError | { message: string } | undefined;
  /** Loads the settings again after they failed (`useLatchkey().reloadSettings`): a Retry under the error. */
  onRetrySettings?: (() => void) | undefined;
  emailFlow: EmailFlowModel;
  /** The SMS flow, for the `phone` and `emailAndPhone` blocks (shown when settings enable an SMS provider). */
  smsFlow?: SmsFlowModel | undefined;
  /** The social block's flow (`useSocialSignIn()`); without it the block is skipped. */
  socialFlow?: SocialFlowModel | undefined;
  /** The wallet block's flow (`useWalletSignIn()`); without it the block is skipped. */
  walletFlow?: WalletFlowModel | undefined;
  /** The passkey sign-in flow (`usePasskeySignIn()`); its button shows when the settings enable passkeys. */
  passkeyFlow?: PasskeySignInFlowModel | undefined;
  /** The session's status (`useSession().status`): in `mfa` the dialog asks for the second factor. */
  sessionStatus?: string | undefined;
  /** The MFA challenge flow (`useMfaChallenge()`), for the second factor after sign-in. */
  mfaFlow?: MfaChallengeFlowModel | undefined;
  /** The onboarding step (the connected dialog passes `<Profile purpose="onboarding" />`) shown instead of the sign-in steps. */
  onboardingStep?: ReactNode;
  /** Under a locked onboarding step: "Sign out instead", the one way out without saving the required fields. */
  onSignOut?: (() => void) | undefined;
}

/** The login view's blocks from settings: `sdk.views[type=login].sections`. */
export function loginSections(settings: SignInDialogSettings | undefined): readonly LoginViewSection[] | undefined {
  const views = settings?.sdk?.views;
  return Array.isArray(views) ? views.find((view) => view?.type === 'login')?.sections : undefined;
}

/**
 * The sign-in dialog's markup (Radix Dialog: focus trap, Escape, title and description wiring),
 * fed entirely by props: organisation branding in the header and footer, the login view's blocks,
 * and the e-mail flow's steps.
 */
export function SignInDialogView({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  onCloseAutoFocus,
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
}: SignInDialogViewProps) {
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
  // "Connect a wallet" opens the wallet list as the dialog's own view (header, Back); `showWalletsButton: false`
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
  const contentRef = useRef<HTMLDivElement>(null);
  const entryFocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    // A new view focuses its title; back on the main view, focus returns to what opened the view just left.
    if (subView && viewTitleRef.current) focusElement(viewTitleRef.current);
    else if (entryFocus.current) {
      const entry = contentRef.current?.querySelector<HTMLElement>(`[data-opens="${entryFocus.current}"]`);
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
  // The sign-in is not complete until a required profile field is saved: nothing dismisses the dialog meanwhile.
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

  return (
    <Dialog.Root
      {...(open === undefined ? {} : { open })}
      {...(defaultOpen === undefined ? {} : { defaultOpen })}
      onOpenChange={(next) => {
        if (!next) setView('main');
        onOpenChange?.(next);
      }}
    >
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <KitLayer>
          <Dialog.Overlay className={styles.overlay} />
          <Dialog.Content
            ref={contentRef}
            className={styles.content}
            data-latchkey-dialog="sign-in"
            data-view={subView ?? 'main'}
            data-template={look.template}
            {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
            {...(locked ? { onEscapeKeyDown: (event: KeyboardEvent) => event.preventDefault(), onInteractOutside: (event: Event) => event.preventDefault() } : {})}
          >
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
              <>
                <header className={styles.header}>
                  {branding.logoUrl ? (
                    <img className={styles.logo} src={branding.logoUrl} alt="" width={48} height={48} />
                  ) : null}
                  <Dialog.Title className={styles.title}>
                    {branding.displayName ? t('signIn.titleNamed', { name: branding.displayName }) : t('signIn.button')}
                  </Dialog.Title>
                  <Dialog.Description className={styles.description}>
                    {onboardingStep
                      ? t('signIn.onboarding')
                      : secondFactor
                      ? t('signIn.secondFactor')
                      : settingsStatus !== 'ready'
                        ? t('signIn.intro')
                        : phoneEnabled
                        ? t('signIn.introEmailOrPhone')
                        : t('signIn.introEmail')}
                  </Dialog.Description>
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
                    <EmailSignInView
                      flow={emailFlow}
                      submitInsideInput={look.emailSubmitButtonInsideInput}
                      renderEmailStep={(emailStep, memory) =>
                        smsFlow && phoneEnabled ? (
                          // The e-mail flow is idle: the SMS flow decides between its own steps and the login view.
                          <SmsSignInView
                            flow={smsFlow}
                            countries={countries}
                            defaultCountry={country}
                            renderPhoneStep={(phoneStep) => (
                              <LoginView
                                sections={sections}
                                email={withPasskey(emailStep)}
                                social={social}
                                wallet={wallet}
                                socialAboveEmail={layout.socialAboveEmail}
                                splitEmailAndSocial={layout.splitEmailAndSocial}
                                displayOrder={look.displayOrder}
                                emailOnly={look.emailOnly}
                                phone={phoneStep}
                                emailAndPhone={withPasskey(
                                  <EmailOrPhoneStep
                                    countries={countries}
                                    defaultCountry={smsFlow.phone?.isoCountryCode ?? country}
                                    defaultValue={memory.lastEmail ?? smsFlow.phone?.phoneNumber}
                                    isSending={emailFlow.status === 'sendingCode' || smsFlow.status === 'sendingCode'}
                                    emailError={emailFlow.error}
                                    phoneError={smsFlow.error}
                                    onSubmitEmail={(email) => {
                                      void smsFlow.reset();
                                      void emailFlow.sendCode(email);
                                    }}
                                    onSubmitPhone={(phone) => {
                                      void emailFlow.reset();
                                      void smsFlow.sendCode(phone);
                                    }}
                                  />,
                                )}
                              />
                            )}
                          />
                        ) : (
                          <LoginView
                            sections={sections}
                            email={withPasskey(emailStep)}
                            social={social}
                            wallet={wallet}
                            socialAboveEmail={layout.socialAboveEmail}
                            splitEmailAndSocial={layout.splitEmailAndSocial}
                            displayOrder={look.displayOrder}
                            emailOnly={look.emailOnly}
                          />
                        )
                      }
                    />
                  )}
                </KitErrorBoundary>
              </>
            )}
            {branding.termsUrl || branding.privacyUrl || support ? (
              <footer className={styles.footer}>
                <LegalFooter termsUrl={branding.termsUrl} privacyUrl={branding.privacyUrl} />
                <SupportLinks support={support} />
              </footer>
            ) : null}
            {locked ? null : (
              <Dialog.Close className={styles.close} aria-label={t('common.close')}>
                <span aria-hidden="true">×</span>
              </Dialog.Close>
            )}
          </Dialog.Content>
        </KitLayer>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
