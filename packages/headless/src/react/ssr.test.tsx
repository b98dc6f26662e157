// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createFakeFetch, ENVIRONMENT_ID, json } from '../test/fakeFetch.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useEmailSignIn } from './useEmailSignIn.js';
import { useLatchkey } from './useLatchkey.js';
import { useSession } from './useSession.js';
import { useUser } from './useUser.js';

function Probe() {
  const { settingsStatus } = useLatchkey();
  const session = useSession();
  const user = useUser();
  const flow = useEmailSignIn();
  return (
    <p>
      settings={settingsStatus} session={session.status} user={user.status} flow={flow.status}
    </p>
  );
}

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

describe('server render', () => {
  it('default: the provider and every hook render to a string without a browser and without requests', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const fake = createFakeFetch(() => json(500, {}));
    // Default storage (local storage): on a server it falls back to memory.
    const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: 'https://api.example.com', fetch: fake.fetch, console: false });
    clients.push(client);
    const html = renderToString(
      <LatchkeyProvider client={client}>
        <Probe />
      </LatchkeyProvider>,
    );
    expect(html).toBe('<p>settings=<!-- -->loading<!-- --> session=<!-- -->restoring<!-- --> user=<!-- -->loading<!-- --> flow=<!-- -->idle</p>');
    expect(fake.requests).toHaveLength(0);
    expect(client.settings.get().status).toBe('idle');
  });

  it('behavior: one client per request — two renders share nothing', () => {
    const make = () =>
      createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: 'https://api.example.com', fetch: createFakeFetch(() => json(500, {})).fetch, console: false });
    const a = make();
    const b = make();
    clients.push(a, b);
    expect(a.session).not.toBe(b.session);
    expect(a.storage).not.toBe(b.storage);
    const render = (client: LatchkeyClient) =>
      renderToString(
        <LatchkeyProvider client={client}>
          <Probe />
        </LatchkeyProvider>,
      );
    expect(render(a)).toBe(render(b));
  });
});

describe('a provider given plain configuration (a Server Component can pass it)', () => {
  it('behavior: builds its own client per tree — two server renders share nothing, and the hooks see it', () => {
    const seen: LatchkeyClient[] = [];
    function Capture() {
      seen.push(useLatchkey().client);
      return null;
    }
    const config = { environmentId: ENVIRONMENT_ID, apiBaseUrl: 'https://api.example.com', sendLogs: false, console: false as const };
    const render = () =>
      renderToString(
        <LatchkeyProvider config={config}>
          <Probe />
          <Capture />
        </LatchkeyProvider>,
      );
    expect(render()).toContain('session=<!-- -->restoring');
    render();
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[0]?.environmentId).toBe(ENVIRONMENT_ID);
    clients.push(...seen);
  });

  it('error: an invalid configuration throws the client’s error (missing_environment_id)', () => {
    expect(() => renderToString(<LatchkeyProvider config={{ environmentId: '', apiBaseUrl: 'https://api.example.com' }} />)).toThrow(
      expect.objectContaining({ code: 'missing_environment_id' }),
    );
  });
});
