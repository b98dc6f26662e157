import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CreateWalletStep, ExportStep, RecoveryStep, SessionPrompt } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';

/** Embedded wallet screens: create (per the passkey settings), the session prompt, recovery, export — one story per state. */
const meta = {
  title: 'Flows/EmbeddedWallet',
  component: CreateWalletStep,
  args: { forceAuthenticator: false, allowSkipping: false, isBusy: false, error: undefined, onCreate: fn() },
} satisfies Meta<typeof CreateWalletStep>;

export default meta;
type Story = StoryObj<typeof meta>;

const address = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const at = Date.UTC(2026, 10, 21, 12, 30);
const formatTime = () => '12:30';

export const CreatePlain: Story = {
  play: async ({ canvasElement, args }) => {
    await expect(canvasElement.querySelector('[data-flow="embedded-wallet-create"]')).toHaveAttribute('data-state', 'plain');
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Create wallet' }));
    await expect(args.onCreate).toHaveBeenCalledWith({ withPasskey: false });
  },
};

export const CreateForcedPasskey: Story = {
  args: { forceAuthenticator: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Skip for now' })).toBeNull();
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create wallet with a passkey' }));
    await expect(args.onCreate).toHaveBeenCalledWith({ withPasskey: true });
  },
};

export const CreateSkippablePasskey: Story = {
  args: { allowSkipping: true },
  play: async ({ canvasElement, args }) => {
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Skip for now' }));
    await expect(args.onCreate).toHaveBeenCalledWith({ withPasskey: false });
  },
};

export const Creating: Story = {
  args: { isBusy: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Create wallet' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await expect(args.onCreate).not.toHaveBeenCalled();
    await expectAccessible();
  },
};

export const CreateFailed: Story = {
  args: { error: { code: 'too_many_embedded_wallets_per_chain_for_user', message: 'The user already has an embedded wallet on this chain.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The user already has an embedded wallet on this chain.');
    await expectAccessible();
  },
};

export const CreateDark: Story = { ...CreatePlain, globals: { theme: 'dark' } };

export const SessionLocked: Story = {
  render: () => <SessionPrompt flow={{ status: 'none', account: { address }, expiresAt: undefined, error: undefined }} onUnlock={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Unlock wallet' })).toBeVisible();
    await expectAccessible();
  },
};

export const SessionLoading: Story = {
  render: () => <SessionPrompt flow={{ status: 'loading', account: { address }, expiresAt: undefined, error: undefined }} onUnlock={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Unlocking your wallet…');
    await expectAccessible();
  },
};

export const SessionActive: Story = {
  render: () => <SessionPrompt flow={{ status: 'active', account: { address }, expiresAt: at, error: undefined }} onUnlock={fn()} formatTime={formatTime} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Wallet unlocked until 12:30.');
    await expectAccessible();
  },
};

export const SessionFailed: Story = {
  render: () => (
    <SessionPrompt flow={{ status: 'failed', account: { address }, expiresAt: undefined, error: { code: 'failed_to_create_or_restore_session', message: 'Failed to create or restore session' } }} onUnlock={fn()} />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to create or restore session');
    await expect(canvas.getByRole('button', { name: 'Unlock wallet' })).toBeVisible();
    await expectAccessible();
  },
};

export const SessionFailedDark: Story = { ...SessionFailed, globals: { theme: 'dark' } };

export const RecoveryEmail: Story = {
  render: () => <RecoveryStep awaitingCode={false} isBusy={false} error={undefined} defaultEmail="ada@example.com" onSendCode={fn()} onSubmitCode={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Email')).toHaveValue('ada@example.com');
    await expectAccessible();
  },
};

export const RecoveryDisabled: Story = {
  render: () => (
    <RecoveryStep awaitingCode={false} isBusy={false} error={{ code: 'email_recovery_disabled', message: 'Cannot proceed with your request' }} defaultEmail="ada@example.com" onSendCode={fn()} onSubmitCode={fn()} />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Cannot proceed with your request');
    await expectAccessible();
  },
};

export const RecoveryCode: Story = {
  render: () => <RecoveryStep awaitingCode isBusy={false} error={undefined} onSendCode={fn()} onSubmitCode={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Recovery code'), 'abc');
    await expect(canvas.getByRole('button', { name: 'Recover wallet' })).toBeVisible();
    await expectAccessible();
  },
};

export const RecoveryCodeInvalid: Story = {
  render: () => <RecoveryStep awaitingCode isBusy={false} error={{ code: 'recovery_code_invalid', message: 'The code is invalid or expired.' }} onSendCode={fn()} onSubmitCode={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
    await expectAccessible();
  },
};

export const ExportPrompt: Story = {
  render: () => <ExportStep state="idle" error={undefined} onShow={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Show private key' })).toBeVisible();
    await expectAccessible();
  },
};

export const ExportFailed: Story = {
  render: () => <ExportStep state="showing" error={{ code: 'activity_requires_consensus', message: 'Activity requires consensus' }} onShow={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Activity requires consensus');
    await expectAccessible();
  },
};
