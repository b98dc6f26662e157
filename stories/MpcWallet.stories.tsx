import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MpcWalletView, WalletPanelView, type MpcWalletFlowModel } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';
import { mfaInvalidCodeError, stepUpFlow } from './fixtures.js';
import { phone } from './viewport.js';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const settings = { enabled: true, defaultScheme: 'TWO_OF_TWO' as const, backupLocations: ['productApi' as const, 'googleDrive' as const, 'icloud' as const], passwordRequired: false };
const account = (keyShares: { id: string; backupLocation: 'googleDrive' | 'icloud' | null; passwordEncrypted: boolean }[] = [], scheme: 'TWO_OF_TWO' | 'TWO_OF_THREE' | 'THREE_OF_FIVE' = 'TWO_OF_TWO') => ({
  id: 'wallet-1',
  address: ADDRESS,
  thresholdSignatureScheme: scheme,
  keyShares,
});
const backedUp = [{ id: 'k1', backupLocation: 'googleDrive' as const, passwordEncrypted: true }];

/** A fixed MPC-wallet view model with spy commands (kept here: no other story uses it). */
function mpcFlow(overrides: Partial<MpcWalletFlowModel> = {}): MpcWalletFlowModel {
  return {
    status: 'none',
    round: undefined,
    account: undefined,
    settings,
    error: undefined,
    isBusy: false,
    create: fn().mockName('create'),
    backup: fn().mockName('backup'),
    restore: fn().mockName('restore'),
    reshare: fn().mockName('reshare'),
    ...overrides,
  };
}

/** The home a ready wallet shows (the Solana part is its own flow's stories). */
const home = <p style={{ margin: 0 }}>Balances and Send live here.</p>;

/** MPC wallets (FROST key shares): one story per state of `useMpcWallet().status`, in the wallet panel, light and dark. */
const meta = {
  title: 'Flows/MpcWallet',
  component: MpcWalletView,
  args: { flow: mpcFlow(), screen: 'home', home },
  render: (args) => (
    <WalletPanelView label="MPC wallet" address={args.flow.account?.address} screen={args.screen === 'home' ? 'home' : args.screen} onScreen={fn()} canSend={args.flow.status === 'ready'} canExport={args.flow.status === 'ready'}>
      <MpcWalletView {...args} />
    </WalletPanelView>
  ),
} satisfies Meta<typeof MpcWalletView>;

export default meta;
type Story = StoryObj<typeof meta>;

const stateOf = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-flow="mpc-wallet"]')?.getAttribute('data-state');
const dark = (story: Story): Story => ({ ...story, globals: { theme: 'dark' } });

export const Loading: Story = {
  args: { flow: mpcFlow({ status: 'loading', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Checking this device…')).toBeVisible();
    await expectAccessible();
  },
};
export const LoadingDark = dark(Loading);

export const Create: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(stateOf(canvasElement)).toBe('none');
    await expect(canvas.getByRole('radio', { name: /2 of 2/ })).toBeChecked();
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create wallet' }));
    await expect(args.flow.create).toHaveBeenCalledWith({ scheme: 'TWO_OF_TWO' });
  },
};
export const CreateDark = dark(Create);

export const CreateWithBackupShares: Story = {
  args: { flow: mpcFlow({ settings: { ...settings, defaultScheme: 'TWO_OF_THREE' } }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Backup password')).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText('Keep the backup in'), 'icloud');
    await userEvent.type(canvas.getByLabelText('Backup password'), 'a long password');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create wallet' }));
    await expect(args.flow.create).toHaveBeenCalledWith({ scheme: 'TWO_OF_THREE', backup: { password: 'a long password', location: 'icloud' } });
  },
};
export const CreateWithBackupSharesDark = dark(CreateWithBackupShares);

export const Creating: Story = {
  args: { flow: mpcFlow({ status: 'creating', round: 'keygenRound2', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Generating key shares (2 of 3)…');
    await expect(within(canvasElement).getByRole('button', { name: 'Create wallet' })).toHaveAttribute('aria-disabled', 'true');
    await expectAccessible();
  },
};
export const CreatingDark = dark(Creating);

export const CreateFailed: Story = {
  args: { flow: mpcFlow({ error: { code: 'invalid_mpc_environment', message: 'MPC wallets are not enabled for this project (sdk.waas.enabled).' } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('MPC wallets are not enabled');
    await expectAccessible();
  },
};
export const CreateFailedDark = dark(CreateFailed);

export const Locked: Story = {
  args: { flow: mpcFlow({ status: 'locked', account: account(backedUp) }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Restore your wallet' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Backup password'), 'my backup password');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Restore' }));
    await expect(args.flow.restore).toHaveBeenCalledWith({ password: 'my backup password', location: 'googleDrive' });
  },
};
export const LockedDark = dark(Locked);

export const LockedWithoutBackup: Story = {
  args: { flow: mpcFlow({ status: 'locked', account: account() }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/This wallet has no backup/)).toBeVisible();
    await expect(within(canvasElement).queryByRole('button', { name: 'Restore' })).toBeNull();
    await expectAccessible();
  },
};
export const LockedWithoutBackupDark = dark(LockedWithoutBackup);

export const Restoring: Story = {
  args: { flow: mpcFlow({ status: 'restoring', isBusy: true, account: account(backedUp) }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Opening your backup…');
    await expectAccessible();
  },
};
export const RestoringDark = dark(Restoring);

/** Restoring from the product API's backup waits for a second factor: the restore form stays, "Confirm it's you" under it. */
export const RestoreStepUp: Story = {
  args: { flow: mpcFlow({ status: 'restoring', isBusy: false, account: account(backedUp), stepUp: stepUpFlow({ stepUpFor: 'restoreWallet', stepUpMethods: { methods: ['passkey', 'totp'], hasRecoveryCodes: true } }) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Restoring your wallet on this device hands it a backup key share/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Use your passkey' })).toBeVisible();
    await expectAccessible();
  },
};
export const RestoreStepUpDark = dark(RestoreStepUp);
export const RestoreStepUpPhone: Story = { ...RestoreStepUp, play: undefined, globals: { ...phone } };
export const RestoreStepUpPhoneDark: Story = { ...RestoreStepUpPhone, globals: { ...phone, theme: 'dark' } };

export const RestoreWrongPassword: Story = {
  args: { flow: mpcFlow({ status: 'locked', account: account(backedUp), error: { code: 'mpc_backup_password_invalid', message: 'That password does not open this backup. The backup is unchanged.' } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('That password does not open this backup.');
    await expect(within(canvasElement).getByLabelText('Backup password')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();
  },
};
export const RestoreWrongPasswordDark = dark(RestoreWrongPassword);

export const Ready: Story = {
  args: { flow: mpcFlow({ status: 'ready', account: account() }) },
  play: async ({ canvasElement }) => {
    await expect(stateOf(canvasElement)).toBe('ready');
    await expect(within(canvasElement).getByTestId('mpc-backup-prompt')).toBeVisible();
    await expectAccessible();
  },
};
export const ReadyDark = dark(Ready);

export const ReadyBackedUp: Story = {
  args: { flow: mpcFlow({ status: 'ready', account: account(backedUp, 'TWO_OF_THREE') }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('mpc-backup-prompt')).toBeNull();
    await expectAccessible();
  },
};
export const ReadyBackedUpDark = dark(ReadyBackedUp);

export const Signing: Story = {
  args: { flow: mpcFlow({ status: 'signing', round: 'signCommit', isBusy: true, account: account(backedUp) }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Signing with your key shares (1 of 2)…');
    await expectAccessible();
  },
};
export const SigningDark = dark(Signing);

export const Backup: Story = {
  args: { flow: mpcFlow({ status: 'ready', account: account() }), screen: 'backup' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Backup password'), 'backup password');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back up' }));
    await expect(args.flow.backup).toHaveBeenCalledWith({ password: 'backup password', location: 'productApi' });
  },
};
export const BackupDark = dark(Backup);

export const BackingUp: Story = {
  args: { flow: mpcFlow({ status: 'backingUp', isBusy: true, account: account() }), screen: 'backup' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Encrypting and saving your backup…');
    await expectAccessible();
  },
};
export const BackingUpDark = dark(BackingUp);

export const Reshare: Story = {
  args: { flow: mpcFlow({ status: 'ready', account: account(backedUp) }), screen: 'reshare' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Now: This device and the signing service/)).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: /3 of 5/ }));
    await userEvent.type(canvas.getByLabelText('Backup password'), 'reshare password');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reshare' }));
    await expect(args.flow.reshare).toHaveBeenCalledWith({ scheme: 'THREE_OF_FIVE', backup: { password: 'reshare password', location: 'productApi' } });
  },
};
export const ReshareDark = dark(Reshare);

export const Resharing: Story = {
  args: { flow: mpcFlow({ status: 'resharing', round: 'reshareRound3', isBusy: true, account: account(backedUp) }), screen: 'reshare' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Replacing key shares (3 of 3)…');
    await expectAccessible();
  },
};
export const ResharingDark = dark(Resharing);

export const Export: Story = {
  args: { flow: mpcFlow({ status: 'ready', account: account(backedUp) }), screen: 'export', onShowKey: fn() },
  play: async ({ canvasElement, args }) => {
    await expectAccessible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show private key' }));
    await expect(args.onShowKey).toHaveBeenCalled();
  },
};
export const ExportDark = dark(Export);

export const Exporting: Story = {
  args: { flow: mpcFlow({ status: 'exporting', round: 'exportShare', isBusy: true, account: account(backedUp) }), screen: 'export', exportState: 'showing' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Sealing your shares for the secure frame…');
    await expectAccessible();
  },
};
export const ExportingDark = dark(Exporting);

const methods = { methods: ['passkey' as const, 'totp' as const], hasRecoveryCodes: true };

/** A backup with none anywhere (its upload failed at creation) refreshes the shares: the server may hold it for a second factor. */
export const BackupStepUp: Story = {
  args: {
    flow: mpcFlow({ status: 'backingUp', isBusy: false, account: account(), stepUp: stepUpFlow({ stepUpFor: 'backupWallet', stepUpMethods: methods }) }),
    screen: 'backup',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const prompt = within(canvas.getByRole('region', { name: 'Confirm it’s you' }));
    await expect(prompt.getByText(/Your wallet has no backup yet, so backing it up gives it new key shares/)).toBeVisible();
    await expect(canvas.queryByTestId('mpc-progress')).toBeNull();
    await expectAccessible();
    await userEvent.type(prompt.getByLabelText('Authentication code'), '123456{Enter}');
    await expect(args.flow.stepUp?.stepUpWithCode).toHaveBeenCalledWith('123456');
  },
};
export const BackupStepUpDark = dark(BackupStepUp);
export const BackupStepUpPhone: Story = { ...BackupStepUp, play: undefined, globals: { ...phone } };

/** A reshare the server holds until a second factor passed lately: "Confirm it's you" under the form, no progress line. */
export const ReshareStepUp: Story = {
  args: {
    flow: mpcFlow({ status: 'resharing', isBusy: false, account: account(backedUp), stepUp: stepUpFlow({ stepUpFor: 'reshareWallet', stepUpMethods: methods }) }),
    screen: 'reshare',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const prompt = within(canvas.getByRole('region', { name: 'Confirm it’s you' }));
    await expect(prompt.getByText(/Replacing your wallet’s key shares needs a second step/)).toBeVisible();
    await expect(canvas.queryByTestId('mpc-progress')).toBeNull();
    await expectAccessible();
    await userEvent.type(prompt.getByLabelText('Authentication code'), '123456{Enter}');
    await expect(args.flow.stepUp?.stepUpWithCode).toHaveBeenCalledWith('123456');
    await userEvent.click(prompt.getByRole('button', { name: 'Cancel' }));
    await expect(args.flow.stepUp?.cancelStepUp).toHaveBeenCalledTimes(1);
  },
};
export const ReshareStepUpDark = dark(ReshareStepUp);
export const ReshareStepUpPhone: Story = { ...ReshareStepUp, play: undefined, globals: { ...phone } };
export const ReshareStepUpPhoneDark: Story = { ...ReshareStepUpPhone, globals: { ...phone, theme: 'dark' } };

/** A wrong code at the reshare's step-up: the sentence under the field. */
export const ReshareStepUpWrongCode: Story = {
  args: {
    flow: mpcFlow({ status: 'resharing', account: account(backedUp), stepUp: stepUpFlow({ stepUpFor: 'reshareWallet', stepUpMethods: methods, error: mfaInvalidCodeError }) }),
    screen: 'reshare',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Invalid code')).toBeVisible();
    await expectAccessible();
  },
};
export const ReshareStepUpWrongCodeDark = dark(ReshareStepUpWrongCode);

/** Showing the key waits for a second factor: the export's warning stays, "Confirm it's you" under it. */
export const ExportStepUp: Story = {
  args: {
    flow: mpcFlow({ status: 'exporting', account: account(backedUp), stepUp: stepUpFlow({ stepUpFor: 'exportWallet', stepUpMethods: methods }) }),
    screen: 'export',
    exportState: 'showing',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Showing your private key needs a second step/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Use your passkey' })).toBeVisible();
    await expectAccessible();
  },
};
export const ExportStepUpDark = dark(ExportStepUp);
export const ExportStepUpPhone: Story = { ...ExportStepUp, play: undefined, globals: { ...phone } };
export const ExportStepUpPhoneDark: Story = { ...ExportStepUpPhone, globals: { ...phone, theme: 'dark' } };
