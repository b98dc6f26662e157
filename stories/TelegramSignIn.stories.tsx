import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SocialSignInView } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';

/**
 * Telegram in the `social` block, one story per state of `useTelegramSignIn().status`: the button opens the
 * product's Telegram login page in a popup, whose signed data comes back to the page (SPEC §4).
 */
const meta = {
  title: 'Flows/SocialSignIn/Telegram',
  component: SocialSignInView,
  args: { providers: ['telegram', 'google'], numOfItemsToDisplay: 4, onSelect: fn(), onCancel: fn() },
} satisfies Meta<typeof SocialSignInView>;

export default meta;
type Story = StoryObj<typeof meta>;

const block = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-latchkey-block="social"]');

export const Idle: Story = {
  args: { status: 'idle' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(block(canvasElement)).toHaveAttribute('data-state', 'idle');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue with Telegram' }));
    await expect(args.onSelect).toHaveBeenCalledWith('telegram');
  },
};

export const Opening: Story = {
  args: { status: 'opening', activeProvider: 'telegram' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Opening Telegram…');
    await expectAccessible();
  },
};

export const AwaitingLogin: Story = {
  args: { status: 'awaitingAuthorization', activeProvider: 'telegram' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Continue in the Telegram window…');
    await expect(canvas.getByRole('button', { name: 'Continue with Google' })).toHaveAttribute('aria-disabled', 'true');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const Exchanging: Story = {
  args: { status: 'exchanging', activeProvider: 'telegram' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Signing in with Telegram…');
    await expectAccessible();
  },
};

export const Done: Story = {
  args: { status: 'done', activeProvider: 'telegram' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Signed in with Telegram.');
  },
};

export const Cancelled: Story = {
  args: { status: 'failed', activeProvider: 'telegram', error: { code: 'user_cancelled_connection', message: 'User cancelled connection' } },
  play: async ({ canvasElement }) => {
    await expect(block(canvasElement)).toHaveAttribute('data-state', 'failed');
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('User cancelled connection');
    await expectAccessible();
  },
};

export const InvalidState: Story = {
  args: {
    status: 'failed',
    activeProvider: 'telegram',
    error: { code: 'telegram_invalid_state', message: 'Failed to connect telegram account: Invalid random state' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Failed to connect telegram account: Invalid random state');
    await expectAccessible();
  },
};

export const InvalidStateDark: Story = {
  ...InvalidState,
  globals: { theme: 'dark' },
};
