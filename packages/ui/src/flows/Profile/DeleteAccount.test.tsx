import { getTotpRegistration, registerTotp } from '@latchkey/headless/mfa';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { totp } from '../../../../headless/src/test/totp.js';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakeStepUp } from '../../test/fakeMfaFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { createSandboxClient, signInThroughApi, uniqueEmail } from '../../test/sandboxClient.js';
import { StepUpPrompt } from '../MfaDevices/StepUpPrompt.js';
import { DeleteAccount } from './DeleteAccount.js';
import { DeleteAccountStep } from './DeleteAccountStep.js';

describe('DeleteAccountStep', () => {
  it('default: "Confirm it’s you" follows the form (never inside it), in place of the buttons and the error; the field waits; accessible', async () => {
    const user = userEvent.setup();
    const stepUp = fakeStepUp({ stepUpFor: 'deleteAccount' });
    const { container } = renderInKit(
      <DeleteAccountStep status="confirming" defaultOpen error={{ code: 'mfa_invalid_request', message: 'Confirm with your second factor first.' }} stepUp={<StepUpPrompt flow={stepUp} />} onDelete={vi.fn()} />,
    );
    const prompt = screen.getByRole('region', { name: 'Confirm it’s you' });
    expect(prompt).toHaveTextContent('Deleting your account needs a second step you passed in the last few minutes.');
    expect(prompt.closest('form')).toBeNull();
    expect(screen.getByLabelText('Type DELETE to confirm')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(screen.queryByText('Confirm with your second factor first.')).toBeNull();
    await expectNoAxeViolations(container);
    await user.type(within(prompt).getByLabelText('Authentication code'), '123456{Enter}');
    expect(stepUp.stepUpWithCode).toHaveBeenCalledWith('123456');
  });

  it('error: a refusal without a step-up is the server’s sentence under the field (the 403 after a passed step-up too)', () => {
    renderInKit(
      <DeleteAccountStep
        status="idle"
        defaultOpen
        error={{ code: 'mfa_invalid_request', status: 403, message: 'Confirm with your second factor first: this change needs one passed in the last 5 minutes.' }}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Confirm with your second factor first: this change needs one passed in the last 5 minutes.');
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  });
});

const sandboxUrl = inject('sandboxUrl');
const putSettings = (patch: unknown) =>
  fetch(`${sandboxUrl}/sandbox/admin/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) }).then((response) => {
    if (!response.ok) throw new Error(`settings: ${response.status}`);
  });

describe('DeleteAccount (against the sandbox, two-step sign-in on)', () => {
  beforeAll(() => putSettings({ security: { mfa: { enabled: true } } }));
  afterAll(() => putSettings({ security: { mfa: { enabled: false } } }));

  it('behavior: with an authenticator app this session never passed, the deletion asks "Confirm it’s you" — a wrong code stays, the right one deletes and signs out', async () => {
    const email = uniqueEmail('delete-step-up');
    const { client } = await createSandboxClient();
    await signInThroughApi(client, sandboxUrl, email);
    // The user's other session adds the authenticator app: this one has passed no second factor.
    const other = await createSandboxClient();
    await signInThroughApi(other.client, sandboxUrl, email);
    const registration = await getTotpRegistration(other.client);
    const enrolledAt = Date.now();
    await registerTotp(other.client, { id: registration.id, code: totp(registration.secret, enrolledAt) });
    await other.client.destroy();

    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <DeleteAccount defaultOpen />
      </LatchkeyUIProvider>,
    );
    await user.type(await screen.findByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const prompt = await screen.findByRole('region', { name: 'Confirm it’s you' }, { timeout: 10_000 });
    const code = await within(prompt).findByLabelText('Authentication code', {}, { timeout: 10_000 });
    const right = totp(registration.secret, enrolledAt + 30_000);
    await user.type(code, right === '000000' ? '111111' : '000000');
    await user.click(within(prompt).getByRole('button', { name: 'Verify' }));
    expect(await within(prompt).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Invalid code');
    expect(client.session.getSnapshot().matches('signedIn')).toBe(true);

    await user.clear(within(prompt).getByLabelText('Authentication code'));
    await user.type(within(prompt).getByLabelText('Authentication code'), right);
    await user.click(within(prompt).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your account has been deleted.', {}, { timeout: 10_000 })).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('region', { name: 'Confirm it’s you' })).toBeNull();
    await waitFor(() => expect(client.session.getSnapshot().matches('signedIn')).toBe(false), { timeout: 10_000 });
    await client.destroy();
  });
});
