import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SocketView } from '../packages/ui/src/flows/Socket/SocketView.js';
import { expectAccessible } from './a11y.js';

/** The JSON-RPC socket's connection line, one story per connection state (`useSocket().connection`). */
const meta = {
  title: 'Flows/Socket',
  component: SocketView,
  args: { flow: { status: 'notReady', connection: 'idle', reconnectAttempts: 0, error: undefined, connect: fn() } },
} satisfies Meta<typeof SocketView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect' }));
    await expect(args.flow.connect).toHaveBeenCalledTimes(1);
    await expectAccessible();
  },
};

export const Connecting: Story = {
  args: { flow: { ...meta.args.flow, connection: 'connecting' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Connecting to the wallet service…');
    await expectAccessible();
  },
};

export const Ready: Story = {
  args: { flow: { ...meta.args.flow, status: 'ready', connection: 'ready' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Connected to the wallet service.');
    await expectAccessible();
  },
};

export const ReadyDark: Story = { ...Ready, globals: { theme: 'dark' } };

export const Reconnecting: Story = {
  args: { flow: { ...meta.args.flow, connection: 'waiting', reconnectAttempts: 2 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Connection lost. Reconnecting (attempt 2)…');
    await expectAccessible();
  },
};

export const ReconnectingDark: Story = { ...Reconnecting, globals: { theme: 'dark' } };

export const Closed: Story = {
  args: { flow: { ...meta.args.flow, connection: 'closed', error: { code: 'socket_subscribe_failed', message: 'Failed subscribing to an event' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Failed subscribing to an event');
    await expect(within(canvasElement).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    await expectAccessible();
  },
};

export const ClosedDark: Story = { ...Closed, globals: { theme: 'dark' } };
