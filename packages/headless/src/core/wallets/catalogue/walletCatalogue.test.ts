import { CATALOGUE_FETCH_TIMEOUT_MS } from '@latchkey/protocol/constants';
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { defaultWalletCatalogue } from './defaultWalletCatalogue.js';
import { parseWalletCatalogue } from './parseWalletCatalogue.js';
import { CATALOGUE_FETCH_TRIES, walletCatalogueMachine, walletCatalogueStatus } from '../../machines/walletCatalogue/walletCatalogueMachine.js';

const remote = {
  groups: { glow: { key: 'glow', name: 'Glow' } },
  wallets: { glow: { name: 'Glow', group: 'glow', desktop: { chromeId: 'ojbcfhjmpigfobfclfflafhblgemeidi' } } },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function warnings() {
  const warn = vi.fn<(message: string) => void>();
  return { logger: { warn }, warn };
}

describe('parseWalletCatalogue (SPEC §5)', () => {
  it('default: the bundled catalogue is valid in full', () => {
    const { logger, warn } = warnings();
    const catalogue = parseWalletCatalogue(defaultWalletCatalogue, logger);
    expect(Object.keys(catalogue?.wallets ?? {}).sort()).toEqual(['backpacksol', 'coinbasesolana', 'phantom', 'phantomledger', 'solflare', 'trustsolana']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('error: invalid entries are dropped with a warning, the rest stays', () => {
    const { logger, warn } = warnings();
    const catalogue = parseWalletCatalogue(
      {
        groups: { a: { key: 'a', name: 'A' } },
        wallets: {
          good: { name: 'Good', group: 'a' },
          badchrome: { name: 'Bad', desktop: { chromeId: 'NOTANID' } },
          badios: { name: 'Bad', mobile: { iosId: '1598432977' } },
          ethlocator: { name: 'Eth', injectedConfig: [{ chain: 'SOL', extensionLocators: [], windowLocations: ['window.ethereum'] }] },
          badexperience: { name: 'Bad', mobile: { experience: 'popup' } },
          nogroup: { name: 'Lost', group: 'missing' },
          'Bad-Key': { name: 'Key' },
        },
      },
      logger,
    );
    expect(Object.keys(catalogue?.wallets ?? {})).toEqual(['good']);
    const messages = warn.mock.calls.map(([message]) => message);
    expect(messages).toHaveLength(6);
    expect(messages.find((message) => message.includes('"badchrome"'))).toContain('desktop.chromeId');
    expect(messages.find((message) => message.includes('"badios"'))).toContain('mobile.iosId');
    expect(messages.find((message) => message.includes('"ethlocator"'))).toContain('default ethereum locators');
    expect(messages.find((message) => message.includes('"badexperience"'))).toContain('mobile.experience');
  });

  it('error: a document that is not a catalogue', () => {
    expect(parseWalletCatalogue('nope')).toBeUndefined();
    expect(parseWalletCatalogue({ wallets: [] })).toBeUndefined();
  });
});

describe('walletCatalogueMachine (SPEC §7: 3 retries, 30000 ms per try)', () => {
  it('default: starts with the bundled catalogue, then the remote one replaces it', async () => {
    let resolve: (response: Response) => void = () => {};
    const fetchImpl = vi.fn(() => new Promise<Response>((done) => (resolve = done)));
    const actor = createActor(walletCatalogueMachine, { input: { url: 'https://assets.example/catalogue.json', fetch: fetchImpl as typeof fetch } }).start();
    expect(walletCatalogueStatus(actor.getSnapshot())).toBe('loading');
    expect(Object.keys(actor.getSnapshot().context.catalogue.wallets)).toContain('phantom');
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    resolve(json(remote));
    await waitFor(actor, (snapshot) => snapshot.matches('remote'));
    expect(Object.keys(actor.getSnapshot().context.catalogue.wallets)).toEqual(['glow']);
    expect(actor.getSnapshot().context.source).toBe('remote');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('behavior: without a URL the bundled catalogue stays and nothing is fetched', () => {
    const actor = createActor(walletCatalogueMachine, { input: {} }).start();
    expect(walletCatalogueStatus(actor.getSnapshot())).toBe('default');
  });

  it('behavior: a timed-out try is retried; after 3 retries the default stays (the retry helper on a simulated clock)', async () => {
    const clock = new SimulatedClock();
    const signals: AbortSignal[] = [];
    const fetchImpl = vi.fn((_url: string, init?: RequestInit) => {
      signals.push(init?.signal as AbortSignal);
      return new Promise<Response>(() => {});
    });
    const { logger, warn } = warnings();
    const settle = async () => {
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    };
    const actor = createActor(walletCatalogueMachine, { input: { url: 'https://assets.example/c.json', fetch: fetchImpl as typeof fetch, logger, timers: clock } }).start();
    await settle();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    clock.increment(CATALOGUE_FETCH_TIMEOUT_MS - 1);
    await settle();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await settle();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(signals[0]?.aborted).toBe(true);
    clock.increment(CATALOGUE_FETCH_TIMEOUT_MS);
    await settle();
    clock.increment(CATALOGUE_FETCH_TIMEOUT_MS);
    await settle();
    expect(fetchImpl).toHaveBeenCalledTimes(CATALOGUE_FETCH_TRIES);
    expect(CATALOGUE_FETCH_TRIES).toBe(4);
    expect(walletCatalogueStatus(actor.getSnapshot())).toBe('loading');
    clock.increment(CATALOGUE_FETCH_TIMEOUT_MS);
    await waitFor(actor, (snapshot) => snapshot.matches('fallback'));
    expect(walletCatalogueStatus(actor.getSnapshot())).toBe('default');
    expect(actor.getSnapshot().context.error?.code).toBe('timeout');
    expect(Object.keys(actor.getSnapshot().context.catalogue.wallets)).toContain('phantom');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('after 4 tries');
    clock.increment(10 * CATALOGUE_FETCH_TIMEOUT_MS);
    await settle();
    expect(fetchImpl).toHaveBeenCalledTimes(CATALOGUE_FETCH_TRIES);
  });

  it('behavior: failed tries are retried and a later success still replaces the default', async () => {
    const answers = [Promise.reject(new TypeError('offline')), Promise.resolve(json({ error: 'x' }, 500)), Promise.resolve(json(remote))];
    const fetchImpl = vi.fn(() => answers.shift() as Promise<Response>);
    const actor = createActor(walletCatalogueMachine, { input: { url: 'https://assets.example/c.json', fetch: fetchImpl as typeof fetch } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('remote'));
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it.each([
    ['no wallets at all', { wallets: {} }],
    ['only invalid entries', { groups: {}, wallets: { phantom: { name: 42 }, solflare: 'nope', 'Bad-Key': { name: 'Key' } } }],
  ])('error: a 200 catalogue with %s counts as a failed fetch (invalid_response) → the bundled default stays', async (_, body) => {
    const { logger, warn } = warnings();
    const fetchImpl = vi.fn(async () => json(body));
    const actor = createActor(walletCatalogueMachine, { input: { url: 'https://assets.example/c.json', fetch: fetchImpl as typeof fetch, logger } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('fallback'));
    expect(walletCatalogueStatus(actor.getSnapshot())).toBe('default');
    expect(fetchImpl).toHaveBeenCalledTimes(CATALOGUE_FETCH_TRIES);
    expect(actor.getSnapshot().context.error?.code).toBe('invalid_response');
    expect(Object.keys(actor.getSnapshot().context.catalogue.wallets).sort()).toEqual(Object.keys(parseWalletCatalogue(defaultWalletCatalogue)?.wallets ?? {}).sort());
    expect(warn.mock.calls.at(-1)?.[0]).toContain('using the bundled one');
  });

  it('behavior: one usable entry among invalid ones is enough: the remote catalogue replaces the default', async () => {
    const fetchImpl = vi.fn(async () => json({ ...remote, wallets: { ...remote.wallets, broken: { name: 42 } } }));
    const actor = createActor(walletCatalogueMachine, { input: { url: 'https://assets.example/c.json', fetch: fetchImpl as typeof fetch, logger: warnings().logger } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('remote'));
    expect(Object.keys(actor.getSnapshot().context.catalogue.wallets)).toEqual(['glow']);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('error: every try fails (bad JSON shape) → the default stays', async () => {
    const fetchImpl = vi.fn(async () => json({ nothing: true }));
    const actor = createActor(walletCatalogueMachine, { input: { url: 'https://assets.example/c.json', fetch: fetchImpl as typeof fetch } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('fallback'));
    expect(fetchImpl).toHaveBeenCalledTimes(CATALOGUE_FETCH_TRIES);
    expect(actor.getSnapshot().context.error?.code).toBe('invalid_response');
    expect(actor.getSnapshot().context.source).toBe('default');
  });
});
