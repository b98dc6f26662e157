import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasskeyManagerView } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { mfaInvalidCodeError, passkeyManagerFlow, previouslyRegisteredError, samplePasskeys, stepUpFlow } from './fixtures.js';
import { phone } from './viewport.js';

/** The signed-in user's passkeys: the list, add, rename, remove — one story per state of `usePasskeyManager().status`. */
const meta = {
  title: 'Flows/PasskeyManager',
  component: PasskeyManagerView,
  args: { flow: passkeyManagerFlow({ passkeys: samplePasskeys }) },
} satisfies Meta<typeof PasskeyManagerView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { flow: passkeyManagerFlow({ status: 'loading', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading passkeys…')).toBeVisible();
    await expectAccessible();
  },
};

export const Empty: Story = {
  args: { flow: passkeyManagerFlow({ passkeys: [] }) },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText('No sign-in passkeys yet. Add one to sign in without a code.')).toBeVisible();
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add a passkey' }));
    await expect(args.flow.register).toHaveBeenCalledTimes(1);
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
  args: { flow: passkeyManagerFlow({ passkeys: samplePasskeys, status: 'registering', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Waiting for your passkey…');
    await expectAccessible();
  },
};

export const Renaming: Story = {
  args: { flow: passkeyManagerFlow({ passkeys: samplePasskeys, status: 'renaming', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-flow="passkeys"]')).toHaveAttribute('data-state', 'renaming');
  },
};

export const Deleting: Story = {
  args: { flow: passkeyManagerFlow({ passkeys: samplePasskeys, status: 'deleting', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Remove MacBook' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const PreviouslyRegistered: Story = {
  args: { flow: passkeyManagerFlow({ passkeys: samplePasskeys, error: previouslyRegisteredError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('This authenticator was already registered.');
    await expectAccessible();
  },
};

export const PreviouslyRegisteredDark: Story = {
  ...PreviouslyRegistered,
  globals: { theme: 'dark' },
};

/** A removal the server refused until a recent second step (`confirming`): "Confirm it’s you" under the list. */
export const DeleteStepUp: Story = {
  args: { flow: passkeyManagerFlow({ passkeys: samplePasskeys, status: 'confirming', stepUp: stepUpFlow({ stepUpFor: 'deletePasskey' }) }) },
  play: async ({ canvasElement, args }) => {
    const prompt = within(within(canvasElement).getByRole('region', { name: 'Confirm it’s you' }));
    await expect(prompt.getByText(/^Removing a passkey needs a second step/)).toBeVisible();
    await expectAccessible();
    await userEvent.type(prompt.getByLabelText('Authentication code'), '123456{Enter}');
    await expect(args.flow.stepUp?.stepUpWithCode).toHaveBeenCalledWith('123456');
    await userEvent.click(prompt.getByRole('button', { name: 'Cancel' }));
    await expect(args.flow.stepUp?.cancelStepUp).toHaveBeenCalledTimes(1);
  },
};

export const DeleteStepUpDark: Story = { ...DeleteStepUp, globals: { theme: 'dark' } };

export const DeleteStepUpPhone: Story = { ...DeleteStepUp, play: undefined, globals: { ...phone } };

/** A wrong code in the prompt: the spec's sentence under the field; the prompt stays. */
export const DeleteStepUpWrongCode: Story = {
  args: { flow: passkeyManagerFlow({ passkeys: samplePasskeys, status: 'confirming', stepUp: stepUpFlow({ stepUpFor: 'deletePasskey', error: mfaInvalidCodeError }) }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid code');
  },
};
