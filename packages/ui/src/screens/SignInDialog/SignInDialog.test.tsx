import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient } from '../../test/sandboxClient.js';
import { SignInDialog } from './SignInDialog.js';

describe('SignInDialog (against the sandbox)', () => {
  it('default: with a trigger, opens the branded dialog from the project settings', async () => {
    const { client } = await createSandboxClient({
      patchSettings: (settings) => ({
        ...settings,
        general: { ...(settings['general'] as object), displayName: 'Acme Rewards', appLogo: 'https://cdn.acme.example/logo.png' },
      }),
    });
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <SignInDialog trigger={<button type="button">Log in</button>} />
      </LatchkeyUIProvider>,
    );
    // The dialog's code loads on mount; the trigger shows meanwhile and becomes the Radix trigger.
    await screen.findByRole('button', { name: 'Log in' });
    await screen.findByRole('button', { name: 'Log in', expanded: false }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to Acme Rewards' }, { timeout: 5000 });
    expect(dialog.querySelector('img')).toHaveAttribute('src', 'https://cdn.acme.example/logo.png');
    expect(within(dialog).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      'https://latchkey.example/terms',
    );
  });

  it('error: settings that cannot load show the error in the dialog', async () => {
    const { client } = await createSandboxClient({ patchSettings: () => ({ nonsense: true }) });
    render(
      <LatchkeyUIProvider client={client}>
        <SignInDialog open onOpenChange={() => {}} />
      </LatchkeyUIProvider>,
    );
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe(client.settings.get().error?.message);
    expect(alert.textContent).not.toBe('');
    expect(within(dialog).queryByLabelText('Email')).toBeNull();
  });
});
