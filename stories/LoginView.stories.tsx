import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EmailOrPhoneStep } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { invalidPhoneError, smsCountryList } from './fixtures.js';

/** The `emailAndPhone` login block: one field that picks the e-mail or the SMS flow. */
const meta = {
  title: 'Screens/LoginView',
  component: EmailOrPhoneStep,
  args: { countries: smsCountryList, defaultCountry: 'US', onSubmitEmail: fn(), onSubmitPhone: fn() },
} satisfies Meta<typeof EmailOrPhoneStep>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expectAccessible();
    await userEvent.type(canvas.getByLabelText('Email or phone number'), 'ada@example.com');
    await expect(canvas.queryByLabelText('Country')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.onSubmitEmail).toHaveBeenCalledWith('ada@example.com');
  },
};

export const PhoneTyped: Story = {
  args: { defaultValue: '201 555 0123' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Country')).toHaveValue('US');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.onSubmitPhone).toHaveBeenCalledWith({ phoneNumber: '201 555 0123', isoCountryCode: 'US' });
  },
};

export const PhoneTypedDark: Story = { ...PhoneTyped, globals: { theme: 'dark' } };

export const InvalidPhone: Story = {
  args: { defaultValue: '12', phoneError: invalidPhoneError },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Invalid phone number.');
    await expectAccessible();
  },
};

export const Sending: Story = {
  args: { defaultValue: '201 555 0123', isSending: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Sending a code…');
    await expectAccessible();
  },
};
