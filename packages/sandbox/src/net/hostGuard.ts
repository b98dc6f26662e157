import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { isLoopbackHost } from '@latchkey/protocol';

export const hostGuardMessages = {
  foreignHost: 'The sandbox answers only requests addressed to a loopback name (127.0.0.1, localhost, [::1]).',
} as const;

/**
 * The name a request was addressed to (its Host header without the port), lower-cased; `undefined` without one.
 * `[::1]:4010` → `[::1]`, `LOCALHOST:4010` → `localhost`.
 */
export function requestHostName(host: string | undefined): string | undefined {
  if (host === undefined || host === '') return undefined;
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1 || undefined);
  return lower.split(':')[0];
}

/** Loopback names: those `isLoopbackHost` knows, and `*.localhost`, which browsers resolve to loopback themselves. */
export function isLoopbackHostName(name: string): boolean {
  return isLoopbackHost(name) || name.endsWith('.localhost');
}

const GUARDED = Symbol('latchkey.hostGuard');

/**
 * DNS rebinding: a page on another site, whose name its owner points at 127.0.0.1 once the page has loaded, reaches a
 * server on loopback as its own origin — same-origin, so no CORS rule and no Origin check applies — and could read the
 * inbox's codes, change the project's settings or drive any route. What gives it away is the Host header: the
 * attacker's name. Every sandbox server answers only requests addressed to a loopback name (a request with no Host
 * header, which no browser sends, passes); any other gets 403 `forbidden` before a handler runs, and a websocket
 * upgrade is refused the same way. Checked where the server emits the request, so listeners added later (the MPC
 * socket's upgrade) are covered too.
 */
export function answerOnlyLoopbackHosts(server: Server): void {
  const marked = server as Server & { [GUARDED]?: true };
  if (marked[GUARDED]) return;
  marked[GUARDED] = true;
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'request' || event === 'upgrade') {
      const name = requestHostName((args[0] as IncomingMessage).headers.host);
      if (name !== undefined && !isLoopbackHostName(name)) {
        if (event === 'request') refuseRequest(args[1] as ServerResponse);
        else refuseUpgrade(args[1] as Duplex);
        return true;
      }
    }
    return emit(event, ...args);
  }) as Server['emit'];
}

function refuseRequest(response: ServerResponse): void {
  const body = JSON.stringify({ error: { code: 'forbidden', message: hostGuardMessages.foreignHost } });
  response.writeHead(403, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
  response.end(body);
}

function refuseUpgrade(socket: Duplex): void {
  socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
}
