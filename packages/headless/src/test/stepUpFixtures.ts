import { waitFor } from 'xstate';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { getSessionStatus } from '../core/machines/session/sessionMachine.js';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, json, routeTable, type FakeHandler } from './fakeFetch.js';
import { createFakeWebAuthn, type FakeWebAuthn } from './fakeWebAuthn.js';

/** The sandbox's step-up refusal (403) and the last-required-device refusal (400) of the same code. */
export const STEP_UP = () => errorBody(403, 'mfa_invalid_request', 'Confirm with your second factor first: this change needs one passed in the last 5 minutes.');
export const LAST_DEVICE = () => errorBody(400, 'mfa_invalid_request', 'Multi-factor authentication is required: the last second factor cannot be removed.');
export const METHODS = { methods: ['passkey', 'totp'], hasRecoveryCodes: true };

/** A route the server refuses with the step-up refusal until `pass` (a step-up route) answered, then `answer`. */
export function guarded(answer: () => Response) {
  let steppedUp = false;
  return {
    pass: () => {
      steppedUp = true;
      return json(200, fakeSignIn(Date.now() + 7_200_000));
    },
    route: () => (steppedUp ? answer() : STEP_UP()),
  };
}

/** A signed-in client over a fake fetch (`routes`), a fake WebAuthn, and helpers to read what it sent. */
export async function signedInClient(routes: Record<string, FakeHandler>, webauthn: FakeWebAuthn = createFakeWebAuthn()) {
  const fake = createFakeFetch(routeTable(routes));
  const warnings: string[] = [];
  const noop = () => undefined;
  const client: LatchkeyClient = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    console: { debug: noop, info: noop, warn: (...args: unknown[]) => warnings.push(args.map(String).join(' ')), error: noop },
    sendLogs: false,
    webauthn: async () => webauthn,
  });
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) });
  const paths = () => fake.requests.map((request) => `${request.method} ${request.url.pathname.replace(/^.*\/sdk\/[^/]+/, '')}`);
  const bearers = () => fake.requests.map((request) => request.headers.get('authorization'));
  const jwt = () => client.session.getSnapshot().context.jwt;
  return { client, webauthn, requests: fake.requests, paths, bearers, jwt, warnings };
}
