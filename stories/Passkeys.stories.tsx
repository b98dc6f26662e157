import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasskeyManager, PasskeySignIn } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { notSupportedError, passkeyFlow, previouslyRegisteredError, samplePasskeys } from './fixtures.js';

/** Passkeys: the sign-in button and the management list, one story per state of `usePasskey().status`. */
const meta = {
  title: 'Flows/Passkeys',
  component: PasskeyManager,
  args: { flow: passkeyFlow({ passkeys: samplePasskeys }) },
} satisfies Meta<typeof PasskeyManager>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignInIdle: Story = {
  render: (args) => <PasskeySignIn flow={args.flow} />,
  args: { flow: passkeyFlow() },
  play: async ({ canvasElement, args }) => {
    await expect(canvasElement.querySelector('[data-flow="passkey"]')).toHaveAttribute('data-state', 'idle');
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign in with a passkey' }));
    await expect(args.flow.signIn).toHaveBeenCalledTimes(1);
  },
};

export const SigningIn: Story = {
  render: (args) => <PasskeySignIn flow={args.flow} />,
  args: { flow: passkeyFlow({ status: 'signingIn', isBusy: true, isCeremony: true }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Sign in with a passkey' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Waiting for your passkey…');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.flow.cancel).toHaveBeenCalledTimes(1);
  },
};

export const SignInNotSupported: Story = {
  render: (args) => <PasskeySignIn flow={args.flow} />,
  args: { flow: passkeyFlow({ error: notSupportedError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Webauthn is not supported on this device.');
    await expectAccessible();
  },
};

export const SignInNotSupportedDark: Story = {
  ...SignInNotSupported,
  globals: { theme: 'dark' },
};

export const Loading: Story = {
  args: { flow: passkeyFlow({ status: 'loading', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading passkeys…')).toBeVisible();
    await expectAccessible();
  },
};

export const Empty: Story = {
  args: { flow: passkeyFlow({ passkeys: [] }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No passkeys yet. Add one to sign in without a code.')).toBeVisible();
    await expectAccessible();
  },
};

export const List: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Rename MacBook' }));
    const field = canvas.getByLabelText('Passkey name');
    await userEvent.clear(field);
    await userEvent.type(field, 'Work laptop{Enter}');
    await expect(args.flow.rename).toHaveBeenCalledWith('pk-1', 'Work laptop');
  },
};

export const ListDark: Story = {
  ...List,
  globals: { theme: 'dark' },
};

export const Registering: Story = {
  args: { flow: passkeyFlow({ passkeys: samplePasskeys, status: 'registering', isBusy: true, isCeremony: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Waiting for your passkey…');
    await expectAccessible();
  },
};

export const Renaming: Story = {
  args: { flow: passkeyFlow({ passkeys: samplePasskeys, status: 'renaming', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-flow="passkeys"]')).toHaveAttribute('data-state', 'renaming');
  },
};

export const Deleting: Story = {
  args: { flow: passkeyFlow({ passkeys: samplePasskeys, status: 'deleting', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Remove MacBook' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const PreviouslyRegistered: Story = {
  args: { flow: passkeyFlow({ passkeys: samplePasskeys, error: previouslyRegisteredError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('This authenticator was already registered.');
    await expectAccessible();
  },
};
