import { getSessionStatus } from '@latchkey/headless';
import type { SignInResponse } from '@latchkey/protocol';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient } from '../../test/sandboxClient.js';
import { MfaChallenge } from './MfaChallenge.js';

/** What a sign-in answer that needs a second factor hands the session, with a token the sandbox never issued. */
const pending: SignInResponse = {
  user: { id: 'u-1', projectEnvironmentId: 'env-1', email: 'ada@example.test', verifiedCredentials: [] },
  mfaToken: 'not-a-token-the-sandbox-issued',
  nextView: 'mfa-challenge',
};

describe('MfaChallenge (against the sandbox)', () => {
  it('error: nothing while signed out; in mfa with a token the sandbox refuses → failed, and Sign in again returns to signed out', async () => {
    const { client } = await createSandboxClient();
    const user = userEvent.setup();
    const { container } = render(
      <LatchkeyUIProvider client={client}>
        <MfaChallenge />
      </LatchkeyUIProvider>,
    );
    await waitFor(() => expect(getSessionStatus(client.session.getSnapshot())).toBe('signedOut'));
    expect(container.querySelector('[data-flow="mfa"]')).toBeNull();
    client.session.send({ type: 'server.signedIn', response: pending });
    // The challenge asks the sandbox which second factors the user has: the token is refused (401), which ends it.
    await waitFor(() => expect(container.querySelector('[data-flow="mfa"]')).toHaveAttribute('data-state', 'failed'), { timeout: 10_000 });
    expect(screen.getByRole('alert')).toHaveTextContent(/\S/);
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(getSessionStatus(client.session.getSnapshot())).toBe('signedOut');
    expect(container.querySelector('[data-flow="mfa"]')).toBeNull();
  });

  it('behavior: MfaChallenge.Custom hands the view model to your own markup', async () => {
    const { client } = await createSandboxClient();
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <MfaChallenge.Custom>
          {(flow) => (
            <section aria-label="custom">
              <p>status: {flow.status}</p>
              <p>challenge: {flow.challenge ?? 'none'}</p>
              <button type="button" onClick={() => flow.submitCode('12')}>
                Verify
              </button>
              {flow.error ? <p role="alert">{flow.error.message}</p> : null}
            </section>
          )}
        </MfaChallenge.Custom>
      </LatchkeyUIProvider>,
    );
    const custom = screen.getByRole('region', { name: 'custom' });
    expect(custom).toHaveTextContent('status: idle');
    expect(custom).toHaveTextContent('challenge: none');
    await user.click(within(custom).getByRole('button', { name: 'Verify' }));
    expect(within(custom).getByRole('alert')).toHaveTextContent('Invalid code');
  });
});
