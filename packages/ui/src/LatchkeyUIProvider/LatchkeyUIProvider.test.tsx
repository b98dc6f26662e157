import { darkTheme } from '@latchkey/themes';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { LatchkeyClient } from '@latchkey/headless';
import { useLatchkey } from '@latchkey/headless/react';
import { describe, expect, inject, it } from 'vitest';
import { createSandboxClient } from '../test/sandboxClient.js';
import { LatchkeyUIProvider } from './LatchkeyUIProvider.js';
import { useEmbeddedWalletOptions } from './embeddedWalletConfig.js';
import { SignInButton } from '../SignInButton/SignInButton.js';

const rootOf = (element: HTMLElement) => element.closest('[data-latchkey-root]') as HTMLElement;

function withModal(modal: Record<string, unknown>) {
  return (settings: Record<string, unknown>) => {
    const design = (settings['design'] ?? {}) as Record<string, unknown>;
    return { ...settings, design: { ...design, modal: { ...(design['modal'] as object), ...modal } } };
  };
}

describe('LatchkeyUIProvider', () => {
  it('default: applies the project look settings as CSS variables on the kit root', async () => {
    const { client } = await createSandboxClient({ patchSettings: withModal({ primaryColor: '#FACC15', radius: 4, theme: 'dark' }) });
    render(
      <LatchkeyUIProvider client={client}>
        <p>host content</p>
      </LatchkeyUIProvider>,
    );
    const root = rootOf(screen.getByText('host content'));
    await waitFor(() => expect(root.style.getPropertyValue('--lk-colors-accent')).toBe('#facc15'));
    expect(root.style.getPropertyValue('--lk-colors-accentForeground')).toBe('#111114');
    expect(root.style.getPropertyValue('--lk-radii-control')).toBe('4px');
    expect(root.style.getPropertyValue('--lk-colors-surface')).toBe(darkTheme().colors.surface);
    expect(root).toHaveAttribute('data-theme', 'dark');
  });

  it('default: before settings arrive, the default light theme', async () => {
    const { client } = await createSandboxClient();
    render(
      <LatchkeyUIProvider client={client}>
        <p>host content</p>
      </LatchkeyUIProvider>,
    );
    const root = rootOf(screen.getByText('host content'));
    expect(root).toHaveAttribute('data-theme', 'light');
    expect(root.style.getPropertyValue('--lk-colors-accent')).toBe('#4f46e5');
  });

  it('behavior: a theme prop wins over the settings', async () => {
    const { client } = await createSandboxClient({ patchSettings: withModal({ primaryColor: '#facc15' }) });
    render(
      <LatchkeyUIProvider client={client} theme={darkTheme({ accentColor: '#0e7490' })}>
        <p>host content</p>
      </LatchkeyUIProvider>,
    );
    const root = rootOf(screen.getByText('host content'));
    await waitFor(() => expect(client.settings.get().status).toBe('ready'));
    expect(root.style.getPropertyValue('--lk-colors-accent')).toBe('#0e7490');
    expect(root).toHaveAttribute('data-theme', 'dark');
  });

  it('behavior: auto follows prefers-color-scheme', async () => {
    const listeners = new Set<() => void>();
    let dark = true;
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      get matches() {
        return query === '(prefers-color-scheme: dark)' && dark;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })) as unknown as typeof window.matchMedia;
    try {
      const { client } = await createSandboxClient({ patchSettings: withModal({ theme: 'auto' }) });
      render(
        <LatchkeyUIProvider client={client}>
          <p>host content</p>
        </LatchkeyUIProvider>,
      );
      const root = rootOf(screen.getByText('host content'));
      await waitFor(() => expect(root).toHaveAttribute('data-theme', 'dark'));
      expect(root.style.getPropertyValue('--lk-colors-surface')).toBe(darkTheme().colors.surface);
      dark = false;
      act(() => listeners.forEach((listener) => listener()));
      expect(root).toHaveAttribute('data-theme', 'light');
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('LatchkeyUIProvider with plain configuration (what a Next.js root layout passes)', () => {
  it('behavior: builds its own client from `config`, loads the project settings and themes the kit root', async () => {
    const sandboxUrl = inject('sandboxUrl');
    const info = (await (await fetch(`${sandboxUrl}/sandbox/info`)).json()) as { environmentId: string; apiBaseUrl: string };
    let seen: LatchkeyClient | undefined;
    function Probe() {
      const { client, settingsStatus } = useLatchkey();
      seen = client;
      return <p>settings {settingsStatus}</p>;
    }
    render(
      <LatchkeyUIProvider config={{ environmentId: info.environmentId, apiBaseUrl: info.apiBaseUrl, sendLogs: false }} theme={darkTheme()}>
        <Probe />
      </LatchkeyUIProvider>,
    );
    expect(await screen.findByText('settings ready', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(seen?.environmentId).toBe(info.environmentId);
    expect(rootOf(screen.getByText('settings ready'))).toHaveAttribute('data-theme', 'dark');
    await seen?.destroy();
  });

  it("behavior: the embedded wallet's configuration comes from the client's `embeddedWallet` unless the provider's option gives a field", async () => {
    const sandboxUrl = inject('sandboxUrl');
    const info = (await (await fetch(`${sandboxUrl}/sandbox/info`)).json()) as { environmentId: string; apiBaseUrl: string };
    const seen: unknown[] = [];
    function Probe() {
      seen.push(useEmbeddedWalletOptions());
      return <p>probe</p>;
    }
    const config = { environmentId: info.environmentId, apiBaseUrl: info.apiBaseUrl, sendLogs: false, embeddedWallet: { appName: 'Client app', baseUrl: 'http://127.0.0.1:1/custody' } };
    const { unmount } = render(
      <LatchkeyUIProvider config={config}>
        <Probe />
      </LatchkeyUIProvider>,
    );
    expect(seen.at(-1)).toEqual({ baseUrl: 'http://127.0.0.1:1/custody', appName: 'Client app', cloudDriveUrl: undefined });
    unmount();
    render(
      <LatchkeyUIProvider config={config} embeddedWallet={{ baseUrl: 'http://127.0.0.1:2/custody' }}>
        <Probe />
      </LatchkeyUIProvider>,
    );
    expect(seen.at(-1)).toEqual({ baseUrl: 'http://127.0.0.1:2/custody', appName: 'Client app', cloudDriveUrl: undefined });
  });

  it('behavior: `locale` loads its catalogue and mirrors right to left; a single `messages` override wins over it', async () => {
    const { client } = await createSandboxClient();
    const { rerender } = render(
      <LatchkeyUIProvider client={client} locale="ar">
        <SignInButton />
      </LatchkeyUIProvider>,
    );
    // English first (the catalogue loads on its own), then Arabic, right to left.
    const button = await screen.findByRole('button', { name: 'تسجيل الدخول' });
    expect(button.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    rerender(
      <LatchkeyUIProvider client={client} locale="es-MX" messages={{ 'kit.retry': 'Otra vez' }}>
        <SignInButton />
      </LatchkeyUIProvider>,
    );
    const spanish = await screen.findByRole('button', { name: 'Iniciar sesión' });
    expect(spanish.closest('[dir]')).toHaveAttribute('dir', 'ltr');
    rerender(
      <LatchkeyUIProvider client={client} locale="es" messages={{ 'signIn.button': 'Entrar' }}>
        <SignInButton />
      </LatchkeyUIProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('default: without `locale`, English, left to right, and no catalogue is fetched', async () => {
    const { client } = await createSandboxClient();
    render(
      <LatchkeyUIProvider client={client}>
        <SignInButton label={undefined} />
      </LatchkeyUIProvider>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button.closest('[dir]')).toHaveAttribute('dir', 'ltr');
  });
});
