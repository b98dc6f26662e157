import { getSessionStatus } from '@latchkey/headless';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient } from '../../test/sandboxClient.js';
import { PasskeySignIn } from './PasskeySignIn.js';

describe('PasskeySignIn (against the sandbox)', () => {
  it('error: without WebAuthn (jsdom has none) the button says so before any request, and the session stays signed out', async () => {
    const { client } = await createSandboxClient();
    const user = userEvent.setup();
    const { container } = render(
      <LatchkeyUIProvider client={client}>
        <PasskeySignIn />
      </LatchkeyUIProvider>,
    );
    expect(container.querySelector('[data-flow="passkey"]')).toHaveAttribute('data-state', 'idle');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Webauthn is not supported on this device.');
    expect(container.querySelector('[data-flow="passkey"]')).toHaveAttribute('data-state', 'idle');
    expect(getSessionStatus(client.session.getSnapshot())).toBe('signedOut');
  });

  it('behavior: PasskeySignIn.Custom hands the view model to your own markup', async () => {
    const { client } = await createSandboxClient();
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <PasskeySignIn.Custom>
          {(flow) => (
            <section aria-label="custom">
              <p>status: {flow.status}</p>
              <button type="button" onClick={() => flow.signIn()}>
                Passkey
              </button>
              {flow.error ? <p role="alert">{flow.error.code}</p> : null}
            </section>
          )}
        </PasskeySignIn.Custom>
      </LatchkeyUIProvider>,
    );
    const custom = screen.getByRole('region', { name: 'custom' });
    expect(custom).toHaveTextContent('status: idle');
    await user.click(within(custom).getByRole('button', { name: 'Passkey' }));
    expect(await within(custom).findByRole('alert')).toHaveTextContent('webauthn_not_supported');
  });
});
