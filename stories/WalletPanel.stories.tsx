import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ExportStep, SessionPrompt, SolanaBalances, SendTransactionView, WalletPanelView, type SolanaBalanceItem, type WalletPanelScreen } from '../packages/ui/src/flows/index.js';
import { ReceiveView } from '../packages/ui/src/screens/WalletPanel/ReceiveView.js';
import { expectAccessible } from './a11y.js';
import { sendFlow } from './fixtures.js';

/** The user menu's wallet panel (`WalletPanelView`): one story per screen, for an embedded and an external wallet. */
const address = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const balances: SolanaBalanceItem[] = [
  { address: 'So11111111111111111111111111111111111111112', isNative: true, name: 'Solana', symbol: 'SOL', decimals: 9, rawBalance: 1_500_000_000n, balance: '1.5' },
  { address: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', isNative: false, name: 'Unknown token', symbol: 'Es9v…', decimals: 6, rawBalance: 7_500_000n, balance: '7.5' },
];
const flow = sendFlow();

function Panel({ initial, embedded }: { initial: WalletPanelScreen; embedded: boolean }) {
  const [screen, setScreen] = useState(initial);
  return (
    <div style={{ maxWidth: 360 }}>
      <WalletPanelView
        label={embedded ? 'Embedded wallet' : 'Phantom'}
        address={address}
        screen={screen}
        onScreen={setScreen}
        canSend
        canExport={embedded}
        canRecover={embedded}
      >
        {screen === 'send' ? (
          <SendTransactionView flow={flow} balances={balances} />
        ) : screen === 'receive' ? (
          <ReceiveView address={address} network="Localnet" />
        ) : screen === 'export' ? (
          <ExportStep state="idle" error={undefined} onShow={fn()} />
        ) : (
          <>
            {embedded ? <SessionPrompt flow={{ status: 'active', account: undefined, expiresAt: Date.UTC(2026, 10, 21, 12, 30), error: undefined }} onUnlock={fn()} formatTime={() => '12:30'} /> : null}
            <SolanaBalances status="ready" balances={balances} showFiat={false} onRefresh={fn()} />
          </>
        )}
      </WalletPanelView>
    </div>
  );
}

const meta = {
  title: 'Screens/WalletPanel',
  component: Panel,
  args: { initial: 'home', embedded: true },
} satisfies Meta<typeof Panel>;

export default meta;
type Story = StoryObj<typeof meta>;

const screenOf = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-flow="wallet-panel"]')?.getAttribute('data-screen');

export const EmbeddedHome: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Embedded wallet' })).toHaveTextContent(address);
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Receive' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Export key' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Recover' })).toBeVisible();
    await expectAccessible();
  },
};

export const EmbeddedHomeDark: Story = { ...EmbeddedHome, globals: { theme: 'dark' } };

export const ExternalHome: Story = {
  args: { embedded: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Phantom' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Export key' })).toBeNull();
    await expectAccessible();
  },
};

export const SendScreen: Story = {
  args: { initial: 'send' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(screenOf(canvasElement)).toBe('send');
    await expect(canvas.getByLabelText('Amount')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to wallet' }));
    await expect(screenOf(canvasElement)).toBe('home');
    await expectAccessible();
  },
};

export const ExportScreen: Story = {
  args: { initial: 'export' },
  play: async ({ canvasElement }) => {
    await expect(screenOf(canvasElement)).toBe('export');
    await expect(within(canvasElement).getByRole('button', { name: 'Show private key' })).toBeVisible();
    await expectAccessible();
  },
};

export const ExportScreenDark: Story = { ...ExportScreen, globals: { theme: 'dark' } };

/** Receive: the address as a QR code (drawn by `uqr`, loaded on demand) and in full with Copy, and the network. */
export const ReceiveScreen: Story = {
  args: { initial: 'receive' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(screenOf(canvasElement)).toBe('receive');
    await expect(await canvas.findByRole('img', { name: 'QR code of your address' })).toBeVisible();
    await expect(canvas.getByTestId('receive-address')).toHaveTextContent(address);
    await expect(canvas.getByTestId('receive-network')).toHaveTextContent('Localnet');
    await expect(canvas.getByRole('button', { name: 'Copy address' })).toBeVisible();
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to wallet' }));
    await expect(screenOf(canvasElement)).toBe('home');
  },
};

export const ReceiveScreenDark: Story = { ...ReceiveScreen, globals: { theme: 'dark' } };
