import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The network address the request came from (the socket's peer: a forwarded-for header is not trusted, since the
 * sandbox is reached directly). `undefined` when the request did not come through a socket (in-process calls).
 */
export function clientAddressOf(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address ?? undefined;
  } catch {
    return undefined;
  }
}
