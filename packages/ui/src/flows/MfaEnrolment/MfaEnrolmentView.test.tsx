import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { fakeMfaEnrolmentFlow, mfaInvalidCodeError, mfaNothingToAcknowledgeError, notSupportedError, passkeyMfaDevice } from '../../test/fakeMfaFlow.js';
import { MfaEnrolmentView } from './MfaEnrolmentView.js';

const registration = { id: 'dev-1', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Demo:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Demo' };

describe('MfaEnrolmentView', () => {
  it('default: Set up starts the enrolment', async () => {
    const flow = fakeMfaEnrolmentFlow();
    const user = userEvent.setup();
    const { container } = renderInKit(<MfaEnrolmentView flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(flow.startEnrolment).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('behavior: the QR code of the otpauth URI (loaded lazily), the key in groups, and the first code', async () => {
    const flow = fakeMfaEnrolmentFlow({ status: 'awaitingEnrolmentCode', registration });
    const user = userEvent.setup();
    const { container } = renderInKit(<MfaEnrolmentView flow={flow} />);
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Authentication code'), '654321{Enter}');
    expect(flow.submitEnrolmentCode).toHaveBeenCalledWith('654321');
    await waitFor(() => expect(container.querySelector('[data-flow="mfa-enrolment"]')).toHaveAttribute('data-state', 'awaitingEnrolmentCode'));
    await expectNoAxeViolations(container);
  });

  it('error: a wrong first code shows Invalid code; enrolled says so', () => {
    const { unmount } = renderInKit(<MfaEnrolmentView flow={fakeMfaEnrolmentFlow({ status: 'awaitingEnrolmentCode', registration, error: mfaInvalidCodeError })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid code');
    unmount();
    renderInKit(<MfaEnrolmentView flow={fakeMfaEnrolmentFlow({ status: 'enrolled' })} />);
    expect(screen.getByText(/Authenticator app added/)).toBeInTheDocument();
  });
});

describe('MfaEnrolmentView: a passkey as the second step', () => {
  it('behavior: the user menu enrolment offers a passkey as a second step; enrolled says so; an error is shown', async () => {
    const user = userEvent.setup();
    const flow = fakeMfaEnrolmentFlow({ registerPasskey: vi.fn() });
    const first = renderInKit(<MfaEnrolmentView flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Use a passkey as a second step' }));
    expect(flow.registerPasskey).toHaveBeenCalledTimes(1);
    first.unmount();
    const enrolled = renderInKit(<MfaEnrolmentView flow={fakeMfaEnrolmentFlow({ status: 'enrolled', device: passkeyMfaDevice, registerPasskey: vi.fn() })} />);
    expect(screen.getByText(/Passkey added as a second step/)).toBeInTheDocument();
    // The section is two-step sign-in, whichever method was added (not 'Authenticator app' over a passkey).
    expect(screen.getByRole('region', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(screen.queryByText('Authenticator app')).toBeNull();
    enrolled.unmount();
    renderInKit(<MfaEnrolmentView flow={fakeMfaEnrolmentFlow({ error: notSupportedError, registerPasskey: vi.fn() })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Webauthn is not supported on this device.');
  });
});

describe('MfaEnrolmentView: MFA method settings (order and filter)', () => {
  const names = (container: HTMLElement) => Array.from(container.querySelectorAll('button')).map((element) => element.textContent);

  it('behavior: enrolment offers the methods in the given order and hides a disabled one', () => {
    const first = renderInKit(<MfaEnrolmentView flow={fakeMfaEnrolmentFlow({ methods: ['passkey', 'totp'], registerPasskey: vi.fn() })} />);
    expect(names(first.container)).toEqual(['Use a passkey as a second step', 'Set up an authenticator app']);
    first.unmount();
    const second = renderInKit(<MfaEnrolmentView flow={fakeMfaEnrolmentFlow({ methods: ['totp'], registerPasskey: vi.fn() })} />);
    expect(names(second.container)).toEqual(['Set up an authenticator app']);
  });
});

describe('MfaEnrolmentView: recovery codes', () => {
  it('behavior: after enrolment, Show recovery codes loads them; shown codes replace the enrolment view', () => {
    const flow = fakeMfaEnrolmentFlow({ status: 'enrolled', loadRecoveryCodes: vi.fn() });
    const { unmount } = renderInKit(<MfaEnrolmentView flow={flow} />);
    screen.getByRole('button', { name: 'Show recovery codes' }).click();
    expect(flow.loadRecoveryCodes).toHaveBeenCalledTimes(1);
    unmount();
    renderInKit(<MfaEnrolmentView flow={fakeMfaEnrolmentFlow({ recoveryCodes: { count: 2, recoveryCodes: ['7kq2-m9xd', 'abcd-efgh'] } })} />);
    expect(screen.getByRole('region', { name: 'Recovery codes' })).toBeInTheDocument();
  });

  it("behavior: the acknowledge checkbox records it through the flow's acknowledgeRecoveryCodes; saving and a refusal are shown", async () => {
    const user = userEvent.setup();
    const recoveryCodes = { count: 2, recoveryCodes: ['7kq2-m9xd', 'abcd-efgh'] };
    const flow = fakeMfaEnrolmentFlow({ recoveryCodes, acknowledgeRecoveryCodes: vi.fn() });
    const first = renderInKit(<MfaEnrolmentView flow={flow} />);
    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(flow.acknowledgeRecoveryCodes).toHaveBeenCalledTimes(1);
    expect(flow.cancel).not.toHaveBeenCalled();
    first.unmount();
    const saving = fakeMfaEnrolmentFlow({ status: 'acknowledgingRecoveryCodes', isBusy: true, recoveryCodes, acknowledgeRecoveryCodes: vi.fn() });
    const second = renderInKit(<MfaEnrolmentView flow={saving} />);
    expect(second.container.querySelector('[data-flow="recovery-codes"]')).toHaveAttribute('data-state', 'saving');
    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(saving.acknowledgeRecoveryCodes).not.toHaveBeenCalled();
    second.unmount();
    const error = mfaNothingToAcknowledgeError;
    renderInKit(<MfaEnrolmentView flow={fakeMfaEnrolmentFlow({ recoveryCodes, error, acknowledgeRecoveryCodes: vi.fn() })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('There are no recovery codes to acknowledge.');
  });
});
