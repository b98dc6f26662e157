import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { SignInButton } from '../../SignInButton/SignInButton.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createSandboxClient, latestCode, signInThroughApi, uniqueEmail } from '../../test/sandboxClient.js';
import { SignInEmbedded } from './SignInEmbedded.js';

/** The seed's Team made required for this client: every new user misses it. */
function teamRequired(settings: Record<string, unknown>): Record<string, unknown> {
  const kyc = (settings['kyc'] as { name: string }[] | undefined) ?? [];
  return { ...settings, kyc: kyc.map((field) => (field.name === 'team' ? { ...field, required: true } : field)) };
}

/** The project's design settings with `modal.view` set (this client only). */
const withView = (view: 'modal' | 'embedded') => (settings: Record<string, unknown>) => {
  const design = (settings['design'] as { modal?: object } | undefined) ?? {};
  return { ...settings, design: { ...design, modal: { ...design.modal, view } } };
};

describe('design.modal.view (against the sandbox)', () => {
  it("default: 'embedded' — SignInButton's place shows the login inline (a region, no dialog, no overlay); the code signs in and the user menu takes its place", async () => {
    const { client, sandboxUrl } = await createSandboxClient({ patchSettings: withView('embedded') });
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <main>
          <SignInButton />
        </main>
      </LatchkeyUIProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Sign in to Latchkey Demo' }, { timeout: 15_000 });
    expect(region).toHaveAccessibleDescription('Sign in or create an account with your email or phone number.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(document.querySelector('[data-latchkey-embedded="sign-in"]')).toBe(region);
    // Inline in the page: nothing takes focus by itself.
    expect(region.contains(document.activeElement)).toBe(false);
    await expectNoAxeViolations();

    const email = uniqueEmail('embedded');
    await user.type(within(region).getByLabelText('Email or phone number'), email);
    await user.click(within(region).getByRole('button', { name: 'Continue' }));
    const code = await within(region).findByLabelText('Verification code', {}, { timeout: 10_000 });
    await user.type(code, await latestCode(sandboxUrl, email));
    const account = await screen.findByRole('button', { name: `Account: ${email}` }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Sign in to Latchkey Demo' })).toBeNull();
    // Focus was in the sign-in that just left: it moves to the menu's trigger, not to the page's body.
    await waitFor(() => expect(screen.getByRole('button', { name: `Account: ${email}` })).toHaveFocus());
    expect(account).toBeInTheDocument();
  });

  it("behavior: 'modal' — the button, and the dialog it opens", async () => {
    const { client } = await createSandboxClient({ patchSettings: withView('modal') });
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <SignInButton />
      </LatchkeyUIProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(client.settings.get().status).toBe('ready'), { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBe(button);
    expect(screen.queryByRole('region')).toBeNull();
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Sign in to Latchkey Demo' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('behavior: SignInEmbedded shows the login inline whatever the setting (the host chose the place)', async () => {
    const { client } = await createSandboxClient({ patchSettings: withView('modal') });
    render(
      <LatchkeyUIProvider client={client}>
        <SignInEmbedded />
      </LatchkeyUIProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Sign in to Latchkey Demo' }, { timeout: 15_000 });
    expect(await within(region).findByLabelText('Email or phone number')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('behavior: a required profile field missing — the onboarding step shows inline (also for a restored session), saving it brings the menu', async () => {
    const embeddedTeamRequired = (settings: Record<string, unknown>) => withView('embedded')(teamRequired(settings));
    const { client, sandboxUrl } = await createSandboxClient({ patchSettings: embeddedTeamRequired });
    const email = uniqueEmail('embedded-onboarding');
    await signInThroughApi(client, sandboxUrl, email);
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <SignInEmbedded />
      </LatchkeyUIProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Sign in to Latchkey Demo' }, { timeout: 15_000 });
    await within(region).findByRole('heading', { name: 'Tell us about yourself' }, { timeout: 10_000 });
    expect(region).toHaveAccessibleDescription('One more step to finish setting up your account.');
    expect(screen.queryByRole('button', { name: `Account: ${email}` })).toBeNull();
    await user.selectOptions(within(region).getByLabelText(/Team/), 'Design');
    await user.click(within(region).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: `Account: ${email}` }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Sign in to Latchkey Demo' })).toBeNull();
  });
});
