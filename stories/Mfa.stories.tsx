import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fn } from 'storybook/test';
import { MfaChallenge, MfaDevices, RecoveryCodes, TotpEnrolment } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { mfaFlow, mfaInvalidCodeError, mfaTooManyError, totpRegistration } from './fixtures.js';

/** MFA with TOTP: enrolment (QR code, key, first code) and the challenge after sign-in, one story per state of `useMfa().status`. */
const meta = {
  title: 'Flows/MFA',
  component: TotpEnrolment,
  args: { flow: mfaFlow() },
} satisfies Meta<typeof TotpEnrolment>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EnrolmentIdle: Story = {
  play: async ({ canvasElement, args }) => {
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Set up an authenticator app' }));
    await expect(args.flow.startEnrolment).toHaveBeenCalledTimes(1);
  },
};

export const FetchingSecret: Story = {
  args: { flow: mfaFlow({ status: 'fetchingSecret', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Set up an authenticator app' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const AwaitingEnrolmentCode: Story = {
  args: { flow: mfaFlow({ status: 'awaitingEnrolmentCode', registration: totpRegistration }) },
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

export const EnrolmentWrongCode: Story = {
  args: { flow: mfaFlow({ status: 'awaitingEnrolmentCode', registration: totpRegistration, error: mfaInvalidCodeError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid code');
  },
};

export const VerifyingEnrolment: Story = {
  args: { flow: mfaFlow({ status: 'verifyingEnrolment', registration: totpRegistration, isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking the code…');
  },
};

export const Enrolled: Story = {
  args: { flow: mfaFlow({ status: 'enrolled' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Authenticator app added/)).toBeVisible();
    await expectAccessible();
  },
};

export const Challenge: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-flow="mfa"]')).toHaveAttribute('data-state', 'idle');
    await expectAccessible();
    await userEvent.type(canvas.getByLabelText('Authentication code'), '654321');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(args.flow.submitCode).toHaveBeenCalledWith('654321');
  },
};

export const ChallengeVerifying: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ status: 'verifying', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking the code…');
  },
};

export const ChallengeWrongCode: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ error: mfaInvalidCodeError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid code');
    await expectAccessible();
  },
};

export const ChallengeWrongCodeDark: Story = {
  ...ChallengeWrongCode,
  globals: { theme: 'dark' },
};

export const ChallengeTooManyAttempts: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ status: 'failed', error: mfaTooManyError }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Too many verification attempts. Sign in again.');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in again' }));
    await expect(args.flow.cancel).toHaveBeenCalledTimes(1);
  },
};

export const EnrolledWithRecoveryCodesButton: Story = {
  args: { flow: mfaFlow({ status: 'enrolled', loadRecoveryCodes: fn().mockName('loadRecoveryCodes') }) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show recovery codes' }));
    await expect(args.flow.loadRecoveryCodes).toHaveBeenCalledTimes(1);
  },
};

export const RecoveryCodesShown: Story = {
  render: () => <RecoveryCodes codes={['5zbq-5mts', 'mn6g-d8n4', 'mrvw-jvr3', 'pbeb-quwd', 'effs-423q', 'gmsx-2xyv']} onAcknowledge={fn()} />,
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

const SHOWN_CODES = { count: 6, recoveryCodes: ['5zbq-5mts', 'mn6g-d8n4', 'mrvw-jvr3', 'pbeb-quwd', 'effs-423q', 'gmsx-2xyv'] };

export const RecoveryCodesAcknowledging: Story = {
  args: { flow: mfaFlow({ status: 'acknowledgingRecoveryCodes', isBusy: true, recoveryCodes: SHOWN_CODES, acknowledgeRecoveryCodes: fn().mockName('acknowledgeRecoveryCodes') }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-flow="recovery-codes"]')).toHaveAttribute('data-state', 'saving');
    await userEvent.click(canvas.getByLabelText('I have saved these codes'));
    await expect(canvas.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-disabled', 'true');
    await expect(args.flow.acknowledgeRecoveryCodes).not.toHaveBeenCalled();
  },
};

export const RecoveryCodesAcknowledgeFailed: Story = {
  args: {
    flow: mfaFlow({
      recoveryCodes: SHOWN_CODES,
      error: { code: 'mfa_invalid_request', message: 'There are no recovery codes to acknowledge.' },
      acknowledgeRecoveryCodes: fn().mockName('acknowledgeRecoveryCodes'),
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('There are no recovery codes to acknowledge.');
    await userEvent.click(canvas.getByLabelText('I have saved these codes'));
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(args.flow.acknowledgeRecoveryCodes).toHaveBeenCalledTimes(1);
  },
};

/** MFA required and no device yet: the sign-in's second step sets one up, then takes its next code. */
export const RequiredEnrolmentIdle: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ challenge: 'enrolment' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/This account needs a second step at sign-in/)).toBeInTheDocument();
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Set up an authenticator app' }));
    await expect(args.flow.startEnrolment).toHaveBeenCalledTimes(1);
  },
};

export const RequiredEnrolmentAwaitingCode: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ challenge: 'enrolment', status: 'awaitingEnrolmentCode', registration: totpRegistration }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
  },
};

export const RequiredEnrolmentNextCode: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ challenge: 'enrolment', status: 'enrolled' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Authenticator app added.')).toBeInTheDocument();
    await expectAccessible();
    await userEvent.type(canvas.getByLabelText('Authentication code'), '234567{Enter}');
    await expect(args.flow.submitCode).toHaveBeenCalledWith('234567');
  },
};

export const RequiredEnrolmentWrongNextCode: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ challenge: 'enrolment', status: 'enrolled', error: mfaInvalidCodeError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid code');
  },
};

export const RequiredEnrolmentVerifying: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ challenge: 'enrolment', status: 'verifying', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-flow="mfa"]')).toHaveAttribute('data-state', 'verifying');
  },
};

export const ChallengeWithPasskey: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: {
    flow: mfaFlow({
      totpOffered: true,
      passkeyOffered: true,
      userMethods: { methods: ['totp', 'passkey'], hasRecoveryCodes: true },
      authenticatePasskey: fn().mockName('authenticatePasskey'),
      submitRecoveryCode: fn(),
    }),
  },
  play: async ({ canvasElement, args }) => {
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Use your passkey' }));
    await expect(args.flow.authenticatePasskey).toHaveBeenCalledTimes(1);
  },
};

export const ChallengeVerifyingPasskey: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ status: 'verifyingPasskey', isBusy: true, passkeyOffered: true, authenticatePasskey: fn() }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Use your passkey' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const EnrolmentWithPasskeyOption: Story = {
  args: { flow: mfaFlow({ registerPasskey: fn().mockName('registerPasskey') }) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Use a passkey as a second step' }));
    await expect(args.flow.registerPasskey).toHaveBeenCalledTimes(1);
  },
};

/** Method settings with the passkey as the default: it comes first. */
export const ChallengePasskeyDefault: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ methods: ['passkey', 'totp'], passkeyOffered: true, authenticatePasskey: fn() }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button')[0]).toHaveTextContent('Use your passkey');
  },
};

/** The user's only second factor is a passkey: no authenticator-app code form, the passkey and recovery codes. */
export const ChallengePasskeyOnly: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: {
    flow: mfaFlow({
      totpOffered: false,
      passkeyOffered: true,
      userMethods: { methods: ['passkey'], hasRecoveryCodes: true },
      authenticatePasskey: fn().mockName('authenticatePasskey'),
      submitRecoveryCode: fn().mockName('submitRecoveryCode'),
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expectAccessible();
    await expect(canvas.queryByLabelText('Authentication code')).toBeNull();
    await expect(canvasElement.textContent).not.toMatch(/authenticator app/i);
    await userEvent.click(canvas.getByRole('button', { name: 'Use your passkey' }));
    await expect(args.flow.authenticatePasskey).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Use a recovery code' }));
    await expect(canvas.getByLabelText('Recovery code')).toBeVisible();
    await expect(canvasElement.textContent).not.toMatch(/authenticator app/i);
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeVisible();
  },
};

export const ChallengePasskeyOnlyDark: Story = {
  ...ChallengePasskeyOnly,
  globals: { theme: 'dark' },
};

/** The user's methods are being asked for: nothing is offered yet. */
export const ChallengeLoadingMethods: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ status: 'loadingMethods', authenticatePasskey: fn(), submitRecoveryCode: fn() }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking your second factors…');
    await expect(canvas.queryByLabelText('Authentication code')).toBeNull();
  },
};

export const EnrolledPasskey: Story = {
  args: { flow: mfaFlow({ status: 'enrolled', device: { id: 'dev-pk', type: 'passkey' } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Passkey added as a second step/)).toBeInTheDocument();
  },
};

export const ChallengeWithRecoveryCode: Story = {
  render: (args) => <MfaChallenge flow={args.flow} />,
  args: { flow: mfaFlow({ submitRecoveryCode: fn().mockName('submitRecoveryCode') }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(canvas.getByLabelText('Recovery code'), '7kq2-m9xd{Enter}');
    await expect(args.flow.submitRecoveryCode).toHaveBeenCalledWith('7kq2-m9xd');
    await expectAccessible();
  },
};

const DEVICES = [
  { id: 'dev-1', type: 'totp', alias: null, default: true, createdAt: '2026-01-01T00:00:00.000Z' },
  { id: 'dev-2', type: 'passkey', alias: 'YubiKey', default: false, createdAt: '2026-01-02T00:00:00.000Z' },
];
const deviceCommands = () => ({
  loadDevices: fn().mockName('loadDevices'),
  renameDevice: fn().mockName('renameDevice'),
  makeDefaultDevice: fn().mockName('makeDefaultDevice'),
  deleteDevice: fn().mockName('deleteDevice'),
  regenerateRecoveryCodes: fn().mockName('regenerateRecoveryCodes'),
});

/** Device management in the user menu, behind one disclosure. */
export const DevicesClosed: Story = {
  render: (args) => <MfaDevices flow={args.flow} />,
  args: { flow: mfaFlow(deviceCommands()) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Manage second steps' }));
    await expect(args.flow.loadDevices).toHaveBeenCalledTimes(1);
  },
};

export const DevicesLoading: Story = {
  render: (args) => <MfaDevices flow={args.flow} defaultOpen />,
  args: { flow: mfaFlow({ status: 'loadingDevices', isBusy: true, ...deviceCommands() }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-flow="mfa-devices"]')).toHaveAttribute('data-state', 'loadingDevices');
  },
};

export const DevicesListed: Story = {
  render: (args) => <MfaDevices flow={args.flow} defaultOpen />,
  args: { flow: mfaFlow({ devices: DEVICES, ...deviceCommands() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expectAccessible();
    await userEvent.click(within(canvas.getByRole('group', { name: 'YubiKey' })).getByRole('button', { name: 'Make default' }));
    await expect(args.flow.makeDefaultDevice).toHaveBeenCalledWith('dev-2');
  },
};

export const DevicesListedDark: Story = {
  ...DevicesListed,
  globals: { theme: 'dark' },
};

export const DevicesConfirmDelete: Story = {
  render: (args) => <MfaDevices flow={args.flow} defaultOpen />,
  args: { flow: mfaFlow({ devices: DEVICES, ...deviceCommands() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(within(canvas.getByRole('group', { name: 'YubiKey' })).getByRole('button', { name: 'Delete…' }));
    await userEvent.click(within(canvas.getByRole('group', { name: 'Delete YubiKey' })).getByRole('button', { name: 'Delete' }));
    await expect(args.flow.deleteDevice).toHaveBeenCalledWith('dev-2');
  },
};

export const DevicesRenaming: Story = {
  render: (args) => <MfaDevices flow={args.flow} defaultOpen />,
  args: { flow: mfaFlow({ devices: DEVICES, ...deviceCommands() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(within(canvas.getByRole('group', { name: 'YubiKey' })).getByRole('button', { name: 'Rename' }));
    await userEvent.clear(canvas.getByLabelText('Name'));
    await userEvent.type(canvas.getByLabelText('Name'), 'Work key{Enter}');
    await expect(args.flow.renameDevice).toHaveBeenCalledWith('dev-2', 'Work key');
  },
};

export const DevicesFailed: Story = {
  render: (args) => <MfaDevices flow={args.flow} defaultOpen />,
  args: { flow: mfaFlow({ devices: DEVICES, error: { code: 'mfa_device_not_found', message: 'MFA device not found.' }, ...deviceCommands() }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('MFA device not found.');
  },
};

export const DevicesEmpty: Story = {
  render: (args) => <MfaDevices flow={args.flow} defaultOpen />,
  args: { flow: mfaFlow({ devices: [], ...deviceCommands() }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No second steps yet.')).toBeInTheDocument();
  },
};
