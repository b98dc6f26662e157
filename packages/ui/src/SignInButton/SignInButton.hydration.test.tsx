import { act, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyUIProvider } from '../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient } from '../test/sandboxClient.js';
import { SignInButton } from './SignInButton.js';

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('SignInButton in a server-rendered page', () => {
  it('behavior: hydrates without a mismatch, and the button leaves aria-busy once the session settles', async () => {
    const server = await createSandboxClient();
    const browser = await createSandboxClient();
    // The browser already knows there is no session when React hydrates; the server never does.
    await waitFor(() => expect(browser.client.session.getSnapshot().matches('restoring')).toBe(false));
    const tree = (client: typeof server.client) => (
      <LatchkeyUIProvider client={client}>
        <SignInButton />
      </LatchkeyUIProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree(server.client));
    document.body.append(container);
    expect(container.querySelector('button')?.getAttribute('aria-busy')).toBe('true');

    const recoverable: unknown[] = [];
    const consoleErrors: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      consoleErrors.push(args);
    });
    await act(async () => {
      roots.push(hydrateRoot(container, tree(browser.client), { onRecoverableError: (error) => recoverable.push(error) }));
    });
    const button = container.querySelector('button');
    await waitFor(() => expect(button?.hasAttribute('aria-busy')).toBe(false));
    expect(button?.textContent).toBe('Sign in');
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
