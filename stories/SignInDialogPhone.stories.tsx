import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { SignInDialogView } from '../packages/ui/src/screens/SignInDialog/SignInDialogView.js';
import { expectAccessible } from './a11y.js';
import { accessImages, brandedSettings, emailFlow, loginView, wrongCodeError } from './fixtures.js';
import { onboardingStep, socialFlow, socialSettings, walletFlow, walletLoginView } from './signInFixtures.js';
import { expectBottomSheet, phone } from './viewport.js';

/**
 * The sign-in dialog on a phone (390 × 844, the `phone` viewport): below 480 px wide it is a bottom sheet — the full
 * width, on the screen's bottom edge, rounded at the top. One story per view: login, the code step, the wallet list,
 * "More options", onboarding, the access gate's refusal. Each checks the sheet on the rendered box.
 */
const meta = {
  title: 'Screens/SignInDialog/Phone',
  component: SignInDialogView,
  args: {
    open: true,
    onOpenChange: fn(),
    settings: brandedSettings,
    settingsStatus: 'ready',
    emailFlow: emailFlow(),
  },
  globals: { ...phone },
} satisfies Meta<typeof SignInDialogView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoginView: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to Acme Rewards' });
    await expectBottomSheet(dialog);
    await expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    await expectAccessible();
  },
};

export const LoginViewDark: Story = { ...LoginView, globals: { theme: 'dark' } };

export const CodeStep: Story = {
  args: { emailFlow: emailFlow({ status: 'awaitingCode', email: 'ada.lovelace@analytical-engines.example', error: wrongCodeError }) },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expectBottomSheet(dialog);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
    // A long address wraps inside the sheet: nothing runs past its width.
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
    await expectAccessible();
  },
};

export const CodeStepDark: Story = { ...CodeStep, globals: { theme: 'dark' } };

/** "Connect a wallet" → the wallet list, in the sheet. */
export const WalletView: Story = {
  args: { settings: { ...brandedSettings, sdk: walletLoginView }, walletFlow: walletFlow() },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to Acme Rewards' });
    await userEvent.click(within(dialog).getByRole('button', { name: /^Connect a wallet/ }));
    const view = await screen.findByRole('dialog', { name: 'Connect a wallet' });
    await expectBottomSheet(view);
    await expect(within(view).getByRole('button', { name: 'Connect Test Wallet' })).toBeVisible();
    await expectAccessible();
  },
};

/** "More options" → every provider, in the sheet. */
export const MoreOptionsView: Story = {
  args: { settings: { ...brandedSettings, ...socialSettings }, socialFlow: socialFlow() },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to Acme Rewards' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'More options (2)' }));
    const view = await screen.findByRole('dialog', { name: 'More options' });
    await expectBottomSheet(view);
    await expect(within(view).getAllByRole('button', { name: /^Continue with/ })).toHaveLength(6);
    await expectAccessible();
  },
};

/** Signed in with a required field missing: the onboarding form in the sheet, no close button. */
export const Onboarding: Story = {
  args: { settings: { sdk: loginView }, onboarding: true, onboardingRequired: true, onSignOut: fn().mockName('onSignOut'), onboardingStep },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await expectBottomSheet(dialog);
    await expect(within(dialog).getByLabelText(/^Team/)).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await expectAccessible();
  },
};

/** The access gate refused the address: its sentence and the project's picture, in the sheet. */
export const AccessDenied: Story = {
  args: {
    settings: { ...brandedSettings, general: { ...brandedSettings.general, ...accessImages } },
    emailFlow: emailFlow({ error: { code: 'address_blocked_by_gate', message: 'This address is blocked by the gate' } }),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expectBottomSheet(dialog);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('This address is blocked by the gate');
    await expect(dialog.querySelector('[data-access-denied] img')).toHaveAttribute('src', accessImages.imageUserInAccessList);
    await expectAccessible();
  },
};
