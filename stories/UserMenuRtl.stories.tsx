import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { LinkedWallets } from '../packages/ui/src/screens/UserMenu/LinkedWallets.js';
import { UserMenuView } from '../packages/ui/src/screens/UserMenu/UserMenuView.js';
import { expectAccessible } from './a11y.js';
import { linkedAccountsArgs } from './menuFixtures.js';

/**
 * The user menu's views in the right-to-left locale (Arabic) that Screens/UserMenu does not show mirrored: Wallets,
 * Account settings and "Link another account" (Home and Security right to left are there). The header, the rows and
 * Back mirror; Back sits on the right, its arrow pointing right.
 */
const meta = {
  title: 'Screens/UserMenu/Right to left',
  component: UserMenuView,
  args: { email: 'ada@example.com', onSignOut: fn(), defaultOpen: true },
  globals: { locale: 'ar' },
} satisfies Meta<typeof UserMenuView>;

export default meta;
type Story = StoryObj<typeof meta>;

const address = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

/** The open menu, mirrored, on `view`: its heading shows and Back sits in the right half. */
async function rtlMenuView(heading: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name: /^مسجّل الدخول باسم/ });
  await expect(dialog.closest('[data-latchkey-root]')).toHaveAttribute('dir', 'rtl');
  await expect(within(dialog).getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  const back = within(dialog).getByRole('button', { name: 'رجوع' });
  const box = dialog.getBoundingClientRect();
  await expect(back.getBoundingClientRect().left).toBeGreaterThan(box.left + box.width / 2);
  return dialog;
}

export const WalletsRtl: Story = {
  args: {
    defaultView: 'wallets',
    views: {
      wallets: (
        <LinkedWallets
          wallets={[
            { id: 'w1', address, wallet_name: 'phantom' },
            { id: 'w2', address: '9yaWxR2a3b4c5d6e7f8g9h1i2j3k4m5n6p7q8r9s8Q9R', wallet_name: 'solflare' },
          ]}
          canUnlink
          onMakePrimary={fn()}
          onUnlink={fn()}
        />
      ),
    },
  },
  play: async () => {
    await rtlMenuView('المحافظ');
    await expectAccessible();
  },
};

export const WalletsRtlDark: Story = { ...WalletsRtl, globals: { theme: 'dark' } };

export const AccountRtl: Story = {
  args: { defaultView: 'account', ...linkedAccountsArgs },
  play: async () => {
    const dialog = await rtlMenuView('إعدادات الحساب');
    await expect(within(dialog).getByText('الحسابات المرتبطة')).toBeVisible();
    await expectAccessible();
  },
};

export const AccountRtlDark: Story = { ...AccountRtl, globals: { theme: 'dark' } };

export const LinkAnotherAccountRtl: Story = {
  args: { defaultView: 'linkAccount', ...linkedAccountsArgs },
  play: async () => {
    const dialog = await rtlMenuView('ربط حساب آخر');
    await expect(within(dialog).getByRole('button', { name: 'ربط Apple' })).toBeVisible();
    await expectAccessible();
  },
};
