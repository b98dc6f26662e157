import { SimulatedClock } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { WebSocketConstructor } from '../machines/socket/socketMachine.js';
import { createSocketClient } from '../socket/createSocketClient.js';
import { connectMpcSocket } from './mpcSocketRpc.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('connectMpcSocket', () => {
  it('error: a server that opens the socket and never answers the login → socket_reply_timeout after 30 s (the ceremony restarts on it), not connecting for good', async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.on('listening', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const clock = new SimulatedClock();
    const socket = createSocketClient({ url: `ws://127.0.0.1:${(server.address() as { port: number }).port}`, WebSocket: WebSocket as unknown as WebSocketConstructor, clock });
    cleanups.push(() => socket.close());
    await vi.waitFor(() => expect(socket.getStatus()).toBe('ready'), { timeout: 5000 });
    const connecting = connectMpcSocket(socket, 'a.jwt.token');
    const outcome = connecting.then(
      () => 'connected',
      (error: unknown) => error,
    );
    await vi.waitFor(() => expect(server.clients.size).toBe(1));
    clock.increment(29_999);
    await Promise.resolve();
    clock.increment(1);
    expect(await outcome).toMatchObject({ code: 'socket_reply_timeout' });
  });
});
