import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MobileWalletView, WalletSignInView, type MobileWalletFlowModel, type WalletFlowModel, type WalletListItem } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { walletFlow } from './signInFixtures.js';

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
    cancel: fn().mockName('cancel'),
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
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Opening Sandbox wallet…');
    await expectAccessible();
    // The page may never leave (no app for the link) or come back unanswered: Cancel, not a spinner for good.
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cancel' }));
    await expect(args.flow.cancel).toHaveBeenCalledTimes(1);
  },
};

export const RedirectingDark: Story = { ...Redirecting, globals: { theme: 'dark' } };

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

// The sign-in dialog's wallet list with mobile and hardware rows (useWalletSignIn's `connectVia` per device).

const BROWSE = 'https://phantom.app/ul/browse/https%3A%2F%2Facme.example%2F?ref=https%3A%2F%2Facme.example';
const phoneWallets: WalletListItem[] = [
  { key: 'phantom', name: 'Phantom', installed: false, connectVia: 'mobileRedirect', mobileUrl: BROWSE },
  { key: 'solflare', name: 'Solflare', installed: false, connectVia: 'mobileRedirect', mobileUrl: 'https://solflare.com/ul/v1/browse/x' },
  { key: 'backpacksol', name: 'Backpack', installed: false, connectVia: 'mobileBrowse', mobileUrl: 'https://backpack.app/ul/v1/browse/x' },
];
const desktopWallets: WalletListItem[] = [
  { key: 'phantomledger', name: 'Phantom (Ledger)', installed: true, hardwareWallet: true, connectVia: 'extension' },
  { key: 'phantom', name: 'Phantom', installed: false, connectVia: 'qrCode', mobileUrl: BROWSE, installUrl: 'https://chromewebstore.google.com/detail/bfnaelmomeimhlpmgjnjophhpkkoljpa' },
  { key: 'solflare', name: 'Solflare', installed: false, connectVia: 'qrCode', mobileUrl: 'https://solflare.com/ul/v1/browse/x', installUrl: 'https://chromewebstore.google.com/detail/bhhhlbepdkbapadjdnnojkbgioiodbic' },
];

const listFlow = (overrides: Partial<WalletFlowModel> = {}): WalletFlowModel => walletFlow({ wallets: phoneWallets, ...overrides });

/** A phone-wide frame (the list as a phone shows it). */
const phone = (Story: ComponentType) => (
  <div style={{ width: '360px' }}>
    <Story />
  </div>
);
const desktop = (Story: ComponentType) => (
  <div style={{ width: '440px' }}>
    <Story />
  </div>
);
const list = (flow: WalletFlowModel) => ({ render: () => <WalletSignInView flow={flow} showWalletsButton={false} /> });

export const ListEntryPhone: Story = {
  ...list(listFlow()),
  decorators: [phone],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Open Phantom to sign in' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Open this page in Backpack' })).toHaveAttribute('href', 'https://backpack.app/ul/v1/browse/x');
    await expectAccessible();
  },
};
export const ListEntryPhoneDark: Story = { ...ListEntryPhone, globals: { theme: 'dark' } };

export const QrCodeDesktop: Story = {
  ...list(listFlow({ wallets: desktopWallets })),
  decorators: [desktop],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show the QR code for Phantom' }));
    await waitFor(() => expect(canvas.getByRole('img', { name: 'QR code that opens this page in Phantom' })).toBeInTheDocument());
    await expect(canvas.getByTestId('mobile-wallet-qr')).toHaveAttribute('data-url', BROWSE);
    await expect(canvas.getByText('Ledger')).toBeInTheDocument();
    await expectAccessible();
  },
};
export const QrCodeDesktopDark: Story = { ...QrCodeDesktop, globals: { theme: 'dark' } };

export const WaitingForWallet: Story = {
  ...list(listFlow({ status: 'connecting', mobileStatus: 'redirecting', walletKey: 'phantom' })),
  decorators: [phone],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Opening Phantom… Approve the connection there; you come back here.');
    await expectAccessible();
  },
};
export const WaitingForWalletDark: Story = { ...WaitingForWallet, globals: { theme: 'dark' } };

export const ReturnedFromWallet: Story = {
  ...list(listFlow({ status: 'signing', mobileStatus: 'returned', walletKey: 'phantom' })),
  decorators: [phone],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Connected. Opening Phantom to sign the sign-in message…');
    await expectAccessible();
  },
};
export const ReturnedFromWalletDark: Story = { ...ReturnedFromWallet, globals: { theme: 'dark' } };

export const RefusedByWallet: Story = {
  ...list(listFlow({ status: 'failed', mobileStatus: 'rejected', walletKey: 'phantom', error: { code: 'user_rejected_request', message: 'User rejected request' } })),
  decorators: [phone],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('User rejected request');
    await expectAccessible();
  },
};
export const RefusedByWalletDark: Story = { ...RefusedByWallet, globals: { theme: 'dark' } };

export const StaleReturnRefused: Story = {
  ...list(listFlow({ status: 'failed', mobileStatus: 'failed', walletKey: 'phantom', error: { code: 'mobile_wallet_return_expired', message: 'This wallet reply came too late; nothing was changed. Start again.' } })),
  decorators: [phone],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('came too late');
    await expectAccessible();
  },
};

export const HardwareError: Story = {
  ...list(
    listFlow({
      wallets: desktopWallets,
      status: 'failed',
      walletKey: 'phantomledger',
      error: { code: 'hardware_wallet_cannot_sign_message', message: 'Hardware wallets cannot sign messages directly.' },
    }),
  ),
  decorators: [desktop],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Hardware wallets cannot sign messages directly.');
    await expectAccessible();
  },
};
export const HardwareErrorDark: Story = { ...HardwareError, globals: { theme: 'dark' } };
