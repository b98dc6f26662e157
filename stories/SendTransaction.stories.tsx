import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NetworkPicker, SolanaBalances, SendTransactionView, type SolanaBalanceItem } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import tokenLogoPath from './assets/acme-logo.svg?no-inline';
import { sendFlow } from './fixtures.js';

/** Solana: balances, the network picker, and one story per state of `useSendTransaction().status`. */
const RECIPIENT = '9ZTsGj9jYLTTYcAc7BR3WNbVPnj4tAUDkgx6EaMajXJy';
const SIGNATURE = '4xpV5JS5JKzgbGKPCqvrSa6NmhvhUhoqTyYaYZE9MzK9MobKBGqHSH7FsaDUUDLXCtF8fFcL4WjxevYDFw7gq6Pk';
const balances: SolanaBalanceItem[] = [
  { address: 'So11111111111111111111111111111111111111112', isNative: true, name: 'Solana', symbol: 'SOL', decimals: 9, rawBalance: 1_500_000_000n, balance: '1.5', marketValue: '225.38' },
  { address: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', isNative: false, name: 'Test dollar', symbol: 'TUSD', decimals: 6, logoURI: tokenLogoPath, rawBalance: 7_500_000n, balance: '7.5', marketValue: '7.5' },
];

const reviewing = {
  status: 'review' as const,
  request: { to: RECIPIENT, amount: 500_000_000n },
  fee: 5000n,
  simulation: {
    inAssets: [],
    outAssets: [{ asset: { symbol: 'SOL', name: 'Solana', decimals: 9 }, transfers: [{ value: '0.500005', rawValue: '500005000', summary: 'Send 0.500005 SOL' }] }],
    counterparties: [RECIPIENT],
    validation: { result: 'benign' as const },
  },
};

const meta = {
  title: 'Flows/SendTransaction',
  component: SendTransactionView,
  args: { flow: sendFlow(), balances },
} satisfies Meta<typeof SendTransactionView>;

export default meta;
type Story = StoryObj<typeof meta>;

const stateOf = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-flow="solana-send"]')?.getAttribute('data-state');

export const Balances: Story = {
  render: () => <SolanaBalances status="ready" balances={balances} showFiat onRefresh={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/1\.5 SOL/)).toHaveTextContent('≈ $225.38');
    // The token's logo (same-origin here) sits beside its symbol: decorative, 20px, lazy.
    const logo = canvasElement.querySelector('img[data-token-logo]');
    await expect(logo).toHaveAttribute('alt', '');
    await expect(logo).toHaveAttribute('width', '20');
    await expect(logo).toHaveAttribute('loading', 'lazy');
    await expect(logo?.closest('li')).toHaveTextContent('TUSD Test dollar');
    await expectAccessible();
  },
};

export const BalancesDark: Story = { ...Balances, globals: { theme: 'dark' } };

export const BalancesLoading: Story = {
  render: () => <SolanaBalances status="loading" balances={[]} showFiat={false} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading balances…')).toBeInTheDocument();
    await expectAccessible();
  },
};

export const Networks: Story = {
  render: () => (
    <NetworkPicker
      networks={[
        { networkId: 104, name: 'Solana Localnet', vanityName: 'Localnet', isTestnet: true },
        { networkId: 103, name: 'Solana Devnet', vanityName: 'Devnet', isTestnet: true },
      ]}
      selectedId={104}
      onSelect={fn()}
      selector={{ label: 'Network' }}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Network')).toHaveValue('104');
    await expectAccessible();
  },
};

export const FormIdle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(stateOf(canvasElement)).toBe('idle');
    await userEvent.type(canvas.getByLabelText('Recipient'), 'abc');
    await expect(canvas.getByText('An address is 32 to 44 characters long.')).toBeInTheDocument();
    await userEvent.clear(canvas.getByLabelText('Recipient'));
    await userEvent.type(canvas.getByLabelText('Recipient'), RECIPIENT);
    await userEvent.type(canvas.getByLabelText('Amount'), '0.5');
    await userEvent.click(canvas.getByRole('button', { name: 'Review' }));
    await expect(args.flow.prepare).toHaveBeenCalledWith({ to: RECIPIENT, amount: 500_000_000n });
    await expectAccessible();
  },
};

export const FormIdleDark: Story = { ...FormIdle, globals: { theme: 'dark' } };

export const Preparing: Story = {
  args: { flow: sendFlow({ status: 'estimatingFee', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Review' })).toHaveAttribute('aria-disabled', 'true');
    await expectAccessible();
  },
};

export const InsufficientFunds: Story = {
  args: { flow: sendFlow({ status: 'invalid', error: { code: 'insufficient_funds', message: 'Insufficient funds.' } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Insufficient funds.');
    await expectAccessible();
  },
};

export const Review: Story = {
  args: { flow: sendFlow(reviewing) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Send 0.500005 SOL')).toBeInTheDocument();
    await expect(canvas.getByText('0.000005 SOL')).toBeInTheDocument();
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm and sign' }));
    await expect(args.flow.confirm).toHaveBeenCalledTimes(1);
  },
};

export const ReviewDark: Story = { ...Review, globals: { theme: 'dark' } };

export const Signing: Story = {
  args: { flow: sendFlow({ ...reviewing, status: 'signing', isBusy: true }) },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Waiting for your wallet…');
    await expectAccessible();
    // A wallet that never answers is no dead end: Cancel goes back to the review, nothing sent.
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cancel' }));
    await expect(args.flow.cancel).toHaveBeenCalledTimes(1);
  },
};

export const SigningDark: Story = { ...Signing, globals: { theme: 'dark' } };

export const Pending: Story = {
  args: { flow: sendFlow({ ...reviewing, status: 'confirming', isBusy: true, signature: SIGNATURE }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Waiting for confirmation…');
    await expectAccessible();
  },
};

export const Confirmed: Story = {
  args: { flow: sendFlow({ ...reviewing, status: 'done', signature: SIGNATURE }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Transfer confirmed.');
    await expect(within(canvasElement).getByText(SIGNATURE)).toBeInTheDocument();
    await expectAccessible();
  },
};

export const Failed: Story = {
  args: { flow: sendFlow({ ...reviewing, status: 'failed', signature: SIGNATURE, error: { code: 'transaction_failed', message: 'Transaction failed' } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Transaction failed');
    await expectAccessible();
  },
};

export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };

export const TimedOut: Story = {
  args: { flow: sendFlow({ ...reviewing, status: 'timedOut', signature: SIGNATURE, error: { code: 'transaction_timed_out', message: 'Transaction timed out' } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Transaction timed out');
    await expectAccessible();
  },
};

export const Expired: Story = {
  args: {
    flow: sendFlow({
      ...reviewing,
      status: 'expired',
      error: { code: 'transaction_expired', message: 'The transaction expired before it was confirmed. Sign it again with a fresh blockhash.' },
    }),
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign again' }));
    await expect(args.flow.resign).toHaveBeenCalledTimes(1);
    await expectAccessible();
  },
};

const networkError = { code: 'network_error', message: 'Network error. Check your connection and try again.' };

/** The network dropped while the transfer was built: the sentence, Retry (the same request), and the form kept. */
export const NetworkErrorWhileBuilding: Story = {
  args: { flow: sendFlow({ status: 'invalid', request: reviewing.request, error: networkError, canRetry: true }) },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Network error. Check your connection and try again.');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.flow.retry).toHaveBeenCalledTimes(1);
    await expectAccessible();
  },
};

export const NetworkErrorWhileBuildingDark: Story = { ...NetworkErrorWhileBuilding, globals: { theme: 'dark' } };

/** The network dropped while signing, sending or confirming: Retry picks up the step it cut off. */
export const NetworkErrorWhileSending: Story = {
  args: { flow: sendFlow({ ...reviewing, status: 'failed', error: networkError, canRetry: true }) },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Network error. Check your connection and try again.');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.flow.retry).toHaveBeenCalledTimes(1);
    await expectAccessible();
  },
};

export const NetworkErrorWhileSendingDark: Story = { ...NetworkErrorWhileSending, globals: { theme: 'dark' } };

export const BalancesNetworkError: Story = {
  render: () => <SolanaBalances status="failed" balances={[]} showFiat={false} error={networkError} onRefresh={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Network error. Check your connection and try again.');
    await expect(within(canvasElement).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await expectAccessible();
  },
};

export const BalancesNetworkErrorDark: Story = { ...BalancesNetworkError, globals: { theme: 'dark' } };
