import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LinkedWallets, WalletSignInView, type WalletFlowModel, type WalletListItem } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { walletFlow as fixtureWalletFlow } from './signInFixtures.js';

const wallets: WalletListItem[] = [
  { key: 'testwallet', name: 'Test Wallet', installed: true },
  { key: 'phantom', name: 'Phantom', installed: false, installUrl: 'https://chromewebstore.google.com/detail/bfnaelmomeimhlpmgjnjophhpkkoljpa' },
  { key: 'solflare', name: 'Solflare', installed: false, installUrl: 'https://chromewebstore.google.com/detail/bhhhlbepdkbapadjdnnojkbgioiodbic' },
  { key: 'backpacksol', name: 'Backpack', installed: false, installUrl: 'https://chromewebstore.google.com/detail/aflkmfhebedbjioipglgcbcmnbpgliof' },
];

const walletFlow = (overrides: Partial<WalletFlowModel> = {}): WalletFlowModel => fixtureWalletFlow({ wallets, ...overrides });

/** The wallet login block, one story per state of `useWalletSignIn().status`, and the user menu's linked wallets. */
const meta = {
  title: 'Flows/WalletSignIn',
  component: WalletSignInView,
  args: { flow: walletFlow(), label: 'Connect a wallet' },
} satisfies Meta<typeof WalletSignInView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Connect a wallet' })).toHaveAttribute('aria-expanded', 'false');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Connect a wallet' }));
    await expect(canvas.getByRole('list', { name: 'Wallets' })).toBeInTheDocument();
  },
};

export const Idle: Story = {
  args: { showWalletsButton: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-flow="wallet"]')).toHaveAttribute('data-state', 'idle');
    await expect(canvas.getByText('Installed')).toBeInTheDocument();
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Connect Test Wallet' }));
    await expect(args.flow.connect).toHaveBeenCalledWith('testwallet');
  },
};

export const Connecting: Story = {
  args: { flow: walletFlow({ status: 'connecting', walletKey: 'testwallet' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Approve the connection in Test Wallet…');
    await expectAccessible();
  },
};

export const Signing: Story = {
  args: { flow: walletFlow({ status: 'signing', walletKey: 'testwallet' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Sign the message in Test Wallet…');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.flow.cancel).toHaveBeenCalledTimes(1);
  },
};

export const Confirming: Story = {
  args: {
    purpose: 'link',
    flow: walletFlow({ status: 'confirming', walletKey: 'testwallet', error: { code: 'merge_accounts_confirmation', message: 'This wallet belongs to another account. Confirm to merge that account into yours.' } }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Confirm to merge');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await expect(args.flow.confirm).toHaveBeenCalledTimes(1);
  },
};

export const Reconnecting: Story = {
  args: { flow: walletFlow({ status: 'reconnecting', walletKey: 'testwallet' }) },
  play: async ({ canvasElement, args }) => {
    await expect(canvasElement.querySelector('[data-flow="wallet"]')).toHaveAttribute('data-state', 'reconnecting');
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Reconnecting Test Wallet…');
    await expectAccessible();
    // A wallet that does not answer is not waited for: Cancel stops the reconnect.
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cancel' }));
    await expect(args.flow.cancel).toHaveBeenCalledTimes(1);
  },
};

export const Connected: Story = {
  args: { flow: walletFlow({ status: 'connected', walletKey: 'testwallet' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Connected to Test Wallet.');
    await expectAccessible();
  },
};

export const Done: Story = {
  args: { flow: walletFlow({ status: 'done', walletKey: 'testwallet' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Signed in with Test Wallet.');
  },
};

export const Failed: Story = {
  args: { flow: walletFlow({ status: 'failed', walletKey: 'testwallet', error: { code: 'USER_REJECTED', message: 'User rejected request' } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('User rejected request');
    await expectAccessible();
  },
};

/** The sandbox's per-client limit on anonymous sign-in starts: 429 with a Retry-After, counted down under the error. */
export const RateLimited: Story = {
  args: { flow: walletFlow({ status: 'failed', walletKey: 'testwallet', error: { code: 'too_many_requests', message: 'Rate limit reached', retryAfterSeconds: 42 } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Rate limit reached');
    await expect(within(canvasElement).getByText(/^Try again in \d+ s\.$/)).toBeVisible();
    await expectAccessible();
  },
};

export const Linked: Story = {
  render: () => (
    <LinkedWallets
      wallets={[
        { id: 'a', address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' },
        { id: 'b', address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
      ]}
      canLinkMore
      canUnlink
      linkFlow={walletFlow()}
      onMakePrimary={fn().mockName('makePrimary')}
      onUnlink={fn().mockName('unlink')}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Primary')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Make 9WzD…AWWM primary' })).toBeInTheDocument();
    await expectAccessible();
  },
};
