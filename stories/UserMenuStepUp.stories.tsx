import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { StepUpPrompt } from '../packages/ui/src/flows/MfaDevices/StepUpPrompt.js';
import { LinkedWallets } from '../packages/ui/src/screens/UserMenu/LinkedWallets.js';
import { UserMenuView } from '../packages/ui/src/screens/UserMenu/UserMenuView.js';
import { expectAccessible } from './a11y.js';
import { mfaInvalidCodeError, stepUpFlow, stepUpRequiredError } from './fixtures.js';
import { linkedAccountsArgs } from './menuFixtures.js';

/**
 * Unlinking a social account (or, in Wallets, an external wallet) when the user has a second step: the server wants one
 * passed in the last 5 minutes, so the view asks "Confirm it’s you" under its list (`useUnlinkCredential().stepUp`,
 * `useWallets().stepUp`), then unlinks.
 */
const meta = {
  title: 'Screens/UserMenu/Unlink step-up',
  component: UserMenuView,
  args: { email: 'ada@example.com', onSignOut: fn(), defaultOpen: true, defaultView: 'account', isLinking: true, ...linkedAccountsArgs },
} satisfies Meta<typeof UserMenuView>;

export default meta;
type Story = StoryObj<typeof meta>;

const flow = stepUpFlow();

/** "Confirm it’s you" with the authenticator app's code (the user has no recovery code left here). */
export const UnlinkStepUp: Story = {
  args: { linkStepUp: <StepUpPrompt flow={flow} /> },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: /^Signed in as/ });
    const prompt = within(within(dialog).getByRole('region', { name: 'Confirm it’s you' }));
    await expect(prompt.getByText(/^Unlinking a way to sign in needs a second step/)).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Link another account' })).toBeNull();
    await expectAccessible();
    await userEvent.type(prompt.getByLabelText('Authentication code'), '123456{Enter}');
    await expect(flow.stepUpWithCode).toHaveBeenCalledWith('123456');
  },
};

export const UnlinkStepUpDark: Story = { ...UnlinkStepUp, globals: { theme: 'dark' } };

export const UnlinkStepUpPhone: Story = { ...UnlinkStepUp, play: undefined, args: { ...UnlinkStepUp.args, layout: 'sheet' } };

export const UnlinkStepUpPhoneDark: Story = { ...UnlinkStepUpPhone, globals: { theme: 'dark' } };

/** A wrong code: the spec's sentence under the field, the prompt stays for another try. */
export const UnlinkStepUpWrongCode: Story = {
  args: { linkStepUp: <StepUpPrompt flow={stepUpFlow({ error: mfaInvalidCodeError })} /> },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: /^Signed in as/ });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid code');
  },
};

/** Refused again after a passed step-up: the server's refusal as a sentence, in the user's language (here Spanish). */
export const UnlinkRefusedAfterStepUpSpanish: Story = {
  args: { isLinking: false, linkError: stepUpRequiredError },
  globals: { locale: 'es' },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Primero confirma con tu segundo paso: este cambio necesita uno superado en los últimos 5 minutos.');
  },
};

const walletFlow = stepUpFlow();
const walletsWithPrompt = (prompt: ReturnType<typeof stepUpFlow>) => (
  <LinkedWallets
    wallets={[
      { id: 'w1', address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', wallet_name: 'phantom' },
      { id: 'w2', address: '9yaWxR2a3b4c5d6e7f8g9h1i2j3k4m5n6p7q8r9s8Q9R', wallet_name: 'solflare' },
    ]}
    busy
    canUnlink
    stepUp={<StepUpPrompt flow={prompt} subject="Unlink 9yaW…8Q9R" />}
    stepUpWalletId="w2"
    onMakePrimary={fn()}
    onUnlink={fn()}
  />
);

/** Wallets: unlinking an external wallet asks the same "Confirm it’s you" under the list, instead of the error. */
export const WalletUnlinkStepUp: Story = {
  args: { defaultView: 'wallets', views: { wallets: walletsWithPrompt(walletFlow) } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: /^Signed in as/ });
    const prompt = within(within(dialog).getByRole('region', { name: 'Confirm it’s you' }));
    await expect(prompt.getByText(/^Unlinking a way to sign in needs a second step/)).toBeVisible();
    // The prompt names the wallet, and its row is the one marked.
    await expect(prompt.getByText('Unlink 9yaW…8Q9R')).toBeVisible();
    await expect(dialog.querySelector('[data-step-up-target]')).toHaveAttribute('data-address', '9yaWxR2a3b4c5d6e7f8g9h1i2j3k4m5n6p7q8r9s8Q9R');
    for (const unlink of within(dialog).getAllByRole('button', { name: /^Unlink / })) await expect(unlink).toHaveAttribute('aria-disabled', 'true');
    await expectAccessible();
    await userEvent.type(prompt.getByLabelText('Authentication code'), '123456{Enter}');
    await expect(walletFlow.stepUpWithCode).toHaveBeenCalledWith('123456');
  },
};

export const WalletUnlinkStepUpDark: Story = { ...WalletUnlinkStepUp, globals: { theme: 'dark' } };

export const WalletUnlinkStepUpPhone: Story = { ...WalletUnlinkStepUp, play: undefined, args: { ...WalletUnlinkStepUp.args, layout: 'sheet' } };

export const WalletUnlinkStepUpPhoneDark: Story = { ...WalletUnlinkStepUpPhone, globals: { theme: 'dark' } };

/** A wrong code in the Wallets view: 'Invalid code' under the field, the prompt stays. */
export const WalletUnlinkStepUpWrongCode: Story = {
  args: { defaultView: 'wallets', views: { wallets: walletsWithPrompt(stepUpFlow({ error: mfaInvalidCodeError })) } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: /^Signed in as/ });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid code');
  },
};
