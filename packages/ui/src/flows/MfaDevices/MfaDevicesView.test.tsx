import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { fakeMfaDevicesFlow, fakeStepUp, mfaDeviceNotFoundError, mfaInvalidCodeError, mfaNothingToAcknowledgeError, sampleMfaDevices, sampleRecoveryCodes } from '../../test/fakeMfaFlow.js';
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

  describe('step-up', () => {
    const confirming = { status: 'confirming' as const };

    it("default: 'Confirm it’s you' offers the user's methods — passkey, the app's code, a recovery code — and Cancel; accessible", async () => {
      const user = userEvent.setup();
      const stepUp = fakeStepUp({ stepUpFor: 'regenerateRecoveryCodes', stepUpMethods: { methods: ['passkey', 'totp'], hasRecoveryCodes: true } });
      const flow = fakeMfaDevicesFlow({ devices, ...confirming, stepUp });
      const { container } = renderInKit(<MfaDevicesView flow={flow} defaultOpen />);
      const prompt = screen.getByRole('region', { name: 'Confirm it’s you' });
      expect(prompt).toHaveTextContent('New recovery codes replace your old ones. Confirm with one of your second steps to go on.');
      expect(screen.queryByRole('button', { name: 'New recovery codes' })).toBeNull();
      await expectNoAxeViolations(container);
      await user.click(within(prompt).getByRole('button', { name: 'Use your passkey' }));
      expect(stepUp.stepUpWithPasskey).toHaveBeenCalledTimes(1);
      await user.type(within(prompt).getByLabelText('Authentication code'), '123456{Enter}');
      expect(stepUp.stepUpWithCode).toHaveBeenCalledWith('123456');
      await user.click(within(prompt).getByRole('button', { name: 'Use a recovery code' }));
      await user.type(within(prompt).getByLabelText('Recovery code'), '7kq2-m9xd{Enter}');
      expect(stepUp.stepUpWithRecoveryCode).toHaveBeenCalledWith('7kq2-m9xd');
      await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
      expect(stepUp.cancelStepUp).toHaveBeenCalledTimes(1);
    });

    it('behavior: only what the user has — a TOTP-only user without recovery codes gets the code form alone; deleting says why', () => {
      renderInKit(<MfaDevicesView flow={fakeMfaDevicesFlow({ devices, ...confirming, stepUp: fakeStepUp({ stepUpFor: 'deleteDevice', stepUpMethods: { methods: ['totp'], hasRecoveryCodes: false } }) })} defaultOpen />);
      const prompt = screen.getByRole('region', { name: 'Confirm it’s you' });
      expect(prompt).toHaveTextContent('Removing a second step needs one you passed in the last few minutes.');
      expect(within(prompt).getByLabelText('Authentication code')).toBeInTheDocument();
      expect(within(prompt).queryByRole('button', { name: 'Use your passkey' })).toBeNull();
      expect(within(prompt).queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
    });

    it('error: a wrong code reads as a sentence in the prompt, not twice; a passkey-only user sees the passkey error there; loading says so', () => {
      const wrong = renderInKit(
        <MfaDevicesView flow={fakeMfaDevicesFlow({ devices, ...confirming, error: mfaInvalidCodeError, stepUp: fakeStepUp({ stepUpFor: 'regenerateRecoveryCodes', stepUpMethods: { methods: ['totp'], hasRecoveryCodes: true }, error: mfaInvalidCodeError }) })} defaultOpen />,
      );
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid code');
      wrong.unmount();
      const passkeyOnly = renderInKit(
        <MfaDevicesView
          flow={fakeMfaDevicesFlow({
            devices,
            ...confirming,
            stepUp: fakeStepUp({ stepUpFor: 'regenerateRecoveryCodes', stepUpMethods: { methods: ['passkey'], hasRecoveryCodes: false }, error: { code: 'invalid_verification', message: 'The passkey could not be verified.' } }),
          })}
          defaultOpen
        />,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('The passkey could not be verified.');
      expect(screen.queryByLabelText('Authentication code')).toBeNull();
      passkeyOnly.unmount();
      renderInKit(<MfaDevicesView flow={fakeMfaDevicesFlow({ devices, ...confirming, isBusy: true, stepUp: fakeStepUp({ status: 'loadingStepUpMethods', stepUpFor: 'deleteDevice', stepUpMethods: undefined }) })} defaultOpen />);
      expect(screen.getByRole('status')).toHaveTextContent('Checking your second steps…');
    });
  });
});
