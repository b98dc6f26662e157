import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient, signInThroughApi, uniqueEmail } from '../../test/sandboxClient.js';
import { MfaDevices } from './MfaDevices.js';

describe('MfaDevices (against the sandbox)', () => {
  it('default: the disclosure loads the new user\'s devices from the sandbox: none yet', async () => {
    const { client, sandboxUrl } = await createSandboxClient();
    await signInThroughApi(client, sandboxUrl, uniqueEmail('mfa-devices'));
    const user = userEvent.setup();
    const { container } = render(
      <LatchkeyUIProvider client={client}>
        <MfaDevices />
      </LatchkeyUIProvider>,
    );
    expect(container.querySelector('[data-flow="mfa-devices"]')).toHaveAttribute('data-state', 'closed');
    await user.click(screen.getByRole('button', { name: 'Manage second steps' }));
    expect(await screen.findByText('No second steps yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(container.querySelector('[data-flow="mfa-devices"]')).toHaveAttribute('data-state', 'idle');
  });

  it('behavior: MfaDevices.Custom hands the view model to your own markup', async () => {
    const { client, sandboxUrl } = await createSandboxClient();
    await signInThroughApi(client, sandboxUrl, uniqueEmail('mfa-devices-custom'));
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <MfaDevices.Custom>
          {(flow) => (
            <section aria-label="custom">
              <p>status: {flow.status}</p>
              <p>devices: {flow.devices === undefined ? 'not loaded' : flow.devices.length}</p>
              <button type="button" onClick={() => flow.loadDevices()}>
                Load
              </button>
            </section>
          )}
        </MfaDevices.Custom>
      </LatchkeyUIProvider>,
    );
    const custom = screen.getByRole('region', { name: 'custom' });
    expect(custom).toHaveTextContent('devices: not loaded');
    await user.click(within(custom).getByRole('button', { name: 'Load' }));
    await within(custom).findByText('devices: 0', {}, { timeout: 10_000 });
    expect(custom).toHaveTextContent('status: idle');
  });
});
