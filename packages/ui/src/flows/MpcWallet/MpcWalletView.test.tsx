import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { stepUpModel } from '../../test/flowModels.js';
import { renderInKit } from '../../test/renderInKit.js';
import type { MpcWalletFlowModel } from './MpcWalletModel.js';
import { MpcWalletView } from './MpcWalletView.js';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const settings = { enabled: true, defaultScheme: 'TWO_OF_TWO' as const, backupLocations: ['productApi' as const, 'googleDrive' as const], passwordRequired: false };

function fakeFlow(overrides: Partial<MpcWalletFlowModel> = {}): MpcWalletFlowModel {
  return {
    status: 'none',
    round: undefined,
    account: undefined,
    settings,
    error: undefined,
    isBusy: false,
    create: vi.fn(),
    backup: vi.fn(),
    restore: vi.fn(),
    reshare: vi.fn(),
    ...overrides,
  };
}
const account = (keyShares: { id: string; backupLocation: 'googleDrive' | 'icloud' | null; passwordEncrypted: boolean }[] = []) => ({ id: 'w1', address: ADDRESS, thresholdSignatureScheme: 'TWO_OF_TWO' as const, keyShares });

describe('MpcWalletView', () => {
  it('default: no wallet → create with the project default scheme; a backup scheme asks for a password and a place; accessible', async () => {
    const flow = fakeFlow();
    const user = userEvent.setup();
    const { container } = renderInKit(<MpcWalletView flow={flow} screen="home" />);
    expect(container.querySelector('[data-flow="mpc-wallet"]')).toHaveAttribute('data-state', 'none');
    expect(screen.getByRole('radio', { name: /2 of 2/ })).toBeChecked();
    expect(screen.queryByLabelText('Backup password')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /2 of 3/ }));
    await user.selectOptions(screen.getByLabelText('Keep the backup in'), 'googleDrive');
    await user.type(screen.getByLabelText('Backup password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Create wallet' }));
    expect(flow.create).toHaveBeenCalledWith({ scheme: 'TWO_OF_THREE', backup: { password: 'a long password', location: 'googleDrive' } });
    await expectNoAxeViolations(container);
  });

  it('behavior: a running ceremony names its round; the form does not submit again', async () => {
    const flow = fakeFlow({ status: 'creating', round: 'keygenRound2', isBusy: true });
    const user = userEvent.setup();
    renderInKit(<MpcWalletView flow={flow} screen="home" />);
    expect(screen.getByRole('status')).toHaveTextContent('Generating key shares (2 of 3)…');
    await user.click(screen.getByRole('button', { name: 'Create wallet' }));
    expect(flow.create).not.toHaveBeenCalled();
  });

  it('default: a locked wallet offers a restore from where its backups are', async () => {
    const flow = fakeFlow({ status: 'locked', account: account([{ id: 'k1', backupLocation: 'googleDrive', passwordEncrypted: true }]) });
    const user = userEvent.setup();
    const { container } = renderInKit(<MpcWalletView flow={flow} screen="home" />);
    expect(screen.getByRole('heading', { name: 'Restore your wallet' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Backup password'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(flow.restore).toHaveBeenCalledWith({ password: 'secret password', location: 'googleDrive' });
    await expectNoAxeViolations(container);
  });

  it("behavior: a restore the server holds for a second factor shows \"Confirm it's you\" under the restore form, saying what it is for", async () => {
    const stepUp = stepUpModel(() => vi.fn(), { stepUpFor: 'restoreWallet', stepUpMethods: { methods: ['totp'], hasRecoveryCodes: false } });
    const { container } = renderInKit(<MpcWalletView flow={fakeFlow({ status: 'restoring', account: account([{ id: 'k1', backupLocation: null, passwordEncrypted: true }]), stepUp })} screen="home" />);
    expect(screen.getByText(/Restoring your wallet on this device hands it a backup key share/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('error: a wrong password shows the typed error and marks the field', () => {
    const error = { code: 'mpc_backup_password_invalid', message: 'That password does not open this backup. The backup is unchanged.' };
    renderInKit(<MpcWalletView flow={fakeFlow({ status: 'locked', error, account: account([{ id: 'k1', backupLocation: null, passwordEncrypted: true }]) })} screen="home" />);
    expect(screen.getByRole('alert')).toHaveTextContent(error.message);
    expect(screen.getByLabelText('Backup password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('default: ready — the home shows the backup prompt until backed up; backup, reshare and export screens', async () => {
    const flow = fakeFlow({ status: 'ready', account: account() });
    const user = userEvent.setup();
    const { rerender, container } = renderInKit(<MpcWalletView flow={flow} screen="home" home={<p>balances</p>} />);
    expect(screen.getByTestId('mpc-backup-prompt')).toBeInTheDocument();
    expect(screen.getByText('balances')).toBeInTheDocument();
    rerender(<MpcWalletView flow={flow} screen="backup" />);
    await user.type(screen.getByLabelText('Backup password'), 'backup password');
    await user.click(screen.getByRole('button', { name: 'Back up' }));
    expect(flow.backup).toHaveBeenCalledWith({ password: 'backup password', location: 'productApi' });
    rerender(<MpcWalletView flow={flow} screen="reshare" />);
    expect(screen.queryByRole('radio', { name: /2 of 2/ })).toBeNull();
    await user.type(screen.getByLabelText('Backup password'), 'reshare password');
    await user.click(screen.getByRole('button', { name: 'Reshare' }));
    expect(flow.reshare).toHaveBeenCalledWith({ scheme: 'TWO_OF_THREE', backup: { password: 'reshare password', location: 'productApi' } });
    const onShowKey = vi.fn();
    rerender(<MpcWalletView flow={flow} screen="export" onShowKey={onShowKey} />);
    await user.click(screen.getByRole('button', { name: 'Show private key' }));
    expect(onShowKey).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });
});
