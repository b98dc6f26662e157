import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { UserMenuView } from '../packages/ui/src/screens/UserMenu/UserMenuView.js';
import { expectAccessible } from './a11y.js';
import { PasskeyManager } from '../packages/ui/src/flows/index.js';
import { passkeyFlow, samplePasskeys } from './fixtures.js';

/** The signed-in user's menu (Radix Popover). */
const meta = {
  title: 'Screens/UserMenu',
  component: UserMenuView,
  args: { email: 'ada@example.com', onSignOut: fn() },
} satisfies Meta<typeof UserMenuView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Account: ada@example.com' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expectAccessible();
    await userEvent.click(trigger);
    const menu = await screen.findByRole('dialog', { name: 'Signed in as' });
    await userEvent.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const menu = await screen.findByRole('dialog', { name: 'Signed in as' });
    await expect(menu).toHaveTextContent('ada@example.com');
    await expectAccessible();
  },
};

export const OpenDark: Story = {
  ...Open,
  globals: { theme: 'dark' },
};

export const OpenWithLinks: Story = {
  args: {
    defaultOpen: true,
    links: [
      { label: 'Help centre', url: 'https://acme.example/help' },
      { label: 'Rewards terms', url: 'https://acme.example/rewards-terms' },
    ],
  },
  play: async () => {
    const menu = await screen.findByRole('dialog', { name: 'Signed in as' });
    await expect(within(menu).getByRole('link', { name: 'Help centre' })).toHaveAttribute('target', '_blank');
    await expectAccessible();
  },
};

export const SigningOut: Story = {
  args: { defaultOpen: true, isSigningOut: true },
};

export const SignOutFailed: Story = {
  args: { defaultOpen: true, error: { message: 'Rate limit reached' } },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('Rate limit reached');
  },
};

export const LinkedAccounts: Story = {
  args: {
    defaultOpen: true,
    linkedAccounts: [
      { id: 'cred-google', provider: 'google', label: 'ada@example.com' },
      { id: 'cred-github', provider: 'github', label: 'ada-gh@example.com' },
    ],
    linkableProviders: ['apple', 'discord'],
    onLink: fn(),
    onUnlink: fn(),
  },
  play: async ({ args }) => {
    const menu = await screen.findByRole('dialog', { name: 'Signed in as' });
    await expect(within(menu).getByText('GitHub · ada-gh@example.com')).toBeInTheDocument();
    await expectAccessible();
    await userEvent.click(within(menu).getByRole('button', { name: 'Link Apple' }));
    await expect(args.onLink).toHaveBeenCalledWith('apple');
  },
};

export const UnlinkRefused: Story = {
  args: {
    defaultOpen: true,
    linkedAccounts: [{ id: 'cred-google', provider: 'google', label: 'ada@example.com' }],
    onUnlink: fn(),
    linkError: { message: 'You cannot unlink your only sign-in method.' },
  },
  play: async () => {
    const menu = await screen.findByRole('dialog', { name: 'Signed in as' });
    await expect(within(menu).getByRole('alert')).toHaveTextContent('You cannot unlink your only sign-in method.');
    await expectAccessible();
  },
};

export const WithPasskeys: Story = {
  args: { defaultOpen: true, children: <PasskeyManager flow={passkeyFlow({ passkeys: samplePasskeys })} /> },
  play: async () => {
    const menu = await screen.findByRole('dialog', { name: 'Signed in as' });
    await expect(within(menu).getByRole('region', { name: 'Passkeys' })).toBeVisible();
    await expectAccessible();
  },
};

export const WithPasskeysDark: Story = {
  ...WithPasskeys,
  globals: { theme: 'dark' },
};
