import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasskeyManagerView } from '../PasskeyManager/PasskeyManagerView.js';
import { MfaEnrolmentView } from '../MfaEnrolment/MfaEnrolmentView.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakeMfaEnrolmentFlow, fakeStepUp, mfaInvalidCodeError, totpMfaDevice } from '../../test/fakeMfaFlow.js';
import { fakePasskeyManagerFlow, samplePasskeys } from '../../test/fakePasskeyFlow.js';
import { renderInKit } from '../../test/renderInKit.js';

/** "Confirm it's you" in the flows whose action the server refused until a second factor (beside device management). */
describe('StepUpPrompt in the guarded flows', () => {
  it('default: a passkey’s removal waits under the list — the intro says why, the code goes to the flow, Cancel drops it; accessible', async () => {
    const user = userEvent.setup();
    const stepUp = fakeStepUp({ stepUpFor: 'deletePasskey' });
    const { container } = renderInKit(<PasskeyManagerView flow={fakePasskeyManagerFlow({ passkeys: samplePasskeys, status: 'confirming', stepUp })} />);
    const prompt = screen.getByRole('region', { name: 'Confirm it’s you' });
    expect(prompt).toHaveTextContent('Removing a passkey needs a second step you passed in the last few minutes.');
    expect(within(prompt).getByRole('heading', { name: 'Confirm it’s you' })).toHaveFocus();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await expectNoAxeViolations(container);
    await user.type(within(prompt).getByLabelText('Authentication code'), '123456');
    await user.click(within(prompt).getByRole('button', { name: 'Verify' }));
    expect(stepUp.stepUpWithCode).toHaveBeenCalledWith('123456');
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(stepUp.cancelStepUp).toHaveBeenCalledTimes(1);
  });

  it('error: a wrong code shows in the prompt as the spec’s sentence; a recovery code is offered', async () => {
    const user = userEvent.setup();
    const stepUp = fakeStepUp({ stepUpFor: 'deletePasskey', error: mfaInvalidCodeError });
    renderInKit(<PasskeyManagerView flow={fakePasskeyManagerFlow({ passkeys: samplePasskeys, status: 'confirming', stepUp, error: undefined })} />);
    const prompt = screen.getByRole('region', { name: 'Confirm it’s you' });
    expect(within(prompt).getByRole('alert')).toHaveTextContent('Invalid code');
    await user.click(within(prompt).getByRole('button', { name: 'Use a recovery code' }));
    await user.type(within(prompt).getByLabelText('Recovery code'), '7kq2-m9xd{Enter}');
    expect(stepUp.stepUpWithRecoveryCode).toHaveBeenCalledWith('7kq2-m9xd');
  });

  it('default: a second device, or the first recovery codes, waits in the enrolment section; accessible', async () => {
    const { container, unmount } = renderInKit(<MfaEnrolmentView flow={fakeMfaEnrolmentFlow({ status: 'confirming', stepUp: fakeStepUp({ stepUpFor: 'addDevice', status: 'loadingStepUpMethods', stepUpMethods: undefined }) })} />);
    const section = screen.getByRole('region', { name: 'Two-step sign-in' });
    const prompt = within(section).getByRole('region', { name: 'Confirm it’s you' });
    expect(prompt).toHaveTextContent('Adding another second step needs one you passed in the last few minutes.');
    expect(prompt).toHaveTextContent('Checking your second steps…');
    expect(within(section).queryByRole('button', { name: 'Set up an authenticator app' })).toBeNull();
    await expectNoAxeViolations(container);
    unmount();

    renderInKit(<MfaEnrolmentView flow={fakeMfaEnrolmentFlow({ status: 'confirming', device: totpMfaDevice, stepUp: fakeStepUp({ stepUpFor: 'showRecoveryCodes', stepUpMethods: { methods: ['passkey', 'totp'], hasRecoveryCodes: false } }) })} />);
    const codes = screen.getByRole('region', { name: 'Confirm it’s you' });
    expect(codes).toHaveTextContent('Your recovery codes are shown only once. Confirm with one of your second steps to see them.');
    expect(within(codes).getByRole('button', { name: 'Use your passkey' })).toBeVisible();
    expect(within(codes).queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
  });
});
