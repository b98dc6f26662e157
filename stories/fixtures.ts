import { fn } from 'storybook/test';
import type {
  EmailFlowModel,
  MfaChallengeFlowModel,
  MfaDevicesFlowModel,
  MfaEnrolmentFlowModel,
  PasskeyManagerFlowModel,
  PasskeySignInFlowModel,
  SendFlowModel,
  SmsFlowModel,
} from '../packages/ui/src/flows/index.js';
import type { StepUpPromptModel } from '../packages/ui/src/flows/MfaDevices/MfaDevicesModel.js';
import type { SignInDialogSettings } from '../packages/ui/src/index.js';
import {
  emailFlowModel,
  mfaChallengeFlowModel,
  mfaDevicesFlowModel,
  mfaEnrolmentFlowModel,
  passkeyManagerFlowModel,
  passkeySignInFlowModel,
  sendFlowModel,
  smsFlowModel,
  stepUpModel,
  type SpyFactory,
} from '../packages/ui/src/test/flowModels.js';
import logoPath from './assets/acme-logo.svg?no-inline';
import accessBlockedPath from './assets/access-blocked.svg?no-inline';
import accessNotListedPath from './assets/access-not-listed.svg?no-inline';

// The flow models and the spec's error sentences are shared with the jsdom tests (packages/ui/src/test/flowModels.ts).
export {
  invalidPhoneError,
  mfaDeviceNotFoundError,
  mfaInvalidCodeError,
  mfaNothingToAcknowledgeError,
  mfaTooManyError,
  notSupportedError,
  passkeyMfaDevice,
  previouslyRegisteredError,
  rateLimitError,
  sampleMfaDevices,
  samplePasskeys,
  sampleRecoveryCodes,
  sentToUk,
  stepUpRequiredError,
  totpMfaDevice,
  tooManyAttemptsError,
  tooManySmsAttemptsError,
  wrongCodeError,
  totpRegistration,
  wrongSmsCodeError,
} from '../packages/ui/src/test/flowModels.js';

/** Spies that name themselves in Storybook's actions panel. */
const spy: SpyFactory = (command) => fn().mockName(command);

/** A fixed e-mail flow view model in one state, with spy commands. */
export const emailFlow = (overrides: Partial<EmailFlowModel> = {}): EmailFlowModel => emailFlowModel(spy, overrides);

/** A login view of SPEC §2: e-mail, a separator and a line of text. */
export const loginView: SignInDialogSettings['sdk'] = {
  views: [
    {
      type: 'login',
      sections: [
        { type: 'text', label: 'Use the email you registered with.' },
        { type: 'email' },
        { type: 'separator', label: 'or' },
        { type: 'text', label: 'New here? Signing in creates your account.' },
      ],
    },
  ],
};

/**
 * The project's pictures for the access gate's refusals (display settings), served by Storybook itself:
 * `imageUserInAccessList` for an address the list blocks, `imageUserNotInAccessList` for one it does not allow.
 */
export const accessImages = {
  imageUserInAccessList: new URL(accessBlockedPath, window.location.href).href,
  imageUserNotInAccessList: new URL(accessNotListedPath, window.location.href).href,
};

/**
 * Organisation branding with a logo served by Storybook itself (a loopback URL, which the kit
 * accepts like https) and https terms/privacy links.
 */
export const brandedSettings: SignInDialogSettings = {
  general: { displayName: 'Acme Rewards', appLogo: new URL(logoPath, window.location.href).href },
  design: {
    branding: {
      termsOfServiceUrl: 'https://acme.example/terms',
      privacyPolicyUrl: 'https://acme.example/privacy',
    },
  },
  sdk: loginView,
};

/** A fixed SMS flow view model in one state, with spy commands. */
export const smsFlow = (overrides: Partial<SmsFlowModel> = {}): SmsFlowModel => smsFlowModel(spy, overrides);

/** A fixed send flow (`useSendTransaction()`) view model in one state, with spy commands. */
export const sendFlow = (overrides: Partial<SendFlowModel> = {}): SendFlowModel => sendFlowModel(spy, overrides);

/** Countries an SMS provider sends to (`enabledCountries`). */
export const smsCountryList = [
  { isoCountryCode: 'US', phoneCountryCode: '1' },
  { isoCountryCode: 'GB', phoneCountryCode: '44' },
  { isoCountryCode: 'DE', phoneCountryCode: '49' },
  { isoCountryCode: 'FR', phoneCountryCode: '33' },
];

export const ukPhone = { phoneNumber: '07400 123456', isoCountryCode: 'GB' };

/** The SMS flow's errors of SPEC §8 beyond those of flowModels.ts. */
export const invalidCodeError = { code: 'invalid_code', message: 'Invalid code' };
export const phoneTakenError = { code: 'user_has_already_account_with_phone_number', message: 'Another account already uses this phone number.' };
export const emailTakenError = { code: 'user_has_already_account_with_email', message: 'Another account already uses this email address.' };

/** Settings with an SMS provider and one field for e-mail or phone. */
export const phoneSettings: SignInDialogSettings = {
  providers: [{ provider: 'twilio', enabledAt: '2026-01-01T00:00:00.000Z', enabledCountries: smsCountryList }],
  sdk: {
    views: [
      {
        type: 'login',
        sections: [
          { type: 'emailAndPhone' },
          { type: 'separator', label: 'or' },
          { type: 'text', label: 'New here? Signing in creates your account.' },
        ],
      },
    ],
  },
};

/** Fixed passkey and MFA flow view models in one state, with spy commands. */
export const passkeySignInFlow = (overrides: Partial<PasskeySignInFlowModel> = {}): PasskeySignInFlowModel => passkeySignInFlowModel(spy, overrides);
export const passkeyManagerFlow = (overrides: Partial<PasskeyManagerFlowModel> = {}): PasskeyManagerFlowModel => passkeyManagerFlowModel(spy, overrides);
export const mfaChallengeFlow = (overrides: Partial<MfaChallengeFlowModel> = {}): MfaChallengeFlowModel => mfaChallengeFlowModel(spy, overrides);
export const mfaEnrolmentFlow = (overrides: Partial<MfaEnrolmentFlowModel> = {}): MfaEnrolmentFlowModel => mfaEnrolmentFlowModel(spy, overrides);
export const mfaDevicesFlow = (overrides: Partial<MfaDevicesFlowModel> = {}): MfaDevicesFlowModel => mfaDevicesFlowModel(spy, overrides);
/** "Confirm it's you" as a guarded flow's `stepUp` (an unlink, a passkey's removal, a second device), with spy commands. */
export const stepUpFlow = (overrides: Partial<StepUpPromptModel> = {}): StepUpPromptModel => stepUpModel(spy, overrides);
