import { act, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, json } from '../test/fakeFetch.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useSession } from './useSession.js';
import { useUser } from './useUser.js';

function Probe() {
  const session = useSession();
  const user = useUser();
  return (
    <p data-testid="probe" aria-busy={session.isBusy || undefined}>
      session={session.status} user={user.status}
    </p>
  );
}

const makeClient = () =>
  createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: createFakeFetch(() => json(500, {})).fetch,
    storage: createMemoryStorage(),
    console: false,
    sendLogs: false,
  });

const clients: LatchkeyClient[] = [];
const roots: Root[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
  vi.restoreAllMocks();
});

describe('hydration', () => {
  it('behavior: the first client render matches the server (restoring), then the session settles', async () => {
    // The server's client never restores anything (no storage to read): it renders `restoring`.
    const server = makeClient();
    // The browser's client has already settled (nothing stored → signed out) by the time React hydrates.
    const browser = makeClient();
    clients.push(server, browser);
    await waitFor(() => expect(browser.session.getSnapshot().matches('restoring')).toBe(false));

    const tree = (client: LatchkeyClient) => (
      <LatchkeyProvider client={client}>
        <Probe />
      </LatchkeyProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree(server));
    document.body.append(container);
    expect(container.textContent).toBe('session=restoring user=loading');

    const recoverable: unknown[] = [];
    const consoleErrors: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      consoleErrors.push(args);
    });
    await act(async () => {
      roots.push(hydrateRoot(container, tree(browser), { onRecoverableError: (error) => recoverable.push(error) }));
    });
    await waitFor(() => expect(container.textContent).toBe('session=signedOut user=signedOut'));
    expect(container.querySelector('[data-testid=probe]')?.getAttribute('aria-busy')).toBeNull();
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
