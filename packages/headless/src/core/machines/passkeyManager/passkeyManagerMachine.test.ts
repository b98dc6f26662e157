import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, fakeUser, json, routeTable, type FakeHandler } from '../../../test/fakeFetch.js';
import {
  CREDENTIAL_ID,
  createFakeWebAuthn,
  deferred,
  fakeRegistrationCredential,
  fakeRegistrationOptions,
  webAuthnError,
  type FakeWebAuthn,
} from '../../../test/fakeWebAuthn.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { clientErrorMessages } from '../../errors/errorCodes.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { passkeyManagerMachine } from './passkeyManagerMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const PASSKEY = {
  id: 'pk-1',
  alias: 'Laptop',
  userAgent: 'test',
  origin: 'http://localhost:5173',
  credentialId: CREDENTIAL_ID,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
  storage: 'platform',
};

function defaultRoutes(): Record<string, FakeHandler> {
  return {
    'GET /users/passkeys/register': () => json(200, fakeRegistrationOptions()),
    'POST /users/passkeys/register': () => json(200, { passkey: PASSKEY, user: fakeUser({ verifiedCredentials: [{ id: 'c', format: 'passkey' }] }) }),
    'GET /users/passkeys': () => json(200, { passkeys: [PASSKEY], count: 1 }),
    'PUT /users/passkeys': ({ body }) => json(200, { ...PASSKEY, alias: (body as { alias: string }).alias, updatedAt: '2026-01-02T00:00:00.000Z' }),
    'DELETE /users/passkeys': () => json(200, { ok: true }),
  };
}

async function setup(webauthn: FakeWebAuthn = createFakeWebAuthn(), routes: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(routeTable({ ...defaultRoutes(), ...routes }));
  const warn = vi.fn();
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    console: { debug: () => undefined, info: () => undefined, warn, error: () => undefined },
    logLevel: 'WARN',
    sendLogs: false,
    webauthn: async () => webauthn,
  });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  // Registration and management need a session (bearer routes).
  client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) });
  const actor = createActor(passkeyManagerMachine, { input: { client } }).start();
  const idleAfter = async () => {
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    return actor.getSnapshot();
  };
  const paths = () => fake.requests.map((request) => `${request.method} ${request.url.pathname.replace(/^\/api\/v0\/sdk\/[^/]+/, '')}`);
  return { actor, client, webauthn, requests: fake.requests, paths, idleAfter, warn };
}

describe('passkeyManagerMachine: registration', () => {
  it('default: idle → registering (busy, ceremony) → idle with the new passkey; the session user is updated', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.register', alias: ' Laptop ' });
    expect(flow.actor.getSnapshot().value).toBe('registering');
    expect(flow.actor.getSnapshot().hasTag('ceremony')).toBe(true);
    const snapshot = await flow.idleAfter();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.registered).toEqual(PASSKEY);
    expect(snapshot.context.error).toBeUndefined();
    expect(flow.paths()).toEqual(['GET /users/passkeys/register', 'POST /users/passkeys/register']);
    expect(flow.requests[1]?.body).toEqual({ credential: fakeRegistrationCredential(), alias: 'Laptop' });
    expect(flow.webauthn.calls).toEqual(['startRegistration']);
    expect(flow.client.session.getSnapshot().context.user?.verifiedCredentials).toEqual([{ id: 'c', format: 'passkey' }]);
  });

  it('error: webauthn_not_supported before any request', async () => {
    const flow = await setup(createFakeWebAuthn({ supported: false }));
    flow.actor.send({ type: 'user.register' });
    const snapshot = await flow.idleAfter();
    expect(snapshot.context.error).toMatchObject({ code: 'webauthn_not_supported', message: 'Webauthn is not supported on this device.' });
    expect(flow.requests).toHaveLength(0);
  });

  it.each([
    ['invalid_request', { user: { id: 'AAEC', name: ' ', displayName: '' } }, 'localhost'],
    ['passkey_invalid_domain', {}, '127.0.0.1'],
    ['passkey_invalid_domain', {}, undefined],
    ['passkey_invalid_rp_id', { rp: { id: 'example.com', name: 'x' } }, 'localhost'],
  ] as const)('error: %s is found before the ceremony starts', async (code, overrides, hostname) => {
    const flow = await setup(createFakeWebAuthn({ hostname }), {
      'GET /users/passkeys/register': () => json(200, fakeRegistrationOptions(overrides as never)),
    });
    flow.actor.send({ type: 'user.register' });
    const snapshot = await flow.idleAfter();
    expect(snapshot.context.error?.code).toBe(code);
    if (code === 'invalid_request') expect(snapshot.context.error?.message).toBe('Registering a passkey needs an e-mail or a passkey identifier.');
    expect(flow.webauthn.calls).toEqual([]);
    expect(flow.paths()).toEqual(['GET /users/passkeys/register']);
  });

  it.each([
    ['ERROR_CEREMONY_ABORTED', 'passkey_ceremony_aborted'],
    ['ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'passkey_previously_registered'],
    ['ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT', 'passkey_discoverable_credential_unsupported'],
    ['ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT', 'passkey_user_verification_unsupported'],
    ['ERROR_INVALID_DOMAIN', 'passkey_invalid_domain'],
    ['ERROR_INVALID_RP_ID', 'passkey_invalid_rp_id'],
    ['ERROR_INVALID_USER_ID_LENGTH', 'passkey_invalid_user_id_length'],
    ['ERROR_MALFORMED_PUBKEYCREDPARAMS', 'passkey_no_supported_algorithm'],
    ['ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG', 'passkey_no_supported_algorithm'],
    ['ERROR_AUTHENTICATOR_GENERAL_ERROR', 'passkey_authenticator_error'],
  ])('error: the browser failure %s → %s, nothing sent to the server', async (browserCode, code) => {
    const flow = await setup(createFakeWebAuthn({ register: async () => Promise.reject(webAuthnError(browserCode)) }));
    flow.actor.send({ type: 'user.register' });
    const snapshot = await flow.idleAfter();
    expect(snapshot.context.error?.code).toBe(code);
    expect(flow.paths()).toEqual(['GET /users/passkeys/register']);
    expect(flow.warn).not.toHaveBeenCalled();
  });

  it.each([
    ['NotAllowedError', 'The operation either timed out or was not allowed. See: https://www.w3.org/TR/webauthn-2/#sctn-privacy-considerations-client.', 'operation_timed_out_or_not_allowed'],
    ['NotAllowedError', 'The user cancelled the request', 'user_cancelled_request'],
    ['NotAllowedError', 'webauthn authenticator not found', 'webauthn_authenticator_not_found'],
    ['NotAllowedError', 'The user denied permission.', 'user_denied_permission'],
  ])('behavior: %s "%s" is warn-only: logged, no error, back to idle', async (name, message, code) => {
    const flow = await setup(
      createFakeWebAuthn({ register: async () => Promise.reject(webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', { name, message })) }),
    );
    flow.actor.send({ type: 'user.register' });
    const snapshot = await flow.idleAfter();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.error).toBeUndefined();
    expect(flow.warn).toHaveBeenCalledTimes(1);
    expect(flow.warn.mock.calls[0]).toContain(clientErrorMessages[code as keyof typeof clientErrorMessages]);
  });

  it('error: a server refusal of the attestation keeps its code (invalid_verification)', async () => {
    const flow = await setup(undefined, {
      'POST /users/passkeys/register': () => errorBody(400, 'invalid_verification', 'The passkey could not be verified.'),
    });
    flow.actor.send({ type: 'user.register' });
    const snapshot = await flow.idleAfter();
    expect(snapshot.context.error).toMatchObject({ code: 'invalid_verification', message: 'The passkey could not be verified.' });
    expect(snapshot.context.registered).toBeUndefined();
  });

  it('behavior: user.cancel aborts the ceremony in the browser and sends nothing', async () => {
    const pending = deferred<never>();
    const flow = await setup(createFakeWebAuthn({ register: () => pending.promise }));
    flow.actor.send({ type: 'user.register' });
    await vi.waitFor(() => expect(flow.webauthn.calls).toContain('startRegistration'));
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.actor.getSnapshot().value).toBe('idle');
    expect(flow.webauthn.calls).toEqual(['startRegistration', 'cancel']);
    pending.reject(webAuthnError('ERROR_CEREMONY_ABORTED'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(flow.actor.getSnapshot().context.error).toBeUndefined();
    expect(flow.paths()).toEqual(['GET /users/passkeys/register']);
  });

  it('behavior: a new ceremony aborts the running one cleanly; only the new one reaches the server', async () => {
    const first = deferred<never>();
    let count = 0;
    const flow = await setup(
      createFakeWebAuthn({ register: async () => (++count === 1 ? first.promise : fakeRegistrationCredential()) }),
    );
    flow.actor.send({ type: 'user.register', alias: 'First' });
    await vi.waitFor(() => expect(flow.webauthn.calls).toContain('startRegistration'));
    flow.actor.send({ type: 'user.register', alias: 'Second' });
    // The old ceremony's rejection arrives after it was replaced: ignored.
    first.reject(webAuthnError('ERROR_CEREMONY_ABORTED'));
    const snapshot = await flow.idleAfter();
    expect(flow.webauthn.calls).toEqual(['startRegistration', 'cancel', 'startRegistration']);
    expect(snapshot.context.error).toBeUndefined();
    expect(snapshot.context.registered).toEqual(PASSKEY);
    expect(flow.requests.filter((request) => request.method === 'POST').map((request) => (request.body as { alias: string }).alias)).toEqual(['Second']);
  });
});

describe('passkeyManagerMachine: list, rename, delete', () => {
  it('default: load → rename → delete keep the list in step', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.load' });
    expect((await flow.idleAfter()).context.passkeys).toEqual([PASSKEY]);
    flow.actor.send({ type: 'user.rename', id: 'pk-1', alias: ' Phone ' });
    expect((await flow.idleAfter()).context.passkeys).toEqual([{ ...PASSKEY, alias: 'Phone', updatedAt: '2026-01-02T00:00:00.000Z' }]);
    expect(flow.requests.at(-1)?.body).toEqual({ id: 'pk-1', alias: 'Phone' });
    flow.actor.send({ type: 'user.delete', id: 'pk-1' });
    expect((await flow.idleAfter()).context.passkeys).toEqual([]);
    expect(flow.requests.at(-1)?.body).toEqual({ id: 'pk-1' });
  });

  it('error: an empty or too long alias is refused before any request', async () => {
    const flow = await setup();
    for (const alias of ['', '   ', 'x'.repeat(65)]) {
      flow.actor.send({ type: 'user.rename', id: 'pk-1', alias });
      expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_request', path: 'alias', message: 'Enter a name of 1 to 64 characters.' });
    }
    expect(flow.requests).toHaveLength(0);
  });

  it('error: not_found on rename and delete; unauthorized on load', async () => {
    const flow = await setup(undefined, {
      'PUT /users/passkeys': () => errorBody(404, 'not_found', 'Passkey not found.'),
      'DELETE /users/passkeys': () => errorBody(404, 'not_found', 'Passkey not found.'),
      'GET /users/passkeys': () => errorBody(401, 'unauthorized', 'A bearer token is required.'),
    });
    flow.actor.send({ type: 'user.rename', id: 'gone', alias: 'x' });
    expect((await flow.idleAfter()).context.error?.code).toBe('not_found');
    flow.actor.send({ type: 'user.delete', id: 'gone' });
    expect((await flow.idleAfter()).context.error?.code).toBe('not_found');
    flow.actor.send({ type: 'user.load' });
    expect((await flow.idleAfter()).context.error?.code).toBe('unauthorized');
  });
});
