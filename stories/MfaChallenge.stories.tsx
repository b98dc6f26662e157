import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MfaChallengeView } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { mfaChallengeFlow, mfaInvalidCodeError, mfaTooManyError, totpRegistration } from './fixtures.js';

/**
 * The second factor after sign-in — the authenticator app's code, a passkey or a recovery code, and (MFA
 * required, no device yet) setting up an app inside the sign-in — one story per state of `useMfaChallenge().status`.
 */
const meta = {
  title: 'Flows/MfaChallenge',
  component: MfaChallengeView,
  args: { flow: mfaChallengeFlow() },
} satisfies Meta<typeof MfaChallengeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-flow="mfa"]')).toHaveAttribute('data-state', 'idle');
    await expectAccessible();
    await userEvent.type(canvas.getByLabelText('Authentication code'), '654321');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(args.flow.submitCode).toHaveBeenCalledWith('654321');
  },
};

export const IdleDark: Story = {
  ...Idle,
  globals: { theme: 'dark' },
};

/** The user's methods are being asked for: nothing is offered yet. */
export const LoadingMethods: Story = {
  args: { flow: mfaChallengeFlow({ status: 'loadingMethods' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking your second factors…');
    await expect(canvas.queryByLabelText('Authentication code')).toBeNull();
  },
};

export const Verifying: Story = {
  args: { flow: mfaChallengeFlow({ status: 'verifying', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking the code…');
  },
};

export const WrongCode: Story = {
  args: { flow: mfaChallengeFlow({ error: mfaInvalidCodeError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid code');
    await expectAccessible();
  },
};

export const WrongCodeDark: Story = {
  ...WrongCode,
  globals: { theme: 'dark' },
};

export const TooManyAttempts: Story = {
  args: { flow: mfaChallengeFlow({ status: 'failed', error: mfaTooManyError }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Too many verification attempts. Sign in again.');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in again' }));
    await expect(args.flow.cancel).toHaveBeenCalledTimes(1);
  },
};

export const WithRecoveryCode: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(canvas.getByLabelText('Recovery code'), '7kq2-m9xd{Enter}');
    await expect(args.flow.submitRecoveryCode).toHaveBeenCalledWith('7kq2-m9xd');
    await expectAccessible();
  },
};

export const WithPasskey: Story = {
  args: { flow: mfaChallengeFlow({ totpOffered: true, passkeyOffered: true, userMethods: { methods: ['totp', 'passkey'], hasRecoveryCodes: true } }) },
  play: async ({ canvasElement, args }) => {
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Use your passkey' }));
    await expect(args.flow.authenticatePasskey).toHaveBeenCalledTimes(1);
  },
};

export const VerifyingPasskey: Story = {
  args: { flow: mfaChallengeFlow({ status: 'verifyingPasskey', isBusy: true, passkeyOffered: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Use your passkey' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** Method settings with the passkey as the default: it comes first. */
export const PasskeyDefault: Story = {
  args: { flow: mfaChallengeFlow({ methods: ['passkey', 'totp'], passkeyOffered: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button')[0]).toHaveTextContent('Use your passkey');
  },
};

/** The user's only second factor is a passkey: no authenticator-app code form, the passkey and recovery codes. */
export const PasskeyOnly: Story = {
  args: { flow: mfaChallengeFlow({ totpOffered: false, passkeyOffered: true, userMethods: { methods: ['passkey'], hasRecoveryCodes: true } }) },
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

export const PasskeyOnlyDark: Story = {
  ...PasskeyOnly,
  globals: { theme: 'dark' },
};

/** MFA required and no device yet: the sign-in's second step sets one up, then takes its next code. */
export const RequiredEnrolmentIdle: Story = {
  args: { flow: mfaChallengeFlow({ challenge: 'enrolment' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/This account needs a second step at sign-in/)).toBeInTheDocument();
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Set up an authenticator app' }));
    await expect(args.flow.startEnrolment).toHaveBeenCalledTimes(1);
  },
};

export const RequiredEnrolmentAwaitingCode: Story = {
  args: { flow: mfaChallengeFlow({ challenge: 'enrolment', status: 'awaitingEnrolmentCode', registration: totpRegistration }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('Authentication code'), '123456{Enter}');
    await expect(args.flow.submitEnrolmentCode).toHaveBeenCalledWith('123456');
  },
};

export const RequiredEnrolmentAwaitingCodeDark: Story = {
  ...RequiredEnrolmentAwaitingCode,
  globals: { theme: 'dark' },
};

export const RequiredEnrolmentNextCode: Story = {
  args: { flow: mfaChallengeFlow({ challenge: 'enrolment', status: 'enrolled' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Authenticator app added.')).toBeInTheDocument();
    await expectAccessible();
    await userEvent.type(canvas.getByLabelText('Authentication code'), '234567{Enter}');
    await expect(args.flow.submitCode).toHaveBeenCalledWith('234567');
  },
};

export const RequiredEnrolmentWrongNextCode: Story = {
  args: { flow: mfaChallengeFlow({ challenge: 'enrolment', status: 'enrolled', error: mfaInvalidCodeError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid code');
  },
};

export const RequiredEnrolmentVerifying: Story = {
  args: { flow: mfaChallengeFlow({ challenge: 'enrolment', status: 'verifying', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-flow="mfa"]')).toHaveAttribute('data-state', 'verifying');
  },
};
