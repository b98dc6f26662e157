import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { EmailSignInView } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { emailFlow, rateLimitError, tooManyAttemptsError, wrongCodeError } from './fixtures.js';

/** The e-mail code flow, one story per state of `useEmailSignIn().status`. */
const meta = {
  title: 'Flows/EmailSignIn',
  component: EmailSignInView,
  args: { flow: emailFlow() },
} satisfies Meta<typeof EmailSignInView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  args: { flow: emailFlow({ status: 'idle' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-flow="email"]')).toHaveAttribute('data-state', 'idle');
    await expectAccessible();
    await userEvent.type(canvas.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.flow.sendCode).toHaveBeenCalledWith('ada@example.com');
  },
};

export const SendingCode: Story = {
  args: { flow: emailFlow({ status: 'sendingCode', email: 'ada@example.com', isBusy: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Sending a code…');
    await expectAccessible();
  },
};

export const AwaitingCode: Story = {
  args: { flow: emailFlow({ status: 'awaitingCode', email: 'ada@example.com' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Verification code');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expectAccessible();
    await userEvent.click(field);
    await userEvent.paste('424 242');
    await expect(field).toHaveValue('424242');
    await expect(args.flow.submitCode).toHaveBeenCalledWith('424242');
  },
};

export const Verifying: Story = {
  args: { flow: emailFlow({ status: 'verifying', email: 'ada@example.com', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking the code…');
    await expectAccessible();
  },
};

export const WrongCode: Story = {
  args: { flow: emailFlow({ status: 'awaitingCode', email: 'ada@example.com', error: wrongCodeError }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
    await expectAccessible();
  },
};

export const WrongCodeDark: Story = {
  ...WrongCode,
  globals: { theme: 'dark' },
};

export const TooManyAttempts: Story = {
  args: { flow: emailFlow({ status: 'failed', email: 'ada@example.com', error: tooManyAttemptsError }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-flow="email"]')).toHaveAttribute('data-state', 'failed');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Too many email verification attempts.');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Start over' }));
    await expect(args.flow.reset).toHaveBeenCalled();
  },
};

export const Done: Story = {
  args: { flow: emailFlow({ status: 'done', email: 'ada@example.com' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent("You're signed in as ada@example.com.");
    await expectAccessible();
  },
};

/** A send refused by a rate limit: the spec's sentence, and "Continue" waits for the server's Retry-After, counting down. */
export const RateLimited: Story = {
  args: { flow: emailFlow({ status: 'idle', email: 'ada@example.com', error: rateLimitError, retryAt: Date.now() + 42_000, retryInSeconds: 42 }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Rate limit reached');
    await expect(canvas.getByText('You can send a code again in 42 s.')).toBeInTheDocument();
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.flow.sendCode).not.toHaveBeenCalled();
  },
};

export const RateLimitedDark: Story = { ...RateLimited, globals: { theme: 'dark' } };

/** A resend over the limit for this address: the code already sent still works; "Resend code" counts down. */
export const ResendRateLimited: Story = {
  args: {
    flow: emailFlow({ status: 'awaitingCode', email: 'ada@example.com', error: tooManyAttemptsError, retryAt: Date.now() + 9_000, retryInSeconds: 9 }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const resend = canvas.getByRole('button', { name: 'Resend code in 9 s' });
    await expect(resend).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(resend);
    await expect(args.flow.resendCode).not.toHaveBeenCalled();
  },
};

/** The code screen right to left (Arabic): the sentence mirrors, the address and the digits stay left to right. */
export const AwaitingCodeRtl: Story = {
  args: { flow: emailFlow({ status: 'awaitingCode', email: 'ada@example.com' }) },
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-flow="email"]')).toHaveAttribute('dir', 'rtl');
    await expect(canvas.getByLabelText('رمز التحقق')).toBeVisible();
    await expect(canvas.getByText(/أرسلنا رمزًا مكوّنًا من 6 أرقام إلى/)).toHaveTextContent('ada@example.com');
    await expectAccessible();
  },
};

export const AwaitingCodeRtlDark: Story = { ...AwaitingCodeRtl, globals: { locale: 'ar', theme: 'dark' } };

/** A wrong code in Spanish: the SPEC §8 message by its code, in the locale. */
export const WrongCodeSpanish: Story = {
  ...WrongCode,
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('El código no es válido o ha caducado.');
    await expectAccessible();
  },
};
