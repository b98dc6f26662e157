import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SocialSignInView } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';

/** The `social` login block, one story per state of `useSocialSignIn().status`. */
const providers = ['google', 'github', 'apple', 'discord', 'twitter'];
const meta = {
  title: 'Flows/SocialSignIn',
  component: SocialSignInView,
  args: { providers, numOfItemsToDisplay: 4, onSelect: fn(), onCancel: fn() },
} satisfies Meta<typeof SocialSignInView>;

export default meta;
type Story = StoryObj<typeof meta>;

const block = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-latchkey-block="social"]');

export const Idle: Story = {
  args: { status: 'idle' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(block(canvasElement)).toHaveAttribute('data-state', 'idle');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue with Google' }));
    await expect(args.onSelect).toHaveBeenCalledWith('google');
    await userEvent.click(canvas.getByRole('button', { name: 'More options (1)' }));
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.getByRole('button', { name: 'Continue with X (Twitter)' })).toBeInTheDocument();
  },
};

export const Expanded: Story = {
  args: { status: 'idle', defaultExpanded: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Fewer options' })).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible();
  },
};

export const Opening: Story = {
  args: { status: 'opening', activeProvider: 'google' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Opening Google…');
    await expectAccessible();
  },
};

export const AwaitingAuthorization: Story = {
  args: { status: 'awaitingAuthorization', activeProvider: 'google' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Continue in the Google window…');
    await expect(canvas.getByRole('button', { name: 'Continue with GitHub' })).toHaveAttribute('aria-disabled', 'true');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue with GitHub' }));
    await expect(args.onSelect).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const Exchanging: Story = {
  args: { status: 'exchanging', activeProvider: 'google' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Signing in with Google…');
    await expectAccessible();
  },
};

export const Redirecting: Story = {
  args: { status: 'redirecting', activeProvider: 'apple' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Taking you to Apple…');
    await expectAccessible();
  },
};

export const Done: Story = {
  args: { status: 'done', activeProvider: 'google' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Signed in with Google.');
  },
};

export const Cancelled: Story = {
  args: { status: 'failed', activeProvider: 'google', error: { code: 'user_cancelled_connection', message: 'User cancelled connection' } },
  play: async ({ canvasElement }) => {
    await expect(block(canvasElement)).toHaveAttribute('data-state', 'failed');
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('User cancelled connection');
    await expectAccessible();
  },
};

export const PopupBlocked: Story = {
  args: { status: 'failed', activeProvider: 'google', error: { code: 'popup_blocked', message: 'Please allow popups and try again.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Please allow popups and try again.');
  },
};

/** The sandbox's per-client limit on anonymous sign-in starts: 429 with a Retry-After, counted down under the error. */
export const RateLimited: Story = {
  args: { status: 'failed', activeProvider: 'google', error: { code: 'too_many_requests', message: 'Rate limit reached', retryAfterSeconds: 42 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Rate limit reached');
    await expect(within(canvasElement).getByText(/^Try again in \d+ s\.$/)).toBeVisible();
  },
};

export const InvalidState: Story = {
  args: {
    status: 'failed',
    activeProvider: 'github',
    error: { code: 'social_invalid_state', message: 'Failed to connect github social account: Invalid random state' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Failed to connect github social account: Invalid random state');
  },
};

export const SessionTimeout: Story = {
  args: { status: 'failed', activeProvider: 'google', error: { code: 'social_session_timeout', message: 'Connecting google account session timeout.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Connecting google account session timeout.');
  },
};

export const CancelledDark: Story = {
  ...Cancelled,
  globals: { theme: 'dark' },
};
