import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { SignInEmbeddedView } from '../packages/ui/src/screens/SignInEmbedded/SignInEmbeddedView.js';
import { expectAccessible } from './a11y.js';
import { brandedSettings, emailFlow, wrongCodeError } from './fixtures.js';
import { onboardingStep, socialFlow, socialSettings, walletFlow, walletLoginView } from './signInFixtures.js';
import { phone } from './viewport.js';

/**
 * The sign-in inline in the host's page (`design.modal.view: 'embedded'`, what `SignInButton` then shows, or
 * `SignInEmbedded`): the dialog's content in a card on the page — a region named by its title, no overlay, no close
 * button, nothing focused by itself. Shown on a host page's background.
 */
const meta = {
  title: 'Screens/SignInEmbedded',
  component: SignInEmbeddedView,
  args: {
    settings: { ...brandedSettings, ...socialSettings, sdk: { ...socialSettings.sdk, views: [{ type: 'login', sections: [{ type: 'email' }, { type: 'separator', label: 'or' }, { type: 'social', numOfItemsToDisplay: 4 }, { type: 'wallet' }] }] } },
    settingsStatus: 'ready',
    emailFlow: emailFlow(),
    socialFlow: socialFlow(),
    walletFlow: walletFlow(),
  },
  parameters: { layout: 'fullscreen', hostPage: true },
} satisfies Meta<typeof SignInEmbeddedView>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = () => screen.findByRole('region', { name: 'Sign in to Acme Rewards' });

export const LoginView: Story = {
  play: async () => {
    const card = await region();
    await expect(card).toHaveAccessibleDescription('Sign in or create an account with your email.');
    await expect(screen.queryByRole('dialog')).toBeNull();
    await expect(within(card).queryByRole('button', { name: 'Close' })).toBeNull();
    await expect(card.contains(document.activeElement)).toBe(false);
    await expect(card.getBoundingClientRect().width).toBe(400);
    await expectAccessible();
  },
};

export const LoginViewDark: Story = { ...LoginView, globals: { theme: 'dark' } };

/** On a phone the card takes the page's width (less the page's own margin). */
export const LoginViewPhone: Story = {
  globals: { ...phone },
  play: async () => {
    const card = await region();
    await expect(window.innerWidth).toBe(390);
    await expect(card.getBoundingClientRect().width).toBe(390 - 2 * 16);
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    await expectAccessible();
  },
};

export const LoginViewPhoneDark: Story = { ...LoginViewPhone, globals: { ...phone, theme: 'dark' } };

export const LoginViewRtl: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    const card = await screen.findByRole('region', { name: 'تسجيل الدخول إلى Acme Rewards' });
    await expect(card.closest('[data-latchkey-root]')).toHaveAttribute('dir', 'rtl');
    await expectAccessible();
  },
};

export const CodeStep: Story = {
  args: { emailFlow: emailFlow({ status: 'awaitingCode', email: 'ada@example.com', error: wrongCodeError }) },
  play: async () => {
    const card = await region();
    await expect(within(card).getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
    await expectAccessible();
  },
};

/** "Connect a wallet" opens the wallet list in the card (its title names the region now), Back returns. */
export const WalletView: Story = {
  args: { settings: { ...brandedSettings, sdk: walletLoginView } },
  play: async () => {
    const card = await region();
    await userEvent.click(within(card).getByRole('button', { name: /^Connect a wallet/ }));
    const view = await screen.findByRole('region', { name: 'Connect a wallet' });
    await expect(within(view).getByRole('heading', { name: 'Connect a wallet' })).toHaveFocus();
    await expectAccessible();
    await userEvent.click(within(view).getByRole('button', { name: 'Back' }));
    await expect(within(await region()).getByRole('button', { name: /^Connect a wallet/ })).toHaveFocus();
  },
};

/** Signed in here with a required field missing: the onboarding form in the card. */
export const Onboarding: Story = {
  args: { onboardingRequired: true, onboardingStep, onSignOut: () => undefined },
  play: async () => {
    const card = await region();
    await expect(card).toHaveAccessibleDescription('One more step to finish setting up your account.');
    await expect(within(card).getByRole('button', { name: 'Sign out instead' })).toBeVisible();
    await expectAccessible();
  },
};
