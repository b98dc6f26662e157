import { Socket } from 'node:net';
import { describe, expect, inject, it } from 'vitest';

/**
 * On PostgreSQL every write to the server is a system call here and a wakeup of a server process there: on a small
 * machine under load, their number is what an e-mail sign-in costs (bench:load). Each request sends its statements in
 * as few writes as its round trips need: `create` one (the send limits' locks, the one statement, COMMIT), the inbox
 * one, `signin` two (BEGIN, the verification's lock, the access list's probe and the identity; then the code marked
 * used, the session and the user, COMMIT).
 */
describe('PostgreSQL storage: writes per e-mail sign-in', () => {
  it('behavior: create is one write to the server, the inbox one, signin two', async () => {
    const { startTestSandbox } = await import('../../test/testSandbox.js');
    const url = inject('sandboxPostgresUrl');
    if (!url) throw new Error('The PostgreSQL run provides sandboxPostgresUrl.');
    const port = Number(new URL(url).port);
    const t = await startTestSandbox();
    const writes = { count: 0 };
    const socket = Socket.prototype as unknown as Record<'_write' | '_writev', (this: Socket, ...args: unknown[]) => unknown>;
    const original = { _write: socket._write, _writev: socket._writev };
    for (const method of ['_write', '_writev'] as const) {
      socket[method] = function (this: Socket, ...args: unknown[]) {
        if (this.remotePort === port) writes.count += 1;
        return original[method].apply(this, args);
      };
    }
    const counted = async <T>(request: () => Promise<T>): Promise<[T, number]> => {
      const before = writes.count;
      const result = await request();
      return [result, writes.count - before];
    };
    try {
      // Warm: the pool's connection is open and the statements are prepared on it.
      for (let index = 0; index < 3; index += 1) await t.signIn(`writes-warm-${index}@example.com`);
      const email = `writes-${Date.now()}@example.com`;
      const [created, createWrites] = await counted(() => t.call('POST', '/emailVerifications/create', { body: { email } }));
      expect(created.status).toBe(200);
      const [[message], inboxWrites] = await counted(() => t.inbox(email));
      const [signedIn, signInWrites] = await counted(() =>
        t.call('POST', '/emailVerifications/signin', { body: { verificationUUID: created.body.verificationUUID, verificationToken: message!.code } }),
      );
      expect(signedIn.status).toBe(200);
      expect({ create: createWrites, inbox: inboxWrites, signin: signInWrites }).toEqual({ create: 1, inbox: 1, signin: 2 });
    } finally {
      Object.assign(socket, original);
      await t.close();
    }
  });
});
