import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, routeTable } from '../test/fakeFetch.js';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useLatchkeyEvents } from './useLatchkeyEvents.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

function makeClient() {
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: createFakeFetch(routeTable({})).fetch,
    storage: createMemoryStorage(),
    console: false,
    sendLogs: false,
    analytics: false,
  });
  clients.push(client);
  return client;
}

describe('useLatchkeyEvents', () => {
  it('default: calls the latest callback with the payload; nothing after unmount', async () => {
    const client = makeClient();
    const seen: string[] = [];
    let setLabel: (label: string) => void = () => undefined;
    function Listener() {
      const [label, set] = useState('first');
      setLabel = set;
      useLatchkeyEvents({ onAuthSuccess: (event) => seen.push(`${label}:${event.user.id}:${event.restored}`) });
      return null;
    }
    const view = render(
      <LatchkeyProvider client={client}>
        <Listener />
      </LatchkeyProvider>,
    );
    client.events.emit('auth.signedIn', { ...fakeSignIn(Date.now() + 3_600_000), restored: false } as never);
    act(() => setLabel('second'));
    client.events.emit('auth.signedIn', { ...fakeSignIn(Date.now() + 3_600_000), restored: true } as never);
    view.unmount();
    client.events.emit('auth.signedIn', { ...fakeSignIn(Date.now() + 3_600_000), restored: false } as never);
    expect(seen).toEqual(['first:user-1:false', 'second:user-1:true']);
  });
});
