import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MobileWalletView, type MobileWalletFlowModel } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

/** A fixed mobile-wallet view model with spy commands (kept here: no other story uses it). */
function mobileWalletFlow(overrides: Partial<MobileWalletFlowModel> = {}): MobileWalletFlowModel {
  return {
    status: 'idle',
    walletName: 'Sandbox wallet',
    address: undefined,
    signature: undefined,
    error: undefined,
    isBusy: false,
    connect: fn().mockName('connect'),
    signMessage: fn().mockName('signMessage'),
    disconnect: fn().mockName('disconnect'),
    reset: fn().mockName('reset'),
    browseUrl: fn(() => 'https://wallet.example/ul/browse/https%3A%2F%2Fapp.example?ref=https%3A%2F%2Fapp.example').mockName('browseUrl'),
    ...overrides,
  };
}

/** A mobile redirect wallet (deep links): one story per state of `useMobileWallet().status`. */
const meta = {
  title: 'Flows/MobileWallet',
  component: MobileWalletView,
  args: { flow: mobileWalletFlow() },
} satisfies Meta<typeof MobileWalletView>;

export default meta;
type Story = StoryObj<typeof meta>;

const stateOf = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-flow="mobile-wallet"]')?.getAttribute('data-state');

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    await expect(stateOf(canvasElement)).toBe('idle');
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect Sandbox wallet' }));
    await expect(args.flow.connect).toHaveBeenCalledTimes(1);
  },
};

export const IdleDark: Story = { ...Idle, globals: { theme: 'dark' } };

export const Redirecting: Story = {
  args: { flow: mobileWalletFlow({ status: 'redirecting', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Opening Sandbox wallet…');
    await expectAccessible();
  },
};

export const CompletingReturn: Story = {
  args: { flow: mobileWalletFlow({ status: 'completingReturn', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent("Checking Sandbox wallet's reply…");
    await expectAccessible();
  },
};

export const Connected: Story = {
  args: { flow: mobileWalletFlow({ status: 'connected', address: ADDRESS }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('mobile-wallet-address')).toHaveTextContent(ADDRESS);
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign a message' }));
    await expect(args.flow.signMessage).toHaveBeenCalledTimes(1);
  },
};

export const ConnectedDark: Story = { ...Connected, globals: { theme: 'dark' } };

export const Signing: Story = {
  args: { flow: mobileWalletFlow({ status: 'signing', isBusy: true, address: ADDRESS }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Waiting for Sandbox wallet to sign…');
    await expectAccessible();
  },
};

export const Signed: Story = {
  args: { flow: mobileWalletFlow({ status: 'signed', address: ADDRESS, signature: SIGNATURE }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('mobile-wallet-signature')).toHaveTextContent(SIGNATURE);
    await expectAccessible();
  },
};

export const Rejected: Story = {
  args: { flow: mobileWalletFlow({ status: 'rejected', address: ADDRESS, error: { code: 'user_rejected_request', message: 'User rejected request' } }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('User rejected request');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(args.flow.reset).toHaveBeenCalledTimes(1);
  },
};

export const Failed: Story = {
  args: {
    flow: mobileWalletFlow({
      status: 'failed',
      error: { code: 'mobile_wallet_return_tampered', message: "The wallet's reply could not be verified (the data does not decrypt); nothing was changed." },
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent("The wallet's reply could not be verified");
    await expectAccessible();
  },
};

export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };
