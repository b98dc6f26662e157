import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StepUpPrompt } from '../../flows/MfaDevices/StepUpPrompt.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakeStepUp, stepUpRequiredError } from '../../test/fakeMfaFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { LinkedAccounts } from './AccountView.js';

const accounts = [{ id: 'cred-google', provider: 'google', label: 'ada@example.com' }];

describe('LinkedAccounts: an unlink that waits for a second factor', () => {
  it('default: "Confirm it’s you" under the list, instead of "Link another account" and the error; the code goes to the flow; accessible', async () => {
    const user = userEvent.setup();
    const stepUp = fakeStepUp();
    const { container } = renderInKit(
      <LinkedAccounts
        linkedAccounts={accounts}
        linkableProviders={['github']}
        onUnlink={vi.fn()}
        onChooseLink={vi.fn()}
        isLinking
        linkError={stepUpRequiredError}
        stepUp={<StepUpPrompt flow={stepUp} />}
      />,
    );
    const prompt = screen.getByRole('region', { name: 'Confirm it’s you' });
    expect(prompt).toHaveTextContent('Unlinking a way to sign in needs a second step you passed in the last few minutes. Confirm with one of yours to go on.');
    expect(screen.queryByRole('button', { name: 'Link another account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Unlink Google ada@example.com' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText(stepUpRequiredError.message)).toBeNull();
    await expectNoAxeViolations(container);
    await user.type(within(prompt).getByLabelText('Authentication code'), '654321{Enter}');
    expect(stepUp.stepUpWithCode).toHaveBeenCalledWith('654321');
  });

  it('error: without a prompt the refusal shows as a sentence (a step-up that ended, e.g. too many attempts)', () => {
    renderInKit(<LinkedAccounts linkedAccounts={accounts} linkableProviders={[]} onUnlink={vi.fn()} isLinking={false} linkError={{ code: 'too_many_verification_attempts', message: 'Too many verification attempts.' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Too many verification attempts.');
    expect(screen.queryByRole('region', { name: 'Confirm it’s you' })).toBeNull();
  });
});
