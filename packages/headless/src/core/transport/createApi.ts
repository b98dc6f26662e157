import type { RouteName } from '@latchkey/protocol';
import type { RouteInfo } from '@latchkey/protocol/routeInfo';
import { loadContract, type Contract } from '../contract/loadContract.js';
import type { LatchkeyError } from '../errors/LatchkeyError.js';
import { toLatchkeyErrorLazily } from '../errors/toLatchkeyErrorLazily.js';
import type { Emitter, LatchkeyEvents } from '../events/createEmitter.js';
import type { Logger } from '../logger/createLogger.js';
import type { Transport } from './createTransport.js';

/** The product API as the rest of the kit sees it: every failure is a `LatchkeyError`. */
export interface Api {
  request: Transport;
}

export interface ApiConfig {
  transport: Transport;
  logger?: Pick<Logger, 'debug'>;
  /**
   * Called with every failure, e.g. so the session can react to a rejected token; `info` is the route's method, path
   * and bearer flag (undefined only when the schemas could not be loaded).
   */
  onError?: (error: LatchkeyError, route: RouteName, info: RouteInfo | undefined) => void;
  /** Where the lifecycle moments a request marks go (`auth.signInStarted`, `wallet.linked`…; see `emitRouteMoments`). */
  events?: Pick<Emitter<LatchkeyEvents>, 'emit'>;
}

/** The error layer over the transport: a thrown `Response`, network or validation failure becomes a `LatchkeyError`. */
export function createApi(config: ApiConfig): Api {
  // A route's method and path come from the route table the transport has just used (the lazy contract chunk), so
  // the code that paints first carries no table of its own.
  let contract: Contract | undefined;
  const load = async () => (contract ??= await loadContract().catch(() => undefined));
  const label = (name: RouteName, info: RouteInfo | undefined) => (info ? `${info.method} ${info.path}` : name);
  const { events } = config;
  const request = (async (name: RouteName, ...args: [never]) => {
    // The moments go out only when the contract chunk (which carries their table) is there: it is before any send.
    const moment = (phase: 'start' | 'ok' | 'error', code?: string) => events && contract?.emitRouteMoments(events, name, phase, args[0], code);
    if (events) {
      await load();
      moment('start');
    }
    try {
      const result: unknown = await config.transport(name, ...args);
      const info = (contract ?? (await load()))?.routes[name];
      config.logger?.debug(`${label(name, info)} ok`);
      moment('ok');
      return result;
    } catch (thrown) {
      const error = await toLatchkeyErrorLazily(thrown);
      const info = (contract ?? (await load()))?.routes[name];
      config.logger?.debug(`${label(name, info)} failed`, { error });
      config.onError?.(error, name, info);
      moment('error', error.code);
      throw error;
    }
  }) as Transport;
  return { request };
}

/** What an action needs from a client. */
export interface ApiClient {
  api: Api;
}
