import type { RouteName } from '@latchkey/protocol';
import { routeInfo } from '@latchkey/protocol/routeInfo';
import type { LatchkeyError } from '../errors/LatchkeyError.js';
import { toLatchkeyError } from '../errors/toLatchkeyError.js';
import type { Logger } from '../logger/createLogger.js';
import type { Transport } from './createTransport.js';

/** The product API as the rest of the kit sees it: every failure is a `LatchkeyError`. */
export interface Api {
  request: Transport;
}

export interface ApiConfig {
  transport: Transport;
  logger?: Pick<Logger, 'debug'>;
  /** Called with every failure, e.g. so the session can react to a rejected token. */
  onError?: (error: LatchkeyError, route: RouteName) => void;
}

/** The error layer over the transport: a thrown `Response`, network or validation failure becomes a `LatchkeyError`. */
export function createApi(config: ApiConfig): Api {
  const request = (async (name: RouteName, ...args: [never]) => {
    const { method, path } = routeInfo[name];
    try {
      const result: unknown = await config.transport(name, ...args);
      config.logger?.debug(`${method} ${path} ok`);
      return result;
    } catch (thrown) {
      const error = await toLatchkeyError(thrown);
      config.logger?.debug(`${method} ${path} failed`, { error });
      config.onError?.(error, name);
      throw error;
    }
  }) as Transport;
  return { request };
}

/** What an action needs from a client. */
export interface ApiClient {
  api: Api;
}
