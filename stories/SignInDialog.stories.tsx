import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { SignInDialogView } from '../packages/ui/src/screens/SignInDialog/SignInDialogView.js';
import { expectAccessible } from './a11y.js';
import { accessBlockedArgs, expectAccessBlocked, onboardingStep, socialFlow, socialSettings, walletFlow, walletLoginView } from './signInFixtures.js';
import { accessImages, brandedSettings, emailFlow, invalidPhoneError, loginView, mfaChallengeFlow, passkeySignInFlow, phoneSettings, sentToUk, smsFlow, ukPhone, wrongCodeError, wrongSmsCodeError } from './fixtures.js';

/** The sign-in dialog (Radix Dialog) from props: login view blocks, branding, settings states. */
const meta = {
  title: 'Screens/SignInDialog',
  component: SignInDialogView,
  args: {
    open: true,
    onOpenChange: fn(),
    settings: { sdk: loginView },
    settingsStatus: 'ready',
    emailFlow: emailFlow(),
  },
} satisfies Meta<typeof SignInDialogView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoginView: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    // the settings' "or" has no second method to separate yet, so the dialog leaves it out
    await expect(within(dialog).queryByRole('separator')).toBeNull();
    await expectAccessible();
  },
};

export const WithBranding: Story = {
  args: { settings: brandedSettings },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to Acme Rewards' });
    await expect(dialog.querySelector('img')).toHaveAttribute('src', brandedSettings.general?.appLogo);
    await expect(within(dialog).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      'https://acme.example/terms',
    );
    await expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expectAccessible();
  },
};

export const WithBrandingDark: Story = {
  ...WithBranding,
  globals: { theme: 'dark', accent: 'teal' },
};

export const UnknownBlockSkipped: Story = {
  args: {
    settings: {
      sdk: {
        views: [{ type: 'login', sections: [{ type: 'wallet' }, { type: 'email' }, { type: 'crystalBall' }, { type: 'text', label: 'Only email is on offer here.' }] }],
      },
    },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByLabelText('Email')).toBeVisible();
    await expect(within(dialog).getByText('Only email is on offer here.')).toBeVisible();
    await expect(dialog.querySelector('[data-latchkey-view="login"]')?.children).toHaveLength(2);
  },
};

export const CodeStepInDialog: Story = {
  args: {
    settings: brandedSettings,
    emailFlow: emailFlow({ status: 'awaitingCode', email: 'ada@example.com', error: wrongCodeError }),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
    await expectAccessible();
  },
};

export const LoadingSettings: Story = {
  args: { settings: undefined, settingsStatus: 'loading' },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Loading sign-in options…');
  },
};

export const SettingsFailed: Story = {
  args: { settings: undefined, settingsStatus: 'failed', settingsError: { code: 'internal_error', message: 'Internal error.' } },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Internal error.');
  },
};

/** The sandbox (or the network) is down when the dialog opens: the sentence, and Retry loads the options again. */
export const SettingsNetworkError: Story = {
  args: {
    settings: undefined,
    settingsStatus: 'failed',
    settingsError: { code: 'network_error', message: 'Network error. Check your connection and try again.' },
    onRetrySettings: fn(),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Network error. Check your connection and try again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetrySettings).toHaveBeenCalledTimes(1);
  },
};

export const SettingsNetworkErrorDark: Story = { ...SettingsNetworkError, globals: { theme: 'dark' } };

export const EmailOrPhoneBlock: Story = {
  args: { settings: phoneSettings, smsFlow: smsFlow() },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toHaveAccessibleDescription('Sign in or create an account with your email or phone number.');
    await expect(within(dialog).getByLabelText('Email or phone number')).toBeVisible();
    await expectAccessible();
  },
};

export const EmailOrPhoneInvalidPhone: Story = {
  args: { settings: phoneSettings, smsFlow: smsFlow({ phone: { phoneNumber: '12', isoCountryCode: 'US' }, error: invalidPhoneError }) },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid phone number.');
    await expect(within(dialog).getByLabelText('Country')).toHaveValue('US');
    await expectAccessible();
  },
};

export const PhoneBlock: Story = {
  args: {
    settings: { ...phoneSettings, sdk: { views: [{ type: 'login', sections: [{ type: 'phone' }, { type: 'separator', label: 'or' }, { type: 'email' }] }] } },
    smsFlow: smsFlow(),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await expect(within(dialog).getByLabelText('Phone number')).toBeVisible();
    await expect(within(dialog).getByLabelText('Email')).toBeVisible();
    await expectAccessible();
  },
};

export const SmsCodeStepInDialog: Story = {
  args: { settings: phoneSettings, smsFlow: smsFlow({ status: 'awaitingCode', phone: ukPhone, sentTo: sentToUk, error: wrongSmsCodeError }) },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(dialog.querySelector('[data-flow="sms"]')).toHaveAttribute('data-state', 'awaitingCode');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
    await expectAccessible();
  },
};

export const SmsCodeStepInDialogDark: Story = { ...SmsCodeStepInDialog, globals: { theme: 'dark' } };

export const WithPasskey: Story = {
  args: { settings: { sdk: loginView, security: { enablePasskeys: true } }, passkeyFlow: passkeySignInFlow() },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await expect(within(dialog).getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    await expectAccessible();
  },
};

export const WithPasskeyDark: Story = {
  ...WithPasskey,
  globals: { theme: 'dark' },
};

export const MfaChallengeInDialog: Story = {
  args: { sessionStatus: 'mfa', mfaFlow: mfaChallengeFlow() },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await expect(within(dialog).getByLabelText('Authentication code')).toBeVisible();
    await expect(within(dialog).queryByLabelText('Email')).toBeNull();
    await expectAccessible();
  },
};

/**
 * The access gate refused the address (by code): the flow's SPEC sentence, and — the address is on the list, as
 * blocked — `general.imageUserInAccessList` above the steps.
 */
export const AccessBlocked: Story = {
  args: accessBlockedArgs(),
  play: async () => {
    await expectAccessBlocked(await screen.findByRole('dialog'), 'This address is blocked by the gate');
    await expectAccessible();
  },
};

export const AccessBlockedDark: Story = { ...AccessBlocked, globals: { theme: 'dark' } };

/** An allow list that leaves the address out: 'This address is not approved for access' and `general.imageUserNotInAccessList`. */
export const AccessNotApproved: Story = {
  args: {
    settings: { ...brandedSettings, general: { ...brandedSettings.general, ...accessImages } },
    emailFlow: emailFlow({ error: { code: 'address_not_approved', message: 'This address is not approved for access' } }),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('This address is not approved for access');
    await expect(dialog.querySelector('[data-access-denied="address_not_approved"] img')).toHaveAttribute('src', accessImages.imageUserNotInAccessList);
    await expectAccessible();
  },
};

/**
 * A passkey names no address: the gate judges the user behind it (SPEC §6). Without access (an identity blocked, or
 * none allowed), the sign-in is refused with 'User does not have access' (`user_without_access`, by code) and — no
 * address of theirs is named as allowed — `general.imageUserNotInAccessList`.
 */
export const AccessUserWithoutAccess: Story = {
  args: {
    settings: {
      ...brandedSettings,
      sdk: { ...brandedSettings.sdk, ...loginView },
      security: { ...brandedSettings.security, enablePasskeys: true },
      general: { ...brandedSettings.general, ...accessImages },
    },
    passkeyFlow: passkeySignInFlow({ error: { code: 'user_without_access', message: 'User does not have access' } }),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('User does not have access');
    await expect(dialog.querySelector('[data-access-denied="user_without_access"] img')).toHaveAttribute('src', accessImages.imageUserNotInAccessList);
    await expectAccessible();
  },
};

export const AccessUserWithoutAccessDark: Story = { ...AccessUserWithoutAccess, globals: { theme: 'dark' } };

/** "Connect a wallet" opens the wallet list as the dialog's own view: title, Back, search, marks; the row connects. */
export const WalletView: Story = {
  args: { settings: { sdk: walletLoginView }, walletFlow: walletFlow() },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await userEvent.click(within(dialog).getByRole('button', { name: /^Connect a wallet/ }));
    const view = await screen.findByRole('dialog', { name: 'Connect a wallet' });
    await expect(within(view).getByRole('heading', { name: 'Connect a wallet' })).toHaveFocus();
    await expect(within(view).queryByLabelText('Email')).toBeNull();
    await expect(within(view).getByLabelText('Search wallets')).toBeVisible();
    await expectAccessible();
    await userEvent.click(within(view).getByRole('button', { name: 'Connect Test Wallet' }));
    await expect(args.walletFlow?.connect).toHaveBeenCalledWith('testwallet');
    await userEvent.click(within(view).getByRole('button', { name: 'Back' }));
    const main = await screen.findByRole('dialog', { name: 'Sign in' });
    await expect(within(main).getByRole('button', { name: /^Connect a wallet/ })).toHaveFocus();
  },
};

export const WalletViewDark: Story = { ...WalletView, globals: { theme: 'dark' } };

/** The wallet view while the wallet asks the user to sign the message. */
export const WalletViewSigning: Story = {
  args: { settings: { sdk: walletLoginView }, walletFlow: walletFlow({ status: 'signing', walletKey: 'testwallet' }) },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await userEvent.click(within(dialog).getByRole('button', { name: /^Connect a wallet/ }));
    const view = await screen.findByRole('dialog', { name: 'Connect a wallet' });
    await expect(within(view).getByRole('status')).toHaveTextContent('Sign the message in Test Wallet…');
    await expectAccessible();
  },
};

/** Signed in with a required profile field missing: the onboarding step cannot be dismissed; 'Sign out instead' is the way out. */
export const OnboardingRequired: Story = {
  args: {
    onboarding: true,
    onboardingRequired: true,
    onSignOut: fn().mockName('onSignOut'),
    onboardingStep,
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toHaveAccessibleDescription('One more step to finish setting up your account.');
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expectAccessible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out instead' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const OnboardingRequiredDark: Story = { ...OnboardingRequired, globals: { theme: 'dark' } };

/** Providers past the first row: "More options" opens them as the dialog's own view (title, Back), not inline. */
export const MoreOptionsView: Story = {
  args: {
    settings: socialSettings,
    socialFlow: socialFlow(),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'More options (2)' }));
    const view = await screen.findByRole('dialog', { name: 'More options' });
    await expect(within(view).getByRole('heading', { name: 'More options' })).toHaveFocus();
    await expect(within(view).queryByLabelText('Email')).toBeNull();
    await expect(within(view).getAllByRole('button', { name: /^Continue with/ })).toHaveLength(6);
    await expectAccessible();
    await userEvent.click(within(view).getByRole('button', { name: 'Continue with Telegram' }));
    await expect(args.socialFlow?.signIn).toHaveBeenCalledWith('telegram');
    await userEvent.click(within(view).getByRole('button', { name: 'Back' }));
    const main = await screen.findByRole('dialog', { name: 'Sign in' });
    await expect(within(main).getByRole('button', { name: 'More options (2)' })).toHaveFocus();
  },
};

export const MoreOptionsViewDark: Story = { ...MoreOptionsView, globals: { theme: 'dark' } };

/** Display settings supportText, supportEmail and supportUrls: help in the footer, under the legal links. */
export const WithSupport: Story = {
  args: {
    settings: {
      ...brandedSettings,
      general: { ...brandedSettings.general, supportText: 'Stuck? Our team answers within a day.', supportEmail: 'help@acme.example', supportUrls: ['https://help.acme.example/faq'] },
    },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    const help = within(dialog).getByRole('navigation', { name: 'Help' });
    await expect(within(help).getByRole('link', { name: 'Help at help.acme.example/faq' })).toHaveAttribute('target', '_blank');
    await expectAccessible();
  },
};

export const WithSupportDark: Story = { ...WithSupport, globals: { theme: 'dark' } };

/** Design setting modal.emailSubmitButtonInsideInput: "Continue" inside the e-mail field. */
export const SubmitInsideInput: Story = {
  args: { settings: { ...brandedSettings, design: { ...brandedSettings.design, modal: { emailSubmitButtonInsideInput: true } } } },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByLabelText('Email').closest('[data-submit-inside]') as HTMLElement;
    await expect(within(box).getByRole('button', { name: 'Continue' })).toBeVisible();
    await expectAccessible();
  },
};

export const SubmitInsideInputDark: Story = { ...SubmitInsideInput, globals: { theme: 'dark' } };
