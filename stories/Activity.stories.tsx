import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen as page, userEvent, within } from 'storybook/test';
import { WalletPanelView, type WalletPanelScreen } from '../packages/ui/src/flows/index.js';
import { ActivityView, type ActivityItem, type ActivityViewProps } from '../packages/ui/src/screens/WalletPanel/ActivityView.js';
import { UserMenuView } from '../packages/ui/src/screens/UserMenu/UserMenuView.js';
import { expectAccessible } from './a11y.js';

/** The wallet's Activity screen (`ActivityView` inside the wallet panel): one story per state, in the menu on a phone. */
const address = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const items: ActivityItem[] = [
  {
    signature: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
    status: 'confirmed',
    direction: 'out',
    symbol: 'SOL',
    amount: '0.25',
    counterparty: '9yaWxR2a3b4c5d6e7f8g9h1i2j3k4m5n6p7q8r9s8Q9R',
    time: new Date(Date.UTC(2026, 10, 25, 14, 2)),
    explorerUrl: 'https://explorer.solana.com/tx/5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW?cluster=devnet',
  },
  {
    signature: '3cJx7bn2rdhwrVLDzZ7ocPjnGyutGZTsEfNfjdBwQdLAtfkmLqCJEQKh6X7z9NxafQmkFDb9QrqjX3B2E7ZqG3cD',
    status: 'failed',
    direction: 'self',
    symbol: 'SOL',
    amount: '0.0',
    time: new Date(Date.UTC(2026, 10, 25, 13, 40)),
  },
  {
    signature: '2kW1XcR7C1T2Q3r4s5t6u7v8w9x1y2z3A4B5C6D7E8F9G1H2J3K4L5M6N7P8Q9R1S2T3U4V5W6X7Y8Z9a1b2c3d4',
    status: 'finalized',
    direction: 'in',
    symbol: 'USDC',
    amount: '12.5',
    counterparty: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
    time: new Date(Date.UTC(2026, 10, 24, 9, 15)),
  },
  {
    signature: '4pNq8cP2bYk3WnT6vR9sL1mJ5hG7fD3aS2xZ8cV6bN4mQ1wE9rT5yU3iO7pA2sD6fG8hJ1kL4zX9cV2bN5mQ8wE',
    status: 'finalized',
    direction: 'in',
    symbol: 'SOL',
    amount: '2.0',
    counterparty: 'FaucetK3yR2a3b4c5d6e7f8g9h1i2j3k4m5n6p7q8r9s',
    time: new Date(Date.UTC(2026, 10, 24, 9, 10)),
  },
];

function Panel(props: ActivityViewProps) {
  const [screen, setScreen] = useState<WalletPanelScreen>('activity');
  return (
    <WalletPanelView label="Embedded wallet" address={address} screen={screen} onScreen={setScreen} canSend canShowActivity>
      {screen === 'activity' ? <ActivityView {...props} /> : <p>Balances</p>}
    </WalletPanelView>
  );
}

function Framed(props: ActivityViewProps & { phone?: boolean }) {
  const { phone = false, ...view } = props;
  if (phone) return <UserMenuView email="ada@example.com" address={address} network="Localnet" onSignOut={fn()} defaultOpen layout="sheet" children={<Panel {...view} />} />;
  return (
    <div style={{ maxWidth: 360 }}>
      <Panel {...view} />
    </div>
  );
}

const meta = {
  title: 'Screens/Activity',
  component: Framed,
  args: { status: 'ready', items, onRefresh: fn() },
} satisfies Meta<typeof Framed>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = async (canvasElement: HTMLElement, phone = false) =>
  phone ? within(await page.findByRole('dialog', { name: /^Signed in as/ })).findByRole('region', { name: 'Activity' }) : within(canvasElement).findByRole('region', { name: 'Activity' });

/** Transfers out and in, a failed one, a token; explorer links where the network has an explorer. */
export const List: Story = {
  play: async ({ canvasElement, args }) => {
    const activity = within(await region(canvasElement, args.phone));
    const rows = activity.getAllByRole('listitem');
    await expect(rows).toHaveLength(4);
    await expect(rows[0]).toHaveTextContent('Sent');
    await expect(rows[0]).toHaveTextContent('To 9yaW…8Q9R');
    await expect(rows[0]).toHaveTextContent('−0.25 SOL');
    await expect(within(rows[0]!).getByRole('link', { name: 'View transaction 5VER…kQUW in the explorer' })).toHaveAttribute('href', items[0]!.explorerUrl);
    await expect(rows[1]).toHaveTextContent('Failed');
    await expect(rows[2]).toHaveTextContent('+12.5 USDC');
    await expect(rows[2]).toHaveTextContent('From Es9v…wNYB');
    await expectAccessible();
    await userEvent.click(activity.getByRole('button', { name: 'Refresh' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};
export const ListDark: Story = { ...List, globals: { theme: 'dark' } };
export const ListPhone: Story = { ...List, args: { phone: true } };
export const ListPhoneDark: Story = { ...ListPhone, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvasElement, args }) => {
    const activity = await region(canvasElement, args.phone);
    await expect(activity).toHaveAttribute('aria-busy', 'true');
    await expect(within(activity).getByRole('status')).toHaveTextContent('Loading activity…');
    await expectAccessible();
  },
};
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };
export const LoadingPhone: Story = { ...Loading, args: { ...Loading.args, phone: true } };
export const LoadingPhoneDark: Story = { ...LoadingPhone, globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { status: 'ready', items: [] },
  play: async ({ canvasElement, args }) => {
    const activity = within(await region(canvasElement, args.phone));
    await expect(activity.getByText('No transfers yet')).toBeVisible();
    await expect(activity.queryByRole('list')).toBeNull();
    await expectAccessible();
  },
};
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const EmptyPhone: Story = { ...Empty, args: { ...Empty.args, phone: true } };
export const EmptyPhoneDark: Story = { ...EmptyPhone, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { status: 'failed', items: [], error: { code: 'network_error', message: 'Network error. Check your connection and try again.' } },
  play: async ({ canvasElement, args }) => {
    const activity = within(await region(canvasElement, args.phone));
    await expect(activity.getByRole('alert')).toHaveTextContent('Network error');
    await userEvent.click(activity.getByRole('button', { name: 'Retry' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
    await expectAccessible();
  },
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };
export const FailedPhone: Story = { ...Failed, args: { ...Failed.args, phone: true } };
export const FailedPhoneDark: Story = { ...FailedPhone, globals: { theme: 'dark' } };
