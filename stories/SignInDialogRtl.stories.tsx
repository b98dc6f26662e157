import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { SignInDialogView } from '../packages/ui/src/screens/SignInDialog/SignInDialogView.js';
import { expectAccessible } from './a11y.js';
import { brandedSettings, emailFlow, loginView, mfaChallengeFlow, wrongCodeError } from './fixtures.js';
import { accessBlockedArgs, expectAccessBlocked, onboardingStep, socialFlow, socialSettings, walletFlow, walletLoginView } from './signInFixtures.js';
import { expectBottomSheet, phone } from './viewport.js';

/**
 * The sign-in dialog in the right-to-left locale (Arabic, `locale="ar"`), one story per view: the login view, the
 * code step, the wallet list, "More options", onboarding, the access gate's refusal, the second factor. The dialog
 * mirrors — close button on the left, Back on the right with its arrow pointing right, text from the right.
 */
const meta = {
  title: 'Screens/SignInDialog/Right to left',
  component: SignInDialogView,
  args: {
    open: true,
    onOpenChange: fn(),
    settings: { sdk: loginView },
    settingsStatus: 'ready',
    emailFlow: emailFlow(),
  },
  globals: { locale: 'ar' },
} satisfies Meta<typeof SignInDialogView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog, mirrored: its kit layer says `dir="rtl"`. */
async function rtlDialog(name?: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', name ? { name } : {});
  await expect(dialog.closest('[data-latchkey-root]')).toHaveAttribute('dir', 'rtl');
  return dialog;
}

/** Right to left (Arabic, `locale="ar"`): the dialog mirrors — close button on the left, text from the right. */
export const LoginViewRtl: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الدخول' });
    await expect(dialog.closest('[data-latchkey-root]')).toHaveAttribute('dir', 'rtl');
    await expect(within(dialog).getByLabelText('البريد الإلكتروني')).toHaveFocus();
    const close = within(dialog).getByRole('button', { name: 'إغلاق' });
    // The close button sits at the start of the line's reading: the dialog's left edge.
    await expect(close.getBoundingClientRect().left - dialog.getBoundingClientRect().left).toBeLessThan(40);
    await expectAccessible();
  },
};

export const LoginViewRtlDark: Story = { ...LoginViewRtl, globals: { theme: 'dark' } };

/** The wallet view right to left: Back on the right with its arrow pointing right. */
export const WalletViewRtl: Story = {
  args: { settings: { sdk: walletLoginView }, walletFlow: walletFlow() },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الدخول' });
    await userEvent.click(within(dialog).getByRole('button', { name: /^ربط محفظة/ }));
    const view = await screen.findByRole('dialog', { name: 'ربط محفظة' });
    const back = within(view).getByRole('button', { name: 'رجوع' });
    await expect(back.getBoundingClientRect().left).toBeGreaterThan(view.getBoundingClientRect().left + view.getBoundingClientRect().width / 2);
    await expect(getComputedStyle(back.querySelector('svg') as SVGElement).transform).not.toBe('none');
    await expect(within(view).getByLabelText('البحث في المحافظ')).toBeVisible();
    await expectAccessible();
  },
};

export const WalletViewRtlDark: Story = { ...WalletViewRtl, globals: { theme: 'dark' } };

/** The login view on a phone, right to left: the bottom sheet, mirrored. */
export const LoginViewRtlPhone: Story = {
  globals: { ...phone },
  play: async () => {
    const dialog = await rtlDialog('تسجيل الدخول');
    await expectBottomSheet(dialog);
    await expectAccessible();
  },
};

/** The code step right to left: the sentence reads from the right, the address inside it stays left to right. */
export const CodeStepRtl: Story = {
  args: { settings: brandedSettings, emailFlow: emailFlow({ status: 'awaitingCode', email: 'ada@example.com', error: wrongCodeError }) },
  play: async () => {
    const dialog = await rtlDialog('تسجيل الدخول إلى Acme Rewards');
    await expect(within(dialog).getByLabelText('رمز التحقق')).toBeVisible();
    await expect(within(dialog).getByRole('alert')).not.toHaveTextContent('The code is invalid or expired.');
    await expectAccessible();
  },
};

/** "More options" right to left: its own view, Back on the right. */
export const MoreOptionsViewRtl: Story = {
  args: { settings: socialSettings, socialFlow: socialFlow() },
  play: async () => {
    const dialog = await rtlDialog('تسجيل الدخول');
    await userEvent.click(within(dialog).getByRole('button', { name: /^خيارات أخرى \(/ }));
    const view = await rtlDialog('خيارات أخرى');
    const back = within(view).getByRole('button', { name: 'رجوع' });
    await expect(back.getBoundingClientRect().left).toBeGreaterThan(view.getBoundingClientRect().left + view.getBoundingClientRect().width / 2);
    await expectAccessible();
  },
};

/** The onboarding step right to left: the profile form for the missing fields; required, so no close button. */
export const OnboardingRtl: Story = {
  args: { onboarding: true, onboardingRequired: true, onSignOut: fn().mockName('onSignOut'), onboardingStep },
  play: async () => {
    const dialog = await rtlDialog('تسجيل الدخول');
    await expect(dialog).toHaveAccessibleDescription('خطوة أخرى لإكمال إعداد حسابك.');
    await expect(within(dialog).getByRole('heading', { name: 'أخبرنا عن نفسك' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'تسجيل الخروج بدلًا من ذلك' })).toBeVisible();
    await expectAccessible();
  },
};

/** The access gate's refusal right to left: the translated sentence and the project's picture for a blocked address. */
export const AccessBlockedRtl: Story = {
  args: accessBlockedArgs(),
  play: async () => {
    await expectAccessBlocked(await rtlDialog(), 'هذا العنوان محظور من بوابة الوصول');
    await expectAccessible();
  },
};

/** The second factor right to left. */
export const MfaChallengeRtl: Story = {
  args: { sessionStatus: 'mfa', mfaFlow: mfaChallengeFlow() },
  play: async () => {
    const dialog = await rtlDialog('تسجيل الدخول');
    await expect(dialog).toHaveAccessibleDescription('التحقق بخطوتين');
    await expect(within(dialog).getByLabelText('رمز المصادقة')).toBeVisible();
    await expectAccessible();
  },
};
