import type { ProjectSettings } from '@latchkey/protocol';
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, fakeUser, routeTable } from '../../../test/fakeFetch.js';
import { loadContract } from '../../contract/loadContract.js';
import { createEmitter, type LatchkeyEvents } from '../../events/createEmitter.js';
import { createLogger } from '../../logger/createLogger.js';
import { createSettingsStore } from '../../settings/createSettingsStore.js';
import { createMemoryStorage } from '../../storage/createMemoryStorage.js';
import { createStore } from '../../storage/createStore.js';
import { createApi } from '../../transport/createApi.js';
import { createTransport } from '../../transport/createTransport.js';
import { getSessionStatus, sessionMachine, type SessionActorRef } from './sessionMachine.js';

const HOUR = 60 * 60_000;
const contract = await loadContract();
const team = { name: 'team', label: 'Team', type: 'custom', required: true, enabled: true, position: 0, validationType: 'text' };
const nickname = { ...team, name: 'nickname', required: false };
const projectSettings = (fields: unknown[]) => ({ kyc: [], customFields: fields, general: {} }) as unknown as ProjectSettings;

function setup(fields: unknown[], options: { settingsFail?: boolean; settingsGate?: Promise<void>; unloaded?: boolean } = {}) {
  const fake = createFakeFetch(routeTable({}));
  let actor: SessionActorRef | undefined;
  const transport = createTransport({
    apiBaseUrl: API_BASE_URL,
    environmentId: ENVIRONMENT_ID,
    fetch: fake.fetch,
    getJwt: () => actor?.getSnapshot().context.jwt,
    loadContract: () => Promise.resolve(contract),
  });
  const events = createEmitter<LatchkeyEvents>();
  const settings = createSettingsStore({
    fetchSettings: async () => {
      await options.settingsGate;
      if (options.settingsFail) throw new Error('offline');
      return projectSettings(fields);
    },
  });
  const store = createStore({ adapter: createMemoryStorage({}), namespace: 'latchkey:test:', events });
  actor = createActor(sessionMachine, {
    input: { deps: { api: createApi({ transport }), store, events, logger: createLogger({ level: 'MUTE', console: false }), now: Date.now, settings } },
  });
  // As the Provider does on mount: the settings are on their way before anyone signs in.
  if (!options.unloaded) settings.load().catch(() => undefined);
  actor.start();
  const status = () => getSessionStatus(actor.getSnapshot());
  const until = (wanted: string) => waitFor(actor, (snapshot) => getSessionStatus(snapshot) === wanted, { timeout: 2000 });
  return { actor, status, until, settings };
}

const missing = (...entries: Array<[string, boolean]>) => ({ missingFields: entries.map(([name, required]) => ({ name, required })) });

describe('sessionMachine: onboarding', () => {
  it('behavior: a required profile field missing → onboarding (not signedIn) until the user is updated with it', async () => {
    const { actor, until, status } = setup([team]);
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + HOUR, missing(['team', true])) });
    await until('onboarding');
    expect(actor.getSnapshot().context.user?.id).toBe('user-1');
    expect(actor.getSnapshot().context.jwt).toBeDefined();
    actor.send({ type: 'server.userUpdated', user: fakeUser({ metadata: { team: 'Red' }, missingFields: [] }) });
    await until('signedIn');
    expect(status()).toBe('signedIn');
  });

  it('default: only optional fields missing → signedIn (optional fields never hold the session back)', async () => {
    const { actor, until } = setup([nickname]);
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + HOUR, missing(['nickname', false])) });
    await until('signedIn');
  });

  it('behavior: never signedIn while the settings that decide are loading; onboarding once they arrive', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { actor, until } = setup([team], { settingsGate: gate });
    await until('signedOut');
    const seen = new Set<string>();
    actor.subscribe((snapshot) => seen.add(getSessionStatus(snapshot)));
    actor.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + HOUR, missing(['team', true])) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    release();
    await until('onboarding');
    expect(seen.has('signedIn')).toBe(false);
  });

  it('default: settings nobody asked for are not waited on → signedIn at once', async () => {
    const { actor, until, status, settings } = setup([team], { unloaded: true });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + HOUR, missing(['team', true])) });
    expect(status()).toBe('signedIn');
    expect(settings.get().status).toBe('idle');
  });

  it('behavior: settings loaded after the sign-in (a restore before the Provider asked) turn it to onboarding', async () => {
    const { actor, until, settings } = setup([team], { unloaded: true });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + HOUR, missing(['team', true])) });
    await until('signedIn');
    await settings.load();
    await until('onboarding');
  });

  it('error: settings that cannot load do not lock the user out → signedIn', async () => {
    const { actor, until } = setup([team], { settingsFail: true });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + HOUR, missing(['team', true])) });
    await until('signedIn');
  });

  it('behavior: signing out from onboarding → signedOut', async () => {
    const { actor, until } = setup([team]);
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + HOUR, missing(['team', true])) });
    await until('onboarding');
    actor.send({ type: 'user.signOut' });
    await until('signedOut');
  });
});
