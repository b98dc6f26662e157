import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { EmailSignInView, SmsSignInView } from '../packages/ui/src/flows/index.js';
import { AccountSection } from '../packages/ui/src/screens/UserMenu/AccountSection.js';
import { UserMenuView } from '../packages/ui/src/screens/UserMenu/UserMenuView.js';
import { expectAccessible } from './a11y.js';
import { emailFlow, emailTakenError, phoneTakenError, sentToUk, smsCountryList, smsFlow, ukPhone } from './fixtures.js';

/**
 * Adding a verified e-mail or phone number from the user menu's Account view, with the conflicts of SPEC §8 as
 * sentences. Each story's `children` is what the Account view shows above the linked accounts.
 */
const meta = {
  title: 'Screens/UserMenu/AddCredential',
  component: UserMenuView,
  args: { email: undefined, phoneNumber: '+447400123456', onSignOut: fn(), defaultOpen: true, defaultView: 'account' },
  render: ({ children, ...args }) => <UserMenuView {...args} views={{ account: children }} />,
} satisfies Meta<typeof UserMenuView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Offers: Story = {
  args: { children: <AccountSection canAddEmail canAddPhone={false} onAdd={fn()} /> },
  play: async () => {
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ });
    await expect(menu).toHaveTextContent('+447400123456');
    await expect(within(menu).getByRole('button', { name: 'Add email' })).toBeVisible();
    await expect(within(menu).queryByRole('button', { name: 'Add phone number' })).toBeNull();
    await expectAccessible();
  },
};

export const AddEmailStep: Story = {
  args: { children: <EmailSignInView flow={emailFlow()} purpose="link" /> },
  play: async () => {
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ });
    await userEvent.type(within(menu).getByLabelText('Email'), 'ada@example.com');
    await expectAccessible();
  },
};

export const EmailTaken: Story = {
  args: { children: <EmailSignInView flow={emailFlow({ status: 'awaitingCode', email: 'ada@example.com', error: emailTakenError })} purpose="link" /> },
  play: async () => {
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ });
    await expect(within(menu).getByRole('alert')).toHaveTextContent('Another account already uses this email address.');
    await expectAccessible();
  },
};

export const EmailTakenDark: Story = { ...EmailTaken, globals: { theme: 'dark' } };

export const EmailAdded: Story = {
  args: { email: 'ada@example.com', children: <EmailSignInView flow={emailFlow({ status: 'done', email: 'ada@example.com' })} purpose="link" /> },
  play: async () => {
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ });
    await expect(within(menu).getByRole('status')).toHaveTextContent('ada@example.com was added to your account.');
    await expectAccessible();
  },
};

export const PhoneTaken: Story = {
  args: {
    email: 'ada@example.com',
    phoneNumber: undefined,
    children: (
      <SmsSignInView flow={smsFlow({ status: 'awaitingCode', phone: ukPhone, sentTo: sentToUk, error: phoneTakenError })} countries={smsCountryList} purpose="link" />
    ),
  },
  play: async () => {
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ });
    await expect(within(menu).getByRole('alert')).toHaveTextContent('Another account already uses this phone number.');
    await expectAccessible();
  },
};

export const PhoneAdded: Story = {
  args: {
    email: 'ada@example.com',
    phoneNumber: undefined,
    children: <SmsSignInView flow={smsFlow({ status: 'done', phone: ukPhone, sentTo: sentToUk })} countries={smsCountryList} purpose="link" />,
  },
  play: async () => {
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ });
    await expect(within(menu).getByRole('status')).toHaveTextContent('+44 7400 123456 was added to your account.');
    await expectAccessible();
  },
};
