import type { WalletCatalogue } from '@latchkey/protocol';
import { CATALOGUE_FETCH_RETRIES, CATALOGUE_FETCH_TIMEOUT_MS } from '@latchkey/protocol/constants';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { Logger, Timers } from '../../logger/createLogger.js';
import { retry } from '../../retry/retry.js';
import { defaultWalletCatalogue } from '../../wallets/catalogue/defaultWalletCatalogue.js';
import { parseWalletCatalogue } from '../../wallets/catalogue/parseWalletCatalogue.js';

export interface WalletCatalogueInput {
  /** The remote catalogue (a static-assets URL); without one the bundled default stays. */
  url?: string | undefined;
  fetch?: typeof fetch | undefined;
  logger?: Pick<Logger, 'warn'> | undefined;
  /** The catalogue used at once (default: the bundled one). */
  defaultCatalogue?: unknown;
  /** Timers for the tries' timeouts (default the global ones; a `SimulatedClock` in tests). */
  timers?: Timers | undefined;
}

export interface WalletCatalogueContext {
  url: string | undefined;
  fetch: typeof fetch | undefined;
  logger: Pick<Logger, 'warn'> | undefined;
  timers: Timers | undefined;
  catalogue: WalletCatalogue;
  source: 'default' | 'remote';
  /** Tries made (the first one included): `CATALOGUE_FETCH_TRIES` once they all failed. */
  tries: number;
  error: LatchkeyError | undefined;
}

/** Tries in all: the first plus `CATALOGUE_FETCH_RETRIES` retries (SPEC §7). */
export const CATALOGUE_FETCH_TRIES = 1 + CATALOGUE_FETCH_RETRIES;

async function fetchCatalogue({ url, fetchImpl, logger, signal }: { url: string; fetchImpl: typeof fetch; logger: Pick<Logger, 'warn'> | undefined; signal: AbortSignal }): Promise<WalletCatalogue> {
  let response: Response;
  try {
    // One cross-origin GET, no credentials (SPEC §7).
    response = await fetchImpl(url, { method: 'GET', mode: 'cors', credentials: 'omit', signal, headers: { accept: 'application/json' } });
  } catch (error) {
    throw new LatchkeyError(signal.aborted ? 'aborted' : 'network_error', { cause: error });
  }
  if (!response.ok) throw new LatchkeyError('invalid_response', { status: response.status });
  let document: unknown;
  try {
    document = await response.json();
  } catch (error) {
    throw new LatchkeyError('invalid_response', { cause: error });
  }
  const catalogue = parseWalletCatalogue(document, logger);
  // A catalogue without one usable wallet (none listed, or every entry dropped) would leave an empty list: a failed try.
  if (!catalogue || Object.keys(catalogue.wallets).length === 0) throw new LatchkeyError('invalid_response');
  return catalogue;
}

/**
 * The wallet catalogue (SPEC §4, §7): the bundled default at once; the remote one replaces it when a fetch
 * succeeds with at least one usable wallet (a catalogue with none is `invalid_response`, like a malformed one). The
 * fetch goes through the generic retry helper (`retry`, SPEC §9) with the catalogue's numbers: each try gets
 * `CATALOGUE_FETCH_TIMEOUT_MS` (30000 ms), a failed or timed-out try is retried up to `CATALOGUE_FETCH_RETRIES` (3)
 * times, then the default stays.
 */
export const walletCatalogueMachine = setup({
  types: {
    context: {} as WalletCatalogueContext,
    input: {} as WalletCatalogueInput,
    tags: {} as 'busy',
  },
  actors: {
    fetchCatalogue: fromPromise<WalletCatalogue, { url: string; fetch: typeof fetch | undefined; logger: Pick<Logger, 'warn'> | undefined; timers: Timers | undefined }>(
      ({ input, signal }) =>
        retry(({ signal: trySignal }) => fetchCatalogue({ url: input.url, fetchImpl: input.fetch ?? globalThis.fetch.bind(globalThis), logger: input.logger, signal: trySignal }), {
          retries: CATALOGUE_FETCH_RETRIES,
          timeoutMs: CATALOGUE_FETCH_TIMEOUT_MS,
          signal,
          ...(input.timers ? { timers: input.timers } : {}),
        }),
    ),
  },
  actions: {
    assignRemote: assign((_, params: { catalogue: WalletCatalogue }) => ({ catalogue: params.catalogue, source: 'remote' as const, error: undefined, tries: 1 })),
    assignFailure: assign((_, params: { error: unknown }) => {
      // 'Max retries reached' carries the last try's failure: that is what the context keeps.
      const error = toLatchkeyErrorSync(params.error);
      return { error: error.code === 'max_retries_reached' && error.cause !== undefined ? toLatchkeyErrorSync(error.cause) : error, tries: CATALOGUE_FETCH_TRIES };
    }),
    warnFallback: ({ context }) => context.logger?.warn(`The wallet catalogue could not be loaded after ${context.tries} tries; using the bundled one.`, { error: context.error?.code }),
  },
  guards: {
    hasUrl: ({ context }) => context.url !== undefined,
  },
}).createMachine({
  id: 'walletCatalogue',
  context: ({ input }) => ({
    url: input.url,
    fetch: input.fetch,
    logger: input.logger,
    timers: input.timers,
    catalogue: parseWalletCatalogue(input.defaultCatalogue ?? defaultWalletCatalogue, input.logger) ?? { groups: {}, wallets: {} },
    source: 'default',
    tries: 0,
    error: undefined,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasUrl', target: 'fetching' }, { target: 'fallback' }] },
    fetching: {
      tags: ['busy'],
      invoke: {
        src: 'fetchCatalogue',
        input: ({ context }) => ({ url: context.url as string, fetch: context.fetch, logger: context.logger, timers: context.timers }),
        onDone: { target: 'remote', actions: { type: 'assignRemote', params: ({ event }) => ({ catalogue: event.output }) } },
        onError: { target: 'fallback', actions: [{ type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'warnFallback'] },
      },
    },
    remote: {},
    fallback: {},
  },
});

export type WalletCatalogueActorRef = ActorRefFrom<typeof walletCatalogueMachine>;
export type WalletCatalogueSnapshot = SnapshotFrom<typeof walletCatalogueMachine>;
export type WalletCatalogueStatus = 'loading' | 'remote' | 'default';

export function walletCatalogueStatus(snapshot: WalletCatalogueSnapshot): WalletCatalogueStatus {
  if (snapshot.matches('remote')) return 'remote';
  if (snapshot.matches('fallback')) return 'default';
  return 'loading';
}
