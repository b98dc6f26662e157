/** A signed-out client over a fake fetch, for machine tests (excluded from the build). */
import { waitFor } from 'xstate';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { getSessionStatus } from '../core/machines/session/sessionMachine.js';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, routeTable, type FakeHandler, type RecordedRequest } from './fakeFetch.js';

const live: LatchkeyClient[] = [];

/**
 * A client answered by `handlers` (`'POST /path'` → response), storing nothing, its captcha settled without a settings
 * request (off, or `captchaToken`), no console, logs or analytics; resolved once its session says `signedOut`.
 * `destroyTestClients` (in `afterEach`) ends every one made.
 */
export async function signedOutTestClient(
  handlers: Record<string, FakeHandler> = {},
  options: { captchaToken?: string } = {},
): Promise<{ client: LatchkeyClient; requests: RecordedRequest[] }> {
  const fake = createFakeFetch(routeTable(handlers));
  const client = createLatchkeyClient({
    captcha: { token: async () => options.captchaToken },
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    console: false,
    sendLogs: false,
    analytics: false,
  });
  live.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  return { client, requests: fake.requests };
}

export async function destroyTestClients(): Promise<void> {
  await Promise.all(live.splice(0).map((client) => client.destroy()));
}
