import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakePasskeySignInFlow, notSupportedError } from '../../test/fakePasskeyFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { PasskeySignInView } from './PasskeySignInView.js';

describe('PasskeySignInView', () => {
  it('default: one button that starts the ceremony, accessible', async () => {
    const flow = fakePasskeySignInFlow();
    const user = userEvent.setup();
    const { container } = renderInKit(<PasskeySignInView flow={flow} />);
    expect(container.querySelector('[data-flow="passkey"]')).toHaveAttribute('data-state', 'idle');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(flow.signIn).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('behavior: while signing in it is busy, says so, and Cancel aborts', async () => {
    const flow = fakePasskeySignInFlow({ status: 'signingIn' });
    const user = userEvent.setup();
    renderInKit(<PasskeySignInView flow={flow} />);
    const button = screen.getByRole('button', { name: 'Sign in with a passkey' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(flow.signIn).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for your passkey…');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(flow.cancel).toHaveBeenCalledTimes(1);
  });

  it('error: shows the coded error with its wording', () => {
    renderInKit(<PasskeySignInView flow={fakePasskeySignInFlow({ error: notSupportedError })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Webauthn is not supported on this device.');
  });
});
