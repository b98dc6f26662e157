import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { fakeMfaChallengeFlow, mfaInvalidCodeError, mfaTooManyError } from '../../test/fakeMfaFlow.js';
import { EMPTY_TOTP_MESSAGE } from '../shared/TotpCodeForm.js';
import { MfaChallengeView } from './MfaChallengeView.js';

describe('MfaChallengeView', () => {
  it('default: a labelled code field; Verify submits the code; accessible', async () => {
    const flow = fakeMfaChallengeFlow();
    const user = userEvent.setup();
    const { container } = renderInKit(<MfaChallengeView flow={flow} />);
    expect(container.querySelector('[data-flow="mfa"]')).toHaveAttribute('data-state', 'idle');
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(flow.submitCode).toHaveBeenCalledWith('123456');
    await expectNoAxeViolations(container);
  });

  it("error: a malformed code is refused locally; the flow's 'Invalid code' is shown; the limit offers Sign in again", async () => {
    const user = userEvent.setup();
    const flow = fakeMfaChallengeFlow();
    const { unmount } = renderInKit(<MfaChallengeView flow={flow} />);
    await user.type(screen.getByLabelText('Authentication code'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(flow.submitCode).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(EMPTY_TOTP_MESSAGE);
    unmount();
    const wrong = renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ error: mfaInvalidCodeError })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid code');
    wrong.unmount();
    const failed = fakeMfaChallengeFlow({ status: 'failed', error: mfaTooManyError });
    renderInKit(<MfaChallengeView flow={failed} />);
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(failed.cancel).toHaveBeenCalledTimes(1);
  });
});

describe('MfaChallengeView: MFA required, enrolment first', () => {
  it("behavior: 'Invalid code' belongs to the app's code field: it does not follow into the recovery-code field, nor back", async () => {
    const user = userEvent.setup();
    const error = mfaInvalidCodeError;
    renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ error, submitRecoveryCode: vi.fn(), userMethods: { methods: ['totp'], hasRecoveryCodes: true } })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid code');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('default: set up the app, then its next code finishes the sign-in; Cancel abandons it; accessible', async () => {
    const user = userEvent.setup();
    const idle = fakeMfaChallengeFlow({ challenge: 'enrolment' });
    const first = renderInKit(<MfaChallengeView flow={idle} />);
    expect(first.container.querySelector('[data-flow="mfa"]')).toHaveAttribute('data-challenge', 'enrolment');
    expect(screen.getByText(/This account needs a second step at sign-in/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(idle.startEnrolment).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(idle.cancel).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(first.container);
    first.unmount();

    const enrolled = fakeMfaChallengeFlow({ challenge: 'enrolment', status: 'enrolled' });
    const second = renderInKit(<MfaChallengeView flow={enrolled} />);
    expect(screen.getByText('Authenticator app added.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show recovery codes' })).toBeNull();
    await user.type(screen.getByLabelText('Authentication code'), '234567{Enter}');
    expect(enrolled.submitCode).toHaveBeenCalledWith('234567');
    await expectNoAxeViolations(second.container);
  });

  it('error: a wrong next code shows Invalid code and keeps the form', () => {
    renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ challenge: 'enrolment', status: 'enrolled', error: mfaInvalidCodeError })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid code');
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });
});

describe('MfaChallengeView: passkey', () => {
  it('default: offered only when the user has one; Use your passkey starts the assertion; verifying disables it', async () => {
    const user = userEvent.setup();
    const none = renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ authenticatePasskey: vi.fn() })} />);
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).toBeNull();
    none.unmount();
    const flow = fakeMfaChallengeFlow({ passkeyOffered: true, authenticatePasskey: vi.fn() });
    const offered = renderInKit(<MfaChallengeView flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(flow.authenticatePasskey).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(offered.container);
    offered.unmount();
    const busy = fakeMfaChallengeFlow({ status: 'verifyingPasskey', isBusy: true, passkeyOffered: true, authenticatePasskey: vi.fn() });
    renderInKit(<MfaChallengeView flow={busy} />);
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(busy.authenticatePasskey).not.toHaveBeenCalled();
  });
});

describe('MfaChallengeView: MFA method settings (order and filter)', () => {
  const names = (container: HTMLElement) => Array.from(container.querySelectorAll('button')).map((element) => element.textContent);

  it('behavior: the challenge puts the default first and hides a disabled method', () => {
    const passkeyFirst = renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ methods: ['passkey', 'totp'], passkeyOffered: true, authenticatePasskey: vi.fn() })} />);
    expect(names(passkeyFirst.container)[0]).toBe('Use your passkey');
    passkeyFirst.unmount();
    const totpFirst = renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ methods: ['totp', 'passkey'], passkeyOffered: true, authenticatePasskey: vi.fn() })} />);
    expect(names(totpFirst.container).indexOf('Use your passkey')).toBeGreaterThan(names(totpFirst.container).indexOf('Verify'));
    totpFirst.unmount();
    const noPasskey = renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ methods: ['totp'], passkeyOffered: true, authenticatePasskey: vi.fn() })} />);
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).toBeNull();
    noPasskey.unmount();
    renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ methods: ['passkey'], passkeyOffered: true, authenticatePasskey: vi.fn() })} />);
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use your passkey' })).toBeInTheDocument();
  });
});

describe('MfaChallengeView: only the second factors the user has', () => {
  const passkeyOnly = { totpOffered: false, passkeyOffered: true, userMethods: { methods: ['passkey' as const], hasRecoveryCodes: true } };

  it('behavior: a passkey-only user gets the passkey and recovery codes, no code form and no authenticator-app text; accessible', async () => {
    const user = userEvent.setup();
    const flow = fakeMfaChallengeFlow({ ...passkeyOnly, methods: ['totp', 'passkey'], authenticatePasskey: vi.fn(), submitRecoveryCode: vi.fn() });
    const { container } = renderInKit(<MfaChallengeView flow={flow} />);
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
    const flow = fakeMfaChallengeFlow({ totpOffered: true, passkeyOffered: false, userMethods: { methods: ['totp'], hasRecoveryCodes: true }, authenticatePasskey: vi.fn(), submitRecoveryCode: vi.fn() });
    renderInKit(<MfaChallengeView flow={flow} />);
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
    const passkeyFirst = renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ ...both, methods: ['passkey', 'totp'], userMethods: { methods: ['totp', 'passkey'], hasRecoveryCodes: true } })} />);
    expect(names(passkeyFirst.container)).toEqual(['Use your passkey', 'Verify', 'Use a recovery code', 'Cancel']);
    passkeyFirst.unmount();
    const noCodes = renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ ...both, methods: ['totp', 'passkey'], userMethods: { methods: ['totp', 'passkey'], hasRecoveryCodes: false } })} />);
    expect(names(noCodes.container)).toEqual(['Verify', 'Use your passkey', 'Cancel']);
  });

  it('behavior: while the methods load nothing is offered yet; unknown afterwards (load failed), the settings decide', () => {
    const loading = renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ status: 'loadingMethods', authenticatePasskey: vi.fn(), submitRecoveryCode: vi.fn() })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your second factors…');
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
    loading.unmount();
    renderInKit(<MfaChallengeView flow={fakeMfaChallengeFlow({ status: 'idle', passkeyOffered: false, authenticatePasskey: vi.fn(), submitRecoveryCode: vi.fn() })} />);
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
  });
});

describe('MfaChallengeView: recovery codes', () => {
  it('default: the challenge offers a recovery code instead; it is submitted trimmed', async () => {
    const flow = fakeMfaChallengeFlow({ submitRecoveryCode: vi.fn() });
    const user = userEvent.setup();
    const { container } = renderInKit(<MfaChallengeView flow={flow} />);
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
});
