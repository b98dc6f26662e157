import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient, signInThroughApi, uniqueEmail } from '../../test/sandboxClient.js';
import { MfaEnrolment } from './MfaEnrolment.js';

describe('MfaEnrolment (against the sandbox)', () => {
  it('error: with MFA off in the sandbox, setting up an app says so (provider_not_available) and stays at the start', async () => {
    const { client, sandboxUrl } = await createSandboxClient();
    await signInThroughApi(client, sandboxUrl, uniqueEmail('mfa-enrolment'));
    const user = userEvent.setup();
    const { container } = render(
      <LatchkeyUIProvider client={client}>
        <MfaEnrolment />
      </LatchkeyUIProvider>,
    );
    const section = screen.getByRole('region', { name: 'Two-step sign-in' });
    expect(container.querySelector('[data-flow="mfa-enrolment"]')).toHaveAttribute('data-state', 'idle');
    await user.click(within(section).getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await within(section).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Multi-factor authentication is not enabled for this environment.');
    expect(container.querySelector('[data-flow="mfa-enrolment"]')).toHaveAttribute('data-state', 'idle');
  });

  it('behavior: MfaEnrolment.Custom hands the view model to your own markup', async () => {
    const { client } = await createSandboxClient();
    render(
      <LatchkeyUIProvider client={client}>
        <MfaEnrolment.Custom>
          {(flow) => (
            <section aria-label="custom">
              <p>status: {flow.status}</p>
              <p>methods: {flow.methods.join(', ')}</p>
            </section>
          )}
        </MfaEnrolment.Custom>
      </LatchkeyUIProvider>,
    );
    const custom = screen.getByRole('region', { name: 'custom' });
    expect(custom).toHaveTextContent('status: idle');
    expect(custom).toHaveTextContent('methods: totp, passkey');
  });
});
