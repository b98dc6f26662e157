import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient, signInThroughApi, uniqueEmail } from '../../test/sandboxClient.js';
import { PasskeyManager } from './PasskeyManager.js';

describe('PasskeyManager (against the sandbox)', () => {
  it('default: shown, it loads the new user\'s passkeys from the sandbox: none yet', async () => {
    const { client, sandboxUrl } = await createSandboxClient();
    await signInThroughApi(client, sandboxUrl, uniqueEmail('passkey-manager'));
    render(
      <LatchkeyUIProvider client={client}>
        <PasskeyManager />
      </LatchkeyUIProvider>,
    );
    const section = screen.getByRole('region', { name: 'Passkeys' });
    expect(await within(section).findByText('No sign-in passkeys yet. Add one to sign in without a code.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(section).toHaveAttribute('data-state', 'idle');
  });

  it('behavior: PasskeyManager.Custom hands the view model to your own markup', async () => {
    const { client } = await createSandboxClient();
    render(
      <LatchkeyUIProvider client={client}>
        <PasskeyManager.Custom>
          {(flow) => (
            <section aria-label="custom">
              <p>status: {flow.status}</p>
              <p>passkeys: {flow.passkeys === undefined ? 'not loaded' : flow.passkeys.length}</p>
            </section>
          )}
        </PasskeyManager.Custom>
      </LatchkeyUIProvider>,
    );
    const custom = screen.getByRole('region', { name: 'custom' });
    expect(custom).toHaveTextContent('status: idle');
    expect(custom).toHaveTextContent('passkeys: not loaded');
  });
});
