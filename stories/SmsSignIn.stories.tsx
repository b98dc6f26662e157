import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SmsSignInView } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import {
  invalidCodeError,
  invalidPhoneError,
  rateLimitError,
  sentToUk,
  smsCountryList,
  smsFlow,
  tooManySmsAttemptsError,
  ukPhone,
  wrongSmsCodeError,
} from './fixtures.js';

/** The SMS code flow, one story per state of `useSmsSignIn().status` (and each message it shows). */
const meta = {
  title: 'Flows/SmsSignIn',
  component: SmsSignInView,
  args: { flow: smsFlow(), countries: smsCountryList, defaultCountry: 'GB' },
} satisfies Meta<typeof SmsSignInView>;

export default meta;
type Story = StoryObj<typeof meta>;

const root = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-flow="sms"]');

export const Idle: Story = {
  args: { flow: smsFlow({ status: 'idle' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'idle');
    await expect(canvas.getByLabelText('Country')).toHaveValue('GB');
    await expectAccessible();
    await userEvent.selectOptions(canvas.getByLabelText('Country'), 'DE');
    await userEvent.type(canvas.getByLabelText('Phone number'), '0151 2345678');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.flow.sendCode).toHaveBeenCalledWith({ phoneNumber: '0151 2345678', isoCountryCode: 'DE' });
  },
};

export const InvalidPhone: Story = {
  args: { flow: smsFlow({ status: 'idle', phone: { phoneNumber: '0740', isoCountryCode: 'GB' }, error: invalidPhoneError }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid phone number.');
    await expect(canvas.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();
  },
};

export const InvalidPhoneDark: Story = { ...InvalidPhone, globals: { theme: 'dark' } };

export const SendingCode: Story = {
  args: { flow: smsFlow({ status: 'sendingCode', phone: ukPhone, isBusy: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Sending a code…');
    await expectAccessible();
  },
};

export const AwaitingCode: Story = {
  args: { flow: smsFlow({ status: 'awaitingCode', phone: ukPhone, sentTo: sentToUk }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('+44 7400 123456')).toBeVisible();
    await expectAccessible();
    await userEvent.click(canvas.getByLabelText('Verification code'));
    await userEvent.paste('424 242');
    await expect(args.flow.submitCode).toHaveBeenCalledWith('424242');
  },
};

export const InvalidCode: Story = {
  args: { flow: smsFlow({ status: 'awaitingCode', phone: ukPhone, sentTo: sentToUk, error: invalidCodeError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid code');
    await expectAccessible();
  },
};

export const Verifying: Story = {
  args: { flow: smsFlow({ status: 'verifying', phone: ukPhone, sentTo: sentToUk, isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking the code…');
    await expectAccessible();
  },
};

export const WrongCode: Story = {
  args: { flow: smsFlow({ status: 'awaitingCode', phone: ukPhone, sentTo: sentToUk, error: wrongSmsCodeError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
    await expectAccessible();
  },
};

export const WrongCodeDark: Story = { ...WrongCode, globals: { theme: 'dark' } };

export const RateLimitReached: Story = {
  args: { flow: smsFlow({ status: 'awaitingCode', phone: ukPhone, sentTo: sentToUk, error: rateLimitError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Rate limit reached');
    await expectAccessible();
  },
};

/** A resend refused with Retry-After: "Resend code" counts down until the server lets a code go again. */
export const RateLimitedCountdown: Story = {
  args: { flow: smsFlow({ status: 'awaitingCode', phone: ukPhone, sentTo: sentToUk, error: rateLimitError, retryAt: Date.now() + 30_000, retryInSeconds: 30 }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Rate limit reached');
    const resend = canvas.getByRole('button', { name: 'Resend code in 30 s' });
    await expect(resend).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(resend);
    await expect(args.flow.resendCode).not.toHaveBeenCalled();
  },
};

export const RateLimitedCountdownDark: Story = { ...RateLimitedCountdown, globals: { theme: 'dark' } };

/** The first send refused with Retry-After: "Continue" waits, with the countdown under it. */
export const RateLimitedFirstSend: Story = {
  args: { flow: smsFlow({ status: 'idle', phone: ukPhone, error: rateLimitError, retryAt: Date.now() + 12_000, retryInSeconds: 12 }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You can send a code again in 12 s.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.flow.sendCode).not.toHaveBeenCalled();
  },
};

export const TooManyAttempts: Story = {
  args: { flow: smsFlow({ status: 'failed', phone: ukPhone, sentTo: sentToUk, error: tooManySmsAttemptsError }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(root(canvasElement)).toHaveAttribute('data-state', 'failed');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Too many SMS verification attempts.');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Start over' }));
    await expect(args.flow.reset).toHaveBeenCalled();
  },
};

export const Done: Story = {
  args: { flow: smsFlow({ status: 'done', phone: ukPhone, sentTo: sentToUk }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent("You're signed in as +44 7400 123456.");
    await expectAccessible();
  },
};
