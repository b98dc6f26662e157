import { fn } from 'storybook/test';

/** Fixtures of the user menu's views (Screens/UserMenu and its right-to-left variant). */

/** The Account view's social accounts: Google and GitHub linked, Apple and Discord still to link; spy commands. */
export const linkedAccountsArgs = {
  linkedAccounts: [
    { id: 'cred-google', provider: 'google', label: 'ada@example.com' },
    { id: 'cred-github', provider: 'github', label: 'ada-gh@example.com' },
  ],
  linkableProviders: ['apple', 'discord'],
  onLink: fn(),
  onUnlink: fn(),
};
