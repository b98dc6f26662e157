import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MfaEnrolmentView, RecoveryCodes } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { mfaEnrolmentFlow, mfaInvalidCodeError, mfaNothingToAcknowledgeError, passkeyMfaDevice, sampleRecoveryCodes, stepUpFlow, totpMfaDevice, totpRegistration } from './fixtures.js';
import { phone } from './viewport.js';

/**
 * Adding a second step from the user menu — an authenticator app (QR code, key, first code) or a passkey — and the
 * recovery codes shown once, one story per state of `useMfaEnrolment().status`.
 */
const meta = {
  title: 'Flows/MfaEnrolment',
  component: MfaEnrolmentView,
  args: { flow: mfaEnrolmentFlow() },
} satisfies Meta<typeof MfaEnrolmentView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Set up an authenticator app' }));
    await expect(args.flow.startEnrolment).toHaveBeenCalledTimes(1);
  },
};

export const IdleDark: Story = {
  ...Idle,
  globals: { theme: 'dark' },
};

export const FetchingSecret: Story = {
  args: { flow: mfaEnrolmentFlow({ status: 'fetchingSecret', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Set up an authenticator app' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const AwaitingEnrolmentCode: Story = {
  args: { flow: mfaEnrolmentFlow({ status: 'awaitingEnrolmentCode', registration: totpRegistration }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectAccessible();
    await userEvent.type(canvas.getByLabelText('Authentication code'), '123456{Enter}');
    await expect(args.flow.submitEnrolmentCode).toHaveBeenCalledWith('123456');
  },
};

export const AwaitingEnrolmentCodeDark: Story = {
  ...AwaitingEnrolmentCode,
  globals: { theme: 'dark' },
};

export const WrongCode: Story = {
  args: { flow: mfaEnrolmentFlow({ status: 'awaitingEnrolmentCode', registration: totpRegistration, error: mfaInvalidCodeError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid code');
  },
};

export const VerifyingEnrolment: Story = {
  args: { flow: mfaEnrolmentFlow({ status: 'verifyingEnrolment', registration: totpRegistration, isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking the code…');
  },
};

export const Enrolled: Story = {
  args: { flow: mfaEnrolmentFlow({ status: 'enrolled' }) },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText(/Authenticator app added/)).toBeVisible();
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show recovery codes' }));
    await expect(args.flow.loadRecoveryCodes).toHaveBeenCalledTimes(1);
  },
};

export const WithPasskeyOption: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Use a passkey as a second step' }));
    await expect(args.flow.registerPasskey).toHaveBeenCalledTimes(1);
  },
};

export const RegisteringPasskey: Story = {
  args: { flow: mfaEnrolmentFlow({ status: 'registeringPasskey', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Use a passkey as a second step' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const EnrolledPasskey: Story = {
  args: { flow: mfaEnrolmentFlow({ status: 'enrolled', device: passkeyMfaDevice }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Passkey added as a second step/)).toBeInTheDocument();
  },
};

export const RecoveryCodesShown: Story = {
  render: () => <RecoveryCodes codes={sampleRecoveryCodes.recoveryCodes} onAcknowledge={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(6);
    await expect(canvas.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-disabled', 'true');
    await expectAccessible();
    await userEvent.click(canvas.getByLabelText('I have saved these codes'));
    await expect(canvas.getByRole('button', { name: 'Done' })).not.toHaveAttribute('aria-disabled');
  },
};

export const RecoveryCodesShownDark: Story = {
  ...RecoveryCodesShown,
  globals: { theme: 'dark' },
};

export const RecoveryCodesAcknowledging: Story = {
  args: { flow: mfaEnrolmentFlow({ status: 'acknowledgingRecoveryCodes', isBusy: true, recoveryCodes: sampleRecoveryCodes }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-flow="recovery-codes"]')).toHaveAttribute('data-state', 'saving');
    await userEvent.click(canvas.getByLabelText('I have saved these codes'));
    await expect(canvas.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-disabled', 'true');
    await expect(args.flow.acknowledgeRecoveryCodes).not.toHaveBeenCalled();
  },
};

export const RecoveryCodesAcknowledgeFailed: Story = {
  args: { flow: mfaEnrolmentFlow({ recoveryCodes: sampleRecoveryCodes, error: mfaNothingToAcknowledgeError }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('There are no recovery codes to acknowledge.');
    await userEvent.click(canvas.getByLabelText('I have saved these codes'));
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(args.flow.acknowledgeRecoveryCodes).toHaveBeenCalledTimes(1);
  },
};

/** A second device beside a verified one, refused until a recent second step (`confirming`): "Confirm it’s you". */
export const AddDeviceStepUp: Story = {
  args: { flow: mfaEnrolmentFlow({ status: 'confirming', stepUp: stepUpFlow({ stepUpFor: 'addDevice', stepUpMethods: { methods: ['passkey', 'totp'], hasRecoveryCodes: true } }) }) },
  play: async ({ canvasElement, args }) => {
    const prompt = within(within(canvasElement).getByRole('region', { name: 'Confirm it’s you' }));
    await expect(prompt.getByText(/^Adding another second step/)).toBeVisible();
    await expectAccessible();
    await userEvent.click(prompt.getByRole('button', { name: 'Use your passkey' }));
    await expect(args.flow.stepUp?.stepUpWithPasskey).toHaveBeenCalledTimes(1);
  },
};

export const AddDeviceStepUpDark: Story = { ...AddDeviceStepUp, globals: { theme: 'dark' } };

export const AddDeviceStepUpPhone: Story = { ...AddDeviceStepUp, play: undefined, globals: { ...phone } };

/** The first recovery codes of a device added more than 5 minutes ago: confirm first, then they show once. */
export const RecoveryCodesStepUp: Story = {
  args: { flow: mfaEnrolmentFlow({ status: 'confirming', device: totpMfaDevice, stepUp: stepUpFlow({ stepUpFor: 'showRecoveryCodes', stepUpMethods: { methods: ['totp'], hasRecoveryCodes: false } }) }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Your recovery codes are shown only once/)).toBeVisible();
    await expectAccessible();
  },
};

export const RecoveryCodesStepUpDark: Story = { ...RecoveryCodesStepUp, globals: { theme: 'dark' } };
