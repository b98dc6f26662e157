import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MfaDevicesView } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { mfaDeviceNotFoundError, mfaDevicesFlow, mfaInvalidCodeError, sampleMfaDevices, sampleRecoveryCodes, stepUpFlow } from './fixtures.js';

/** The user's second-step devices in the user menu, behind one disclosure — one story per state of `useMfaDevices().status`. */
const meta = {
  title: 'Flows/MfaDevices',
  component: MfaDevicesView,
  args: { flow: mfaDevicesFlow(), defaultOpen: true },
} satisfies Meta<typeof MfaDevicesView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  args: { defaultOpen: false },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Manage second steps' }));
    await expect(args.flow.loadDevices).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = {
  args: { flow: mfaDevicesFlow({ status: 'loadingDevices', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-flow="mfa-devices"]')).toHaveAttribute('data-state', 'loadingDevices');
  },
};

export const Listed: Story = {
  args: { flow: mfaDevicesFlow({ devices: sampleMfaDevices }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expectAccessible();
    await userEvent.click(within(canvas.getByRole('group', { name: 'YubiKey' })).getByRole('button', { name: 'Make default' }));
    await expect(args.flow.makeDefaultDevice).toHaveBeenCalledWith('dev-2');
  },
};

export const ListedDark: Story = {
  ...Listed,
  globals: { theme: 'dark' },
};

export const ConfirmDelete: Story = {
  args: { flow: mfaDevicesFlow({ devices: sampleMfaDevices }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(within(canvas.getByRole('group', { name: 'YubiKey' })).getByRole('button', { name: 'Delete…' }));
    await userEvent.click(within(canvas.getByRole('group', { name: 'Delete YubiKey' })).getByRole('button', { name: 'Delete' }));
    await expect(args.flow.deleteDevice).toHaveBeenCalledWith('dev-2');
  },
};

export const Renaming: Story = {
  args: { flow: mfaDevicesFlow({ devices: sampleMfaDevices }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(within(canvas.getByRole('group', { name: 'YubiKey' })).getByRole('button', { name: 'Rename' }));
    await userEvent.clear(canvas.getByLabelText('Name'));
    await userEvent.type(canvas.getByLabelText('Name'), 'Work key{Enter}');
    await expect(args.flow.renameDevice).toHaveBeenCalledWith('dev-2', 'Work key');
  },
};

export const ChangingDevice: Story = {
  args: { flow: mfaDevicesFlow({ status: 'changingDevice', isBusy: true, devices: sampleMfaDevices }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'New recovery codes' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Failed: Story = {
  args: { flow: mfaDevicesFlow({ devices: sampleMfaDevices, error: mfaDeviceNotFoundError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('MFA device not found.');
  },
};

export const Empty: Story = {
  args: { flow: mfaDevicesFlow({ devices: [] }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No second steps yet.')).toBeInTheDocument();
  },
};

/** "New recovery codes" was chosen: the new set is shown once, in place of the button, until acknowledged. */
export const NewRecoveryCodes: Story = {
  args: { flow: mfaDevicesFlow({ devices: sampleMfaDevices, recoveryCodes: sampleRecoveryCodes }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const codes = canvas.getByRole('region', { name: 'Recovery codes' });
    await expect(within(codes).getAllByRole('listitem')).toHaveLength(6);
    await expectAccessible();
    await userEvent.click(within(codes).getByLabelText('I have saved these codes'));
    await userEvent.click(within(codes).getByRole('button', { name: 'Done' }));
    await expect(args.flow.acknowledgeRecoveryCodes).toHaveBeenCalledTimes(1);
  },
};

export const NewRecoveryCodesDark: Story = {
  ...NewRecoveryCodes,
  globals: { theme: 'dark' },
};

const allMethods = { methods: ['passkey' as const, 'totp' as const], hasRecoveryCodes: true };

/** New codes (or a delete) were refused for want of a recent second step: the user's methods are being loaded. */
export const StepUpLoading: Story = {
  args: { flow: mfaDevicesFlow({
      devices: sampleMfaDevices,
      status: 'confirming',
      isBusy: true,
      stepUp: stepUpFlow({ status: 'loadingStepUpMethods', stepUpFor: 'regenerateRecoveryCodes', stepUpMethods: undefined }),
    }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking your second steps…');
  },
};

/** "Confirm it’s you": the user's passkey, the app's code or a recovery code; Cancel leaves everything as it was. */
export const StepUp: Story = {
  args: { flow: mfaDevicesFlow({ devices: sampleMfaDevices, status: 'confirming', stepUp: stepUpFlow({ stepUpFor: 'deleteDevice', stepUpMethods: allMethods }) }) },
  play: async ({ canvasElement, args }) => {
    const prompt = within(within(canvasElement).getByRole('region', { name: 'Confirm it’s you' }));
    await expectAccessible();
    await userEvent.click(prompt.getByRole('button', { name: 'Use your passkey' }));
    await expect(args.flow.stepUp?.stepUpWithPasskey).toHaveBeenCalledTimes(1);
    await userEvent.type(prompt.getByLabelText('Authentication code'), '123456{Enter}');
    await expect(args.flow.stepUp?.stepUpWithCode).toHaveBeenCalledWith('123456');
    await userEvent.click(prompt.getByRole('button', { name: 'Cancel' }));
    await expect(args.flow.stepUp?.cancelStepUp).toHaveBeenCalledTimes(1);
  },
};

export const StepUpDark: Story = {
  ...StepUp,
  globals: { theme: 'dark' },
};

/** A wrong code: 'Invalid code' under the field; the prompt stays. */
export const StepUpWrongCode: Story = {
  args: { flow: mfaDevicesFlow({
      devices: sampleMfaDevices,
      status: 'confirming',
      stepUp: stepUpFlow({ stepUpFor: 'regenerateRecoveryCodes', stepUpMethods: allMethods, error: mfaInvalidCodeError }),
    }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid code');
  },
};

/** A code is being checked. */
export const SteppingUp: Story = {
  args: { flow: mfaDevicesFlow({
      devices: sampleMfaDevices,
      status: 'confirming',
      isBusy: true,
      stepUp: stepUpFlow({ status: 'steppingUp', stepUpFor: 'regenerateRecoveryCodes', stepUpMethods: allMethods }),
    }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Verify/ })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The browser's passkey prompt is open. */
export const SteppingUpWithPasskey: Story = {
  args: { flow: mfaDevicesFlow({
      devices: sampleMfaDevices,
      status: 'confirming',
      isBusy: true,
      stepUp: stepUpFlow({ status: 'steppingUpWithPasskey', stepUpFor: 'deleteDevice', stepUpMethods: allMethods }),
    }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Follow your browser’s prompt to use your passkey…')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('button', { name: 'Use your passkey' })).toHaveAttribute('aria-disabled', 'true');
  },
};
