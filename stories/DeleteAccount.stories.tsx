import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DeleteAccountStep } from '../packages/ui/src/flows/index.js';
import { StepUpPrompt } from '../packages/ui/src/flows/MfaDevices/StepUpPrompt.js';
import { expectAccessible } from './a11y.js';
import { mfaInvalidCodeError, stepUpFlow, stepUpRequiredError } from './fixtures.js';
import { phone } from './viewport.js';

/**
 * Delete account (`useDeleteAccount()`): the typed confirmation, then — for a user with a second step who passed none
 * in the last 5 minutes — "Confirm it’s you" under the field (`stepUp`), and the account goes. One story per state.
 */
const meta = {
  title: 'Flows/DeleteAccount',
  component: DeleteAccountStep,
  args: { status: 'idle', defaultOpen: true, onDelete: fn() },
} satisfies Meta<typeof DeleteAccountStep>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  args: { defaultOpen: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete account…' }));
    await expect(canvas.getByLabelText('Type DELETE to confirm')).toBeVisible();
  },
};

export const Confirm: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const submit = canvas.getByRole('button', { name: 'Delete my account' });
    await expect(submit).toBeDisabled();
    await userEvent.type(canvas.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await expect(args.onDelete).toHaveBeenCalledWith('DELETE');
    await expectAccessible();
  },
};

export const ConfirmDark: Story = { ...Confirm, globals: { theme: 'dark' } };

const flow = stepUpFlow({ stepUpFor: 'deleteAccount' });

/** "Confirm it’s you" under the field (the authenticator app's code, a recovery code left); the buttons give way to the prompt's. */
export const StepUp: Story = {
  args: { status: 'confirming', stepUp: <StepUpPrompt flow={flow} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const prompt = within(canvas.getByRole('region', { name: 'Confirm it’s you' }));
    await expect(prompt.getByText(/^Deleting your account needs a second step/)).toBeVisible();
    await expect(canvas.getByLabelText('Type DELETE to confirm')).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    await expectAccessible();
    await userEvent.type(prompt.getByLabelText('Authentication code'), '123456{Enter}');
    await expect(flow.stepUpWithCode).toHaveBeenCalledWith('123456');
    await userEvent.click(prompt.getByRole('button', { name: 'Cancel' }));
    await expect(flow.cancelStepUp).toHaveBeenCalledTimes(1);
  },
};

export const StepUpDark: Story = { ...StepUp, globals: { theme: 'dark' } };

export const StepUpPhone: Story = { ...StepUp, play: undefined, globals: { ...phone } };

export const StepUpPhoneDark: Story = { ...StepUpPhone, globals: { ...phone, theme: 'dark' } };

/** A wrong code: 'Invalid code' under the field; the prompt stays for another try. */
export const StepUpWrongCode: Story = {
  args: { status: 'confirming', stepUp: <StepUpPrompt flow={stepUpFlow({ stepUpFor: 'deleteAccount', error: mfaInvalidCodeError })} /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid code');
  },
};

/** The step-up passed: the account is being deleted. */
export const Deleting: Story = {
  args: { status: 'deleting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Deleting your account…' })).toBeDisabled();
  },
};

/** Refused again after a passed step-up: the server's refusal as a sentence, in the user's language (here Spanish). */
export const RefusedAfterStepUpSpanish: Story = {
  args: { error: stepUpRequiredError },
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Primero confirma con tu segundo paso: este cambio necesita uno superado en los últimos 5 minutos.');
  },
};

export const Deleted: Story = {
  args: { status: 'deleted' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Your account has been deleted.');
  },
};
