import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerOnlyLoopbackHosts } from './hostGuard.js';

/**
 * Listens on `host:port` and resolves with the bound port; rejects with the listen error (e.g. EADDRINUSE). Every
 * sandbox server listens here, so each answers only requests addressed to a loopback name (hostGuard.ts).
 */
export function listen(server: Server, port: number, host: string): Promise<number> {
  answerOnlyLoopbackHosts(server);
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Listens on the planned port (the sandbox's layout: API + n), or on any free one when that one is taken;
 * resolves with the port it got (GET /sandbox/info tells clients where).
 */
export async function listenPreferring(server: Server, port: number, host: string): Promise<number> {
  try {
    return await listen(server, port, host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error;
    return listen(server, 0, host);
  }
}

/** Stops listening and drops open connections (keep-alive sockets would hold the close otherwise). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
