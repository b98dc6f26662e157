import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient, signInThroughApi, uniqueEmail } from '../../test/sandboxClient.js';
import { UserMenu } from './UserMenu.js';

// Holds the menu's lazily loaded module back until a test lets it through.
const gate = vi.hoisted(() => {
  let release: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { opened, release: () => release() };
});
vi.mock('./ConnectedUserMenu.js', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

describe('UserMenu (against the sandbox)', () => {
  it('behavior: a click on the stand-in trigger while the code loads opens the menu when it arrives', async () => {
    const { client, sandboxUrl } = await createSandboxClient();
    const email = uniqueEmail('menu');
    await signInThroughApi(client, sandboxUrl, email);
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <UserMenu />
      </LatchkeyUIProvider>,
    );
    const standIn = await screen.findByRole('button', { name: `Account: ${email}` });
    expect(standIn).toHaveAttribute('aria-busy', 'true');
    await user.click(standIn);
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => gate.release());
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ }, { timeout: 5000 });
    expect(menu).toHaveTextContent(email);
    await user.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: `Account: ${email}` })).toBeNull());
    expect(client.session.getSnapshot().matches('signedIn')).toBe(false);
  });

  it('default: nothing when signed out', async () => {
    const { client } = await createSandboxClient();
    const { container } = render(
      <LatchkeyUIProvider client={client}>
        <UserMenu />
      </LatchkeyUIProvider>,
    );
    await waitFor(() => expect(client.session.getSnapshot().matches('restoring')).toBe(false));
    expect(container.querySelector('button')).toBeNull();
  });
});
