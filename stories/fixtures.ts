import { fn } from 'storybook/test';
import type { EmailFlowModel } from '../packages/ui/src/flows/index.js';
import type { SignInDialogSettings } from '../packages/ui/src/index.js';
import logoPath from './assets/acme-logo.svg?no-inline';

/** A fixed e-mail flow view model in one state, with spy commands. */
export function emailFlow(overrides: Partial<EmailFlowModel> = {}): EmailFlowModel {
  return {
    status: 'idle',
    email: undefined,
    error: undefined,
    isBusy: false,
    sendCode: fn().mockName('sendCode'),
    resendCode: fn().mockName('resendCode'),
    submitCode: fn().mockName('submitCode'),
    cancel: fn().mockName('cancel'),
    reset: fn().mockName('reset'),
    ...overrides,
  };
}

/** The errors of SPEC §8 the e-mail flow shows, with their exact wording. */
export const wrongCodeError = { code: 'wrong_email_verification_token', message: 'The code is invalid or expired.' };
export const tooManyAttemptsError = {
  code: 'too_many_email_verification_attempts',
  message: 'Too many email verification attempts.',
};

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
