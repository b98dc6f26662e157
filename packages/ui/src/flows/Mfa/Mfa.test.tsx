import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { MfaChallenge } from './MfaChallenge.js';
import { MfaDevices } from './MfaDevices.js';
import { RecoveryCodes } from './RecoveryCodes.js';
import { EMPTY_TOTP_MESSAGE } from './TotpCodeForm.js';
import { TotpEnrolment } from './TotpEnrolment.js';
import type { MfaFlowModel } from './types.js';

function fakeMfaFlow(overrides: Partial<MfaFlowModel> = {}): MfaFlowModel {
  return {
    status: 'idle',
    registration: undefined,
    device: undefined,
    error: undefined,
    isBusy: false,
    startEnrolment: vi.fn(),
    submitEnrolmentCode: vi.fn(),
    submitCode: vi.fn(),
    cancel: vi.fn(),
    reset: vi.fn(),
    ...overrides,
  };
}

const registration = { id: 'dev-1', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Demo:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Demo' };

describe('MfaChallenge', () => {
  it('default: a labelled code field; Verify submits the code; accessible', async () => {
    const flow = fakeMfaFlow();
    const user = userEvent.setup();
    const { container } = renderInKit(<MfaChallenge flow={flow} />);
    expect(container.querySelector('[data-flow="mfa"]')).toHaveAttribute('data-state', 'idle');
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(flow.submitCode).toHaveBeenCalledWith('123456');
    await expectNoAxeViolations(container);
  });

  it("error: a malformed code is refused locally; the flow's 'Invalid code' is shown; the limit offers Sign in again", async () => {
    const user = userEvent.setup();
    const flow = fakeMfaFlow();
    const { unmount } = renderInKit(<MfaChallenge flow={flow} />);
    await user.type(screen.getByLabelText('Authentication code'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(flow.submitCode).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(EMPTY_TOTP_MESSAGE);
    unmount();
    const wrong = renderInKit(<MfaChallenge flow={fakeMfaFlow({ error: { code: 'mfa_invalid_code', message: 'Invalid code' } })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid code');
    wrong.unmount();
    const failed = fakeMfaFlow({ status: 'failed', error: { code: 'too_many_verification_attempts', message: 'Too many verification attempts. Sign in again.' } });
    renderInKit(<MfaChallenge flow={failed} />);
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(failed.cancel).toHaveBeenCalledTimes(1);
  });
});

describe('MfaChallenge: MFA required, enrolment first', () => {
  it("behavior: 'Invalid code' belongs to the app's code field: it does not follow into the recovery-code field, nor back", async () => {
    const user = userEvent.setup();
    const error = { code: 'mfa_invalid_code', message: 'Invalid code' };
    renderInKit(<MfaChallenge flow={fakeMfaFlow({ error, submitRecoveryCode: vi.fn(), userMethods: { methods: ['totp'], hasRecoveryCodes: true } })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid code');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('default: set up the app, then its next code finishes the sign-in; Cancel abandons it; accessible', async () => {
    const user = userEvent.setup();
    const idle = fakeMfaFlow({ challenge: 'enrolment' });
    const first = renderInKit(<MfaChallenge flow={idle} />);
    expect(first.container.querySelector('[data-flow="mfa"]')).toHaveAttribute('data-challenge', 'enrolment');
    expect(screen.getByText(/This account needs a second step at sign-in/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(idle.startEnrolment).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(idle.cancel).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(first.container);
    first.unmount();

    const enrolled = fakeMfaFlow({ challenge: 'enrolment', status: 'enrolled' });
    const second = renderInKit(<MfaChallenge flow={enrolled} />);
    expect(screen.getByText('Authenticator app added.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show recovery codes' })).toBeNull();
    await user.type(screen.getByLabelText('Authentication code'), '234567{Enter}');
    expect(enrolled.submitCode).toHaveBeenCalledWith('234567');
    await expectNoAxeViolations(second.container);
  });

  it('error: a wrong next code shows Invalid code and keeps the form', () => {
    renderInKit(<MfaChallenge flow={fakeMfaFlow({ challenge: 'enrolment', status: 'enrolled', error: { code: 'mfa_invalid_code', message: 'Invalid code' } })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid code');
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });
});

describe('MfaChallenge: passkey', () => {
  it('default: offered only when the user has one; Use your passkey starts the assertion; verifying disables it', async () => {
    const user = userEvent.setup();
    const none = renderInKit(<MfaChallenge flow={fakeMfaFlow({ authenticatePasskey: vi.fn() })} />);
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).toBeNull();
    none.unmount();
    const flow = fakeMfaFlow({ passkeyOffered: true, authenticatePasskey: vi.fn() });
    const offered = renderInKit(<MfaChallenge flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(flow.authenticatePasskey).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(offered.container);
    offered.unmount();
    const busy = fakeMfaFlow({ status: 'verifyingPasskey', isBusy: true, passkeyOffered: true, authenticatePasskey: vi.fn() });
    renderInKit(<MfaChallenge flow={busy} />);
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(busy.authenticatePasskey).not.toHaveBeenCalled();
  });

  it('behavior: the user menu enrolment offers a passkey as a second step; enrolled says so; an error is shown', async () => {
    const user = userEvent.setup();
    const flow = fakeMfaFlow({ registerPasskey: vi.fn() });
    const first = renderInKit(<TotpEnrolment flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Use a passkey as a second step' }));
    expect(flow.registerPasskey).toHaveBeenCalledTimes(1);
    first.unmount();
    const enrolled = renderInKit(<TotpEnrolment flow={fakeMfaFlow({ status: 'enrolled', device: { id: 'd', type: 'passkey' }, registerPasskey: vi.fn() })} />);
    expect(screen.getByText(/Passkey added as a second step/)).toBeInTheDocument();
    enrolled.unmount();
    renderInKit(<TotpEnrolment flow={fakeMfaFlow({ error: { code: 'webauthn_not_supported', message: 'Webauthn is not supported on this device.' }, registerPasskey: vi.fn() })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Webauthn is not supported on this device.');
  });
});

describe('MFA method settings (order and filter)', () => {
  const names = (container: HTMLElement) => Array.from(container.querySelectorAll('button')).map((element) => element.textContent);

  it('behavior: enrolment offers the methods in the given order and hides a disabled one', () => {
    const first = renderInKit(<TotpEnrolment flow={fakeMfaFlow({ methods: ['passkey', 'totp'], registerPasskey: vi.fn() })} />);
    expect(names(first.container)).toEqual(['Use a passkey as a second step', 'Set up an authenticator app']);
    first.unmount();
    const second = renderInKit(<TotpEnrolment flow={fakeMfaFlow({ methods: ['totp'], registerPasskey: vi.fn() })} />);
    expect(names(second.container)).toEqual(['Set up an authenticator app']);
  });

  it('behavior: the challenge puts the default first and hides a disabled method', () => {
    const passkeyFirst = renderInKit(<MfaChallenge flow={fakeMfaFlow({ methods: ['passkey', 'totp'], passkeyOffered: true, authenticatePasskey: vi.fn() })} />);
    expect(names(passkeyFirst.container)[0]).toBe('Use your passkey');
    passkeyFirst.unmount();
    const totpFirst = renderInKit(<MfaChallenge flow={fakeMfaFlow({ methods: ['totp', 'passkey'], passkeyOffered: true, authenticatePasskey: vi.fn() })} />);
    expect(names(totpFirst.container).indexOf('Use your passkey')).toBeGreaterThan(names(totpFirst.container).indexOf('Verify'));
    totpFirst.unmount();
    const noPasskey = renderInKit(<MfaChallenge flow={fakeMfaFlow({ methods: ['totp'], passkeyOffered: true, authenticatePasskey: vi.fn() })} />);
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).toBeNull();
    noPasskey.unmount();
    renderInKit(<MfaChallenge flow={fakeMfaFlow({ methods: ['passkey'], passkeyOffered: true, authenticatePasskey: vi.fn() })} />);
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use your passkey' })).toBeInTheDocument();
  });
});

describe('MfaChallenge: only the second factors the user has', () => {
  const passkeyOnly = { totpOffered: false, passkeyOffered: true, userMethods: { methods: ['passkey' as const], hasRecoveryCodes: true } };

  it('behavior: a passkey-only user gets the passkey and recovery codes, no code form and no authenticator-app text; accessible', async () => {
    const user = userEvent.setup();
    const flow = fakeMfaFlow({ ...passkeyOnly, methods: ['totp', 'passkey'], authenticatePasskey: vi.fn(), submitRecoveryCode: vi.fn() });
    const { container } = renderInKit(<MfaChallenge flow={flow} />);
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(container.textContent).not.toMatch(/authenticator app/i);
    expect(screen.getByText('Use your passkey to finish signing in.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(flow.authenticatePasskey).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/authenticator app/i);
    expect(screen.getAllByRole('button', { name: 'Use your passkey' })).toHaveLength(1);
    await user.type(screen.getByLabelText('Recovery code'), '7kq2-m9xd');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(flow.submitRecoveryCode).toHaveBeenCalledWith('7kq2-m9xd');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByLabelText('Recovery code')).toBeNull();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });

  it('behavior: a TOTP-only user gets the code form as before, no passkey; the recovery toggle goes back to the authenticator app', async () => {
    const user = userEvent.setup();
    const flow = fakeMfaFlow({ totpOffered: true, passkeyOffered: false, userMethods: { methods: ['totp'], hasRecoveryCodes: true }, authenticatePasskey: vi.fn(), submitRecoveryCode: vi.fn() });
    renderInKit(<MfaChallenge flow={flow} />);
    expect(screen.getByText('Enter the code from your authenticator app to finish signing in.')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('behavior: both, in the settings’ order; no unused recovery codes → no recovery toggle', () => {
    const names = (container: HTMLElement) => Array.from(container.querySelectorAll('button')).map((element) => element.textContent);
    const both = { totpOffered: true, passkeyOffered: true, authenticatePasskey: vi.fn(), submitRecoveryCode: vi.fn() };
    const passkeyFirst = renderInKit(<MfaChallenge flow={fakeMfaFlow({ ...both, methods: ['passkey', 'totp'], userMethods: { methods: ['totp', 'passkey'], hasRecoveryCodes: true } })} />);
    expect(names(passkeyFirst.container)).toEqual(['Use your passkey', 'Verify', 'Use a recovery code', 'Cancel']);
    passkeyFirst.unmount();
    const noCodes = renderInKit(<MfaChallenge flow={fakeMfaFlow({ ...both, methods: ['totp', 'passkey'], userMethods: { methods: ['totp', 'passkey'], hasRecoveryCodes: false } })} />);
    expect(names(noCodes.container)).toEqual(['Verify', 'Use your passkey', 'Cancel']);
  });

  it('behavior: while the methods load nothing is offered yet; unknown afterwards (load failed), the settings decide', () => {
    const loading = renderInKit(<MfaChallenge flow={fakeMfaFlow({ status: 'loadingMethods', authenticatePasskey: vi.fn(), submitRecoveryCode: vi.fn() })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your second factors…');
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
    loading.unmount();
    renderInKit(<MfaChallenge flow={fakeMfaFlow({ status: 'idle', passkeyOffered: false, authenticatePasskey: vi.fn(), submitRecoveryCode: vi.fn() })} />);
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
  });
});

describe('MfaDevices', () => {
  const devices = [
    { id: 'dev-1', type: 'totp', alias: null, default: true, createdAt: '2026-01-01T00:00:00.000Z' },
    { id: 'dev-2', type: 'passkey', alias: 'YubiKey', default: false, createdAt: '2026-01-02T00:00:00.000Z' },
  ];

  it('default: a disclosure loads the list (name, Default marker); rename, make default, delete with confirmation, new codes; accessible', async () => {
    const user = userEvent.setup();
    const flow = fakeMfaFlow({ loadDevices: vi.fn(), renameDevice: vi.fn(), makeDefaultDevice: vi.fn(), deleteDevice: vi.fn(), regenerateRecoveryCodes: vi.fn() });
    const closed = renderInKit(<MfaDevices flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Manage second steps' }));
    expect(flow.loadDevices).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Manage second steps' })).toHaveAttribute('aria-expanded', 'true');
    closed.unmount();

    const loaded = fakeMfaFlow({ devices, loadDevices: vi.fn(), renameDevice: vi.fn(), makeDefaultDevice: vi.fn(), deleteDevice: vi.fn(), regenerateRecoveryCodes: vi.fn() });
    const { container } = renderInKit(<MfaDevices flow={loaded} defaultOpen />);
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
    const first = renderInKit(<MfaDevices flow={fakeMfaFlow({ devices, error: { code: 'mfa_device_not_found', message: 'MFA device not found.' } })} defaultOpen />);
    expect(screen.getByRole('alert')).toHaveTextContent('MFA device not found.');
    first.unmount();
    renderInKit(<MfaDevices flow={fakeMfaFlow({ devices: [] })} defaultOpen />);
    expect(screen.getByText('No second steps yet.')).toBeInTheDocument();
  });
});

describe('TotpEnrolment', () => {
  it('default: Set up starts the enrolment', async () => {
    const flow = fakeMfaFlow();
    const user = userEvent.setup();
    const { container } = renderInKit(<TotpEnrolment flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(flow.startEnrolment).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('behavior: the QR code of the otpauth URI (loaded lazily), the key in groups, and the first code', async () => {
    const flow = fakeMfaFlow({ status: 'awaitingEnrolmentCode', registration });
    const user = userEvent.setup();
    const { container } = renderInKit(<TotpEnrolment flow={flow} />);
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Authentication code'), '654321{Enter}');
    expect(flow.submitEnrolmentCode).toHaveBeenCalledWith('654321');
    await waitFor(() => expect(container.querySelector('[data-flow="mfa-enrolment"]')).toHaveAttribute('data-state', 'awaitingEnrolmentCode'));
    await expectNoAxeViolations(container);
  });

  it('error: a wrong first code shows Invalid code; enrolled says so', () => {
    const { unmount } = renderInKit(<TotpEnrolment flow={fakeMfaFlow({ status: 'awaitingEnrolmentCode', registration, error: { code: 'mfa_invalid_code', message: 'Invalid code' } })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid code');
    unmount();
    renderInKit(<TotpEnrolment flow={fakeMfaFlow({ status: 'enrolled' })} />);
    expect(screen.getByText(/Authenticator app added/)).toBeInTheDocument();
  });
});

describe('recovery codes', () => {
  it('default: the challenge offers a recovery code instead; it is submitted trimmed', async () => {
    const flow = fakeMfaFlow({ submitRecoveryCode: vi.fn() });
    const user = userEvent.setup();
    const { container } = renderInKit(<MfaChallenge flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), ' 7kq2-m9xd {Enter}');
    expect(flow.submitRecoveryCode).toHaveBeenCalledWith('7kq2-m9xd');
    await expectNoAxeViolations(container);
    await user.clear(screen.getByLabelText('Recovery code'));
    await user.type(screen.getByLabelText('Recovery code'), 'abc{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a recovery code such as 7kq2-m9xd.');
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('behavior: the codes are listed once; Done needs the acknowledgement; copy writes them all', async () => {
    const onAcknowledge = vi.fn();
    const user = userEvent.setup();
    const codes = ['7kq2-m9xd', 'abcd-efgh'];
    const { container } = renderInKit(<RecoveryCodes codes={codes} onAcknowledge={onAcknowledge} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onAcknowledge).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    await vi.waitFor(async () => expect(await navigator.clipboard.readText()).toBe('7kq2-m9xd\nabcd-efgh\n'));
    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onAcknowledge).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('behavior: after enrolment, Show recovery codes loads them; shown codes replace the enrolment view', () => {
    const flow = fakeMfaFlow({ status: 'enrolled', loadRecoveryCodes: vi.fn() });
    const { unmount } = renderInKit(<TotpEnrolment flow={flow} />);
    screen.getByRole('button', { name: 'Show recovery codes' }).click();
    expect(flow.loadRecoveryCodes).toHaveBeenCalledTimes(1);
    unmount();
    renderInKit(<TotpEnrolment flow={fakeMfaFlow({ recoveryCodes: { count: 2, recoveryCodes: ['7kq2-m9xd', 'abcd-efgh'] } })} />);
    expect(screen.getByRole('region', { name: 'Recovery codes' })).toBeInTheDocument();
  });

  it("behavior: the acknowledge checkbox records it through the flow's acknowledgeRecoveryCodes; saving and a refusal are shown", async () => {
    const user = userEvent.setup();
    const recoveryCodes = { count: 2, recoveryCodes: ['7kq2-m9xd', 'abcd-efgh'] };
    const flow = fakeMfaFlow({ recoveryCodes, acknowledgeRecoveryCodes: vi.fn() });
    const first = renderInKit(<TotpEnrolment flow={flow} />);
    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(flow.acknowledgeRecoveryCodes).toHaveBeenCalledTimes(1);
    expect(flow.reset).not.toHaveBeenCalled();
    first.unmount();
    const saving = fakeMfaFlow({ status: 'acknowledgingRecoveryCodes', isBusy: true, recoveryCodes, acknowledgeRecoveryCodes: vi.fn() });
    const second = renderInKit(<TotpEnrolment flow={saving} />);
    expect(second.container.querySelector('[data-flow="recovery-codes"]')).toHaveAttribute('data-state', 'saving');
    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(saving.acknowledgeRecoveryCodes).not.toHaveBeenCalled();
    second.unmount();
    const error = { code: 'mfa_invalid_request', message: 'There are no recovery codes to acknowledge.' };
    renderInKit(<TotpEnrolment flow={fakeMfaFlow({ recoveryCodes, error, acknowledgeRecoveryCodes: vi.fn() })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('There are no recovery codes to acknowledge.');
  });
});
