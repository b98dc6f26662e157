import type { ReactNode } from 'react';
import type { BrandingSettings } from '../../Branding/branding.js';
import type { SupportSettings } from '../../Branding/support.js';
import type { EmailFlowModel } from '../../flows/EmailSignIn/EmailSignInModel.js';
import type { MfaChallengeFlowModel } from '../../flows/MfaChallenge/MfaChallengeModel.js';
import type { PasskeySignInFlowModel } from '../../flows/PasskeySignIn/PasskeySignInModel.js';
import type { FlowError } from '../../flows/shared/FlowError.js';
import type { SmsProviderSettings } from '../../flows/SmsSignIn/countries.js';
import type { SmsFlowModel } from '../../flows/SmsSignIn/SmsSignInModel.js';
import type { SocialSettings } from '../../flows/SocialSignIn/socialSettings.js';
import type { SocialFlowModel } from '../../flows/SocialSignIn/SocialSignInModel.js';
import type { WalletFlowModel } from '../../flows/WalletSignIn/WalletSignInModel.js';
import type { LoginViewSection } from '../LoginView/LoginView.js';
import type { LoginLookSettings } from '../LoginView/loginLook.js';

/** The settings the sign-in reads: branding, the login view's blocks, the SMS provider, social. `ProjectSettings` fits. */
export interface SignInDialogSettings extends BrandingSettings, SmsProviderSettings, SocialSettings {
  general?: (NonNullable<BrandingSettings['general']> & NonNullable<SupportSettings['general']>) | undefined;
  sdk?: ({ views?: readonly { type: string; sections: readonly LoginViewSection[] }[] | undefined } & NonNullable<SocialSettings['sdk']>) | undefined;
  design?: (NonNullable<BrandingSettings['design']> & NonNullable<SocialSettings['design']> & LoginLookSettings) | undefined;
  /** `enablePasskeys` shows "Sign in with a passkey". */
  security?: { enablePasskeys?: boolean | undefined } | undefined;
}

/** What the sign-in shows, as props: the settings and the flows. The dialog and the embedded sign-in take the same. */
export interface SignInContentProps {
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
  /** The session's status (`useSession().status`): in `mfa` the sign-in asks for the second factor. */
  sessionStatus?: string | undefined;
  /** The MFA challenge flow (`useMfaChallenge()`), for the second factor after sign-in. */
  mfaFlow?: MfaChallengeFlowModel | undefined;
  /** The onboarding step (the connected sign-in passes `<Profile purpose="onboarding" />`) shown instead of the sign-in steps. */
  onboardingStep?: ReactNode;
  /** A required profile field is missing: the onboarding step cannot be dismissed (no close button, Escape and outside clicks ignored). */
  onboardingRequired?: boolean;
  /** Under a locked onboarding step: "Sign out instead", the one way out without saving the required fields. */
  onSignOut?: (() => void) | undefined;
}

/** The login view's blocks from settings: `sdk.views[type=login].sections`. */
export function loginSections(settings: SignInDialogSettings | undefined): readonly LoginViewSection[] | undefined {
  const views = settings?.sdk?.views;
  return Array.isArray(views) ? views.find((view) => view?.type === 'login')?.sections : undefined;
}
