import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasskeySignInView } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { notSupportedError, passkeySignInFlow } from './fixtures.js';

/** Sign-in with a passkey (a discoverable credential), one story per state of `usePasskeySignIn().status`. */
const meta = {
  title: 'Flows/PasskeySignIn',
  component: PasskeySignInView,
  args: { flow: passkeySignInFlow() },
} satisfies Meta<typeof PasskeySignInView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    await expect(canvasElement.querySelector('[data-flow="passkey"]')).toHaveAttribute('data-state', 'idle');
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign in with a passkey' }));
    await expect(args.flow.signIn).toHaveBeenCalledTimes(1);
  },
};

export const IdleDark: Story = {
  ...Idle,
  globals: { theme: 'dark' },
};

export const SigningIn: Story = {
  args: { flow: passkeySignInFlow({ status: 'signingIn' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Sign in with a passkey' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Waiting for your passkey…');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.flow.cancel).toHaveBeenCalledTimes(1);
  },
};

export const NotSupported: Story = {
  args: { flow: passkeySignInFlow({ error: notSupportedError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Webauthn is not supported on this device.');
    await expectAccessible();
  },
};

export const NotSupportedDark: Story = {
  ...NotSupported,
  globals: { theme: 'dark' },
};
