import { getSessionStatus } from '@latchkey/headless';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient, signInThroughApi, uniqueEmail } from '../../test/sandboxClient.js';
import { ConnectedUserMenu } from './ConnectedUserMenu.js';

/** Embedded Solana wallets on, so a user without a wallet is offered one (the panel shows). */
const withEmbeddedWallets = (settings: Record<string, unknown>) => {
  const sdk = settings['sdk'] as Record<string, unknown>;
  const embeddedWallets = sdk['embeddedWallets'] as Record<string, unknown> | undefined;
  return { ...settings, sdk: { ...sdk, embeddedWallets: { ...embeddedWallets, chainConfigurations: [{ name: 'SOL', enabled: true }] } } };
};

/** A panel component carrying a `Preload`, as `SolanaWalletPanel` does; it records what ran. */
function fakePanel() {
  const events: string[] = [];
  let ready = false;
  function Preload() {
    useEffect(() => {
      events.push('preload mounted');
    }, []);
    return null;
  }
  const preload = vi.fn(async () => {
    events.push('code fetched');
    ready = true;
  });
  function Panel() {
    return <p>The wallet panel</p>;
  }
  return { events, Panel: Object.assign(Panel, { Preload: Object.assign(Preload, { preload, isReady: () => ready }) }), preload };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the wallet panel is fetched ahead of the menu', () => {
  test('behavior: once idle after signing in, the panel’s Preload fetches its code and mounts, with the menu still closed', async () => {
    const { client, sandboxUrl } = await createSandboxClient({ patchSettings: withEmbeddedWallets });
    await signInThroughApi(client, sandboxUrl, uniqueEmail('menu-panel-preload'));
    const { events, Panel, preload } = fakePanel();
    render(
      <LatchkeyUIProvider client={client} embeddedWallet={{ baseUrl: sandboxUrl }} walletPanel={<Panel />}>
        <ConnectedUserMenu />
      </LatchkeyUIProvider>,
    );
    await screen.findByRole('button', { name: /menu-panel-preload/ }, { timeout: 10_000 });
    await vi.waitFor(() => expect(events).toEqual(['code fetched', 'preload mounted']), { timeout: 5_000 });
    expect(preload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    // Opened now, the menu has its panel at once: no 'Loading…' above the rows.
    await userEvent.setup().click(screen.getByRole('button', { name: /menu-panel-preload/ }));
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ });
    expect(menu.textContent).toContain('The wallet panel');
    expect(menu.textContent).not.toContain('Loading');
  });

  test('edge: a user the panel would not show for (no wallet, none offered) fetches nothing', async () => {
    const { client, sandboxUrl } = await createSandboxClient();
    await signInThroughApi(client, sandboxUrl, uniqueEmail('menu-panel-none'));
    const { Panel, preload } = fakePanel();
    render(
      <LatchkeyUIProvider client={client} walletPanel={<Panel />}>
        <ConnectedUserMenu />
      </LatchkeyUIProvider>,
    );
    await screen.findByRole('button', { name: /menu-panel-none/ }, { timeout: 10_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(preload).not.toHaveBeenCalled();
  });
});

describe('a menu kept mounted across sign-in and sign-out', () => {
  test('behavior: nothing while signed out, the trigger once signed in, nothing again after signing out (the hooks keep their order)', async () => {
    const { client, sandboxUrl } = await createSandboxClient();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { container } = render(
        <LatchkeyUIProvider client={client}>
          <ConnectedUserMenu />
        </LatchkeyUIProvider>,
      );
      await vi.waitFor(() => expect(getSessionStatus(client.session.getSnapshot())).toBe('signedOut'), { timeout: 10_000 });
      expect(screen.queryByRole('button')).toBeNull();
      await signInThroughApi(client, sandboxUrl, uniqueEmail('menu-mounted'));
      await screen.findByRole('button', { name: /menu-mounted/ }, { timeout: 10_000 });
      act(() => client.session.send({ type: 'user.signOut' }));
      await vi.waitFor(() => expect(screen.queryByRole('button', { name: /menu-mounted/ })).toBeNull());
      expect(container.textContent).toBe('');
      expect(errors.mock.calls.map((call) => String(call[0]))).not.toContainEqual(expect.stringMatching(/hooks/i));
    } finally {
      errors.mockRestore();
    }
  });
});
