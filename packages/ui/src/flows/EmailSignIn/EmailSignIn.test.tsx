import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient, latestCode, uniqueEmail } from '../../test/sandboxClient.js';
import { EmailSignIn } from './EmailSignIn.js';

describe('EmailSignIn (against the sandbox)', () => {
  it('default: the flow inline, its root carrying data-state through to done', async () => {
    const { client, sandboxUrl } = await createSandboxClient();
    const user = userEvent.setup();
    const { container } = render(
      <LatchkeyUIProvider client={client}>
        <EmailSignIn />
      </LatchkeyUIProvider>,
    );
    const root = () => container.querySelector('[data-flow="email"]');
    expect(root()).toHaveAttribute('data-state', 'idle');
    const email = uniqueEmail('inline');
    await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Verification code', {}, { timeout: 10_000 });
    expect(root()).toHaveAttribute('data-state', 'awaitingCode');
    await user.click(screen.getByLabelText('Verification code'));
    await user.paste(await latestCode(sandboxUrl, email));
    expect(await screen.findByText(`You're signed in as ${email}.`, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(root()).toHaveAttribute('data-state', 'done');
  });

  it('behavior: EmailSignIn.Custom hands the view model to your own markup', async () => {
    const { client } = await createSandboxClient();
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <EmailSignIn.Custom>
          {(flow) => (
            <section aria-label="custom">
              <p>status: {flow.status}</p>
              <button type="button" onClick={() => flow.sendCode('not an address')}>
                Send
              </button>
              {flow.error ? <p role="alert">{flow.error.message}</p> : null}
            </section>
          )}
        </EmailSignIn.Custom>
      </LatchkeyUIProvider>,
    );
    const custom = screen.getByRole('region', { name: 'custom' });
    expect(custom).toHaveTextContent('status: idle');
    await user.click(within(custom).getByRole('button', { name: 'Send' }));
    expect(within(custom).getByRole('alert')).toHaveTextContent('Enter a valid e-mail address.');
    expect(custom).toHaveTextContent('status: idle');
  });
});
