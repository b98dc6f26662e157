import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { fakeMfaDevicesFlow, mfaDeviceNotFoundError, mfaNothingToAcknowledgeError, sampleMfaDevices, sampleRecoveryCodes } from '../../test/fakeMfaFlow.js';
import { MfaDevicesView } from './MfaDevicesView.js';

describe('MfaDevicesView', () => {
  const devices = sampleMfaDevices;

  it('default: a disclosure loads the list (name, Default marker); rename, make default, delete with confirmation, new codes; accessible', async () => {
    const user = userEvent.setup();
    const flow = fakeMfaDevicesFlow({ loadDevices: vi.fn(), renameDevice: vi.fn(), makeDefaultDevice: vi.fn(), deleteDevice: vi.fn(), regenerateRecoveryCodes: vi.fn() });
    const closed = renderInKit(<MfaDevicesView flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Manage second steps' }));
    expect(flow.loadDevices).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Manage second steps' })).toHaveAttribute('aria-expanded', 'true');
    closed.unmount();

    const loaded = fakeMfaDevicesFlow({ devices, loadDevices: vi.fn(), renameDevice: vi.fn(), makeDefaultDevice: vi.fn(), deleteDevice: vi.fn(), regenerateRecoveryCodes: vi.fn() });
    const { container } = renderInKit(<MfaDevicesView flow={loaded} defaultOpen />);
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('span')?.textContent)).toEqual(['Authenticator app · Default', 'YubiKey']);
    await expectNoAxeViolations(container);
    const key = screen.getByRole('group', { name: 'YubiKey' });
    await user.click(within(key).getByRole('button', { name: 'Make default' }));
    expect(loaded.makeDefaultDevice).toHaveBeenCalledWith('dev-2');
    await user.click(within(key).getByRole('button', { name: 'Rename' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name of 1 to 64 characters.');
    await user.type(screen.getByLabelText('Name'), 'Work key{Enter}');
    expect(loaded.renameDevice).toHaveBeenCalledWith('dev-2', 'Work key');
    await user.click(within(screen.getByRole('group', { name: 'YubiKey' })).getByRole('button', { name: 'Delete…' }));
    const confirm = screen.getByRole('group', { name: 'Delete YubiKey' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(loaded.deleteDevice).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('group', { name: 'YubiKey' })).getByRole('button', { name: 'Delete…' }));
    await user.click(within(screen.getByRole('group', { name: 'Delete YubiKey' })).getByRole('button', { name: 'Delete' }));
    expect(loaded.deleteDevice).toHaveBeenCalledWith('dev-2');
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    expect(loaded.regenerateRecoveryCodes).toHaveBeenCalledTimes(1);
  });

  it('error: the flow error (mfa_device_not_found) is shown; no devices says so', () => {
    const first = renderInKit(<MfaDevicesView flow={fakeMfaDevicesFlow({ devices, error: mfaDeviceNotFoundError })} defaultOpen />);
    expect(screen.getByRole('alert')).toHaveTextContent('MFA device not found.');
    first.unmount();
    renderInKit(<MfaDevicesView flow={fakeMfaDevicesFlow({ devices: [] })} defaultOpen />);
    expect(screen.getByText('No second steps yet.')).toBeInTheDocument();
  });

  it('behavior: new recovery codes are shown in place of the button, once, until acknowledged; a refused acknowledgement is shown once', async () => {
    const user = userEvent.setup();
    const flow = fakeMfaDevicesFlow({ devices, recoveryCodes: sampleRecoveryCodes });
    const first = renderInKit(<MfaDevicesView flow={flow} defaultOpen />);
    const codes = screen.getByRole('region', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'New recovery codes' })).toBeNull();
    await user.click(within(codes).getByLabelText('I have saved these codes'));
    await user.click(within(codes).getByRole('button', { name: 'Done' }));
    expect(flow.acknowledgeRecoveryCodes).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(first.container);
    first.unmount();
    renderInKit(<MfaDevicesView flow={fakeMfaDevicesFlow({ devices, recoveryCodes: sampleRecoveryCodes, error: mfaNothingToAcknowledgeError })} defaultOpen />);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('There are no recovery codes to acknowledge.');
  });
});
