import { SimulatedClock, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_BASE_URL,
  createFakeFetch,
  ENVIRONMENT_ID,
  errorBody,
  fakeSignIn,
  fakeUser,
  json,
  routeTable,
  type FakeHandler,
} from '../../test/fakeFetch.js';
import { getUser } from '../actions/getUser.js';
import { updateUser } from '../actions/updateUser.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import { createLatchkeyClient, type LatchkeyClient, type LatchkeyClientConfig } from './createLatchkeyClient.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

function make(handlers: Record<string, FakeHandler> = {}, config: Partial<LatchkeyClientConfig> = {}) {
  const fake = createFakeFetch(routeTable(handlers));
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: createMemoryStorage(),
    console: false,
    sendLogs: false,
    ...config,
  });
  clients.push(client);
  const until = (status: string) => waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === status);
  return { client, requests: fake.requests, until };
}

const settingsBody = (environmentName: 'sandbox' | 'live') => ({
  environmentName,
  design: {},
  general: {},
  kyc: [],
  customFields: [],
  privacy: { collectIp: false },
  providers: [],
  security: {},
  sdk: {},
});

describe('createLatchkeyClient', () => {
  it('default: holds api, storage, logger, events, settings, a started session and the WebAuthn loader', async () => {
    const { client, until } = make();
    expect(Object.keys(client).sort()).toEqual(
      ['api', 'apiBaseUrl', 'captcha', 'destroy', 'environmentId', 'events', 'logger', 'session', 'settings', 'storage', 'webauthn'].sort(),
    );
    await until('signedOut');
  });

  it('error: a missing environment id or a bad apiBaseUrl is refused', () => {
    expect(() => createLatchkeyClient({ environmentId: ' ', apiBaseUrl: API_BASE_URL })).toThrow(
      expect.objectContaining({ code: 'missing_environment_id', message: 'The environmentId setting is missing.' }),
    );
    expect(() => createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: 'ftp://example.com' })).toThrow(
      expect.objectContaining({ code: 'invalid_config', message: 'Invalid Latchkey configuration: apiBaseUrl must be an http(s) URL' }),
    );
    expect(() => createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: 'not a url' })).toThrow(
      expect.objectContaining({ code: 'invalid_config' }),
    );
  });

  it('behavior: two clients share nothing (storage, events, sessions)', async () => {
    const storage = createMemoryStorage();
    const a = make({}, { storage });
    const b = make({}, { environmentId: 'another-environment', storage });
    await a.until('signedOut');
    await b.until('signedOut');
    const heard = vi.fn();
    b.client.events.on('auth.signedIn', heard);
    a.client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) });
    expect(getSessionStatus(a.client.session.getSnapshot())).toBe('signedIn');
    expect(getSessionStatus(b.client.session.getSnapshot())).toBe('signedOut');
    expect(heard).not.toHaveBeenCalled();
    expect(storage.getItem(`latchkey:${ENVIRONMENT_ID}:auth`)).not.toBeNull();
    expect(storage.getItem('latchkey:another-environment:auth')).toBeNull();
  });

  it('behavior: settings load once; the log level follows environmentName unless given', async () => {
    const { client, requests } = make({ 'GET /settings': () => json(200, settingsBody('sandbox')) });
    expect(client.logger.getLevel()).toBe('WARN');
    await Promise.all([client.settings.load(), client.settings.load()]);
    expect(requests.filter((r) => r.url.pathname.endsWith('/settings'))).toHaveLength(1);
    expect(client.settings.get().settings?.environmentName).toBe('sandbox');
    expect(client.logger.getLevel()).toBe('DEBUG');

    const live = make({ 'GET /settings': () => json(200, settingsBody('live')) }, { production: false });
    await live.client.settings.load();
    expect(live.client.logger.getLevel()).toBe('DEBUG');
    const fixed = make({ 'GET /settings': () => json(200, settingsBody('sandbox')) }, { logLevel: 'ERROR' });
    await fixed.client.settings.load();
    expect(fixed.client.logger.getLevel()).toBe('ERROR');
  });

  it('error: settings that fail validation leave the store failed with invalid_response', async () => {
    const { client } = make({ 'GET /settings': () => json(200, { environmentName: 'staging' }) });
    await expect(client.settings.load()).rejects.toMatchObject({ code: 'invalid_response' });
    expect(client.settings.get().status).toBe('failed');
  });

  it("behavior: cookie storage makes requests send credentials: 'include'", async () => {
    const { client, requests } = make({ 'GET /settings': () => json(200, settingsBody('live')) }, { storage: 'cookie' });
    await client.settings.load();
    expect(requests[0]?.credentials).toBe('include');
  });

  it('behavior: actions use the session token; a 401 on a bearer route expires the session', async () => {
    let refuse = false;
    const { client, requests, until } = make({
      'GET /users': () => (refuse ? errorBody(401, 'session_expired', 'Session expired') : json(200, { user: fakeUser({ firstName: 'Ada' }) })),
      'PUT /users': (request) => json(200, { user: fakeUser(request.body as Record<string, unknown>) }),
    });
    await until('signedOut');
    const response = fakeSignIn(Date.now() + 3_600_000);
    client.session.send({ type: 'server.signedIn', response });
    expect((await getUser(client)).firstName).toBe('Ada');
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${response.jwt}`);

    const updated = await updateUser(client, { firstName: 'Grace' });
    expect(updated.firstName).toBe('Grace');
    expect(client.session.getSnapshot().context.user?.firstName).toBe('Grace');

    refuse = true;
    await expect(getUser(client)).rejects.toMatchObject({ code: 'session_expired', status: 401 });
    await until('expired');
  });

  it('behavior: a SimulatedClock drives the session timers and its now', async () => {
    const clock = new SimulatedClock();
    const start = Date.UTC(2026, 0, 1);
    clock.set(start);
    const { client, until } = make({}, { clock });
    await until('signedOut');
    client.session.send({ type: 'server.signedIn', response: fakeSignIn(start + 120_000) });
    clock.set(start + 119_999);
    clock.set(start + 120_000);
    await until('expired');
  });

  it('behavior: log records are batched to POST /logs keyed by environment id', async () => {
    const logs: unknown[] = [];
    const { client, requests } = make(
      { 'POST /logs': (request) => (logs.push(request.body), json(200, { ok: true })) },
      { sendLogs: true, logLevel: 'INFO', logFlushIntervalMs: 60_000 },
    );
    client.logger.info('hello', { jwt: 'secret.jwt.value' });
    await client.logger.flush();
    expect(logs).toEqual([{ logs: [expect.objectContaining({ level: 'INFO', message: 'hello', meta: { jwt: '[redacted]' } })] }]);
    expect(requests.map((r) => r.url.pathname)).toEqual([`/api/v0/sdk/${ENVIRONMENT_ID}/logs`]);
  });

  it('behavior: destroy stops the session', async () => {
    const { client, until } = make();
    await until('signedOut');
    await client.destroy();
    expect(client.session.getSnapshot().status).toBe('stopped');
  });
});
