import { MPC_SOCKET_ERRORS } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { createWallet, mpcSession, openSocket } from '../../test/mpcTestClient.js';
import { withRaceSandbox } from '../../test/postgresLocks.js';

/**
 * A user has at most one MPC wallet per chain: a key generation that ends when the user already has one is refused
 * (`room_closed`) and stores nothing. On PostgreSQL two ceremonies of one user can end at once, each finding no
 * wallet; the test holds the wallets table so both get as far as their write.
 */
describe('PostgreSQL: two MPC key generations of one user end at once', () => {
  it('error: one wallet is created; the other ceremony is closed (room_closed), not an internal error', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const session = await mpcSession(t, `keygen-race-${Date.now()}@example.com`);
      const other = { jwt: session.jwt, socket: await openSocket(t.sandbox.info.mpcSocketUrl) };
      await other.socket.call('rpc.login', { jwt: session.jwt });
      try {
        await hold('LOCK TABLE mpc_wallets IN SHARE MODE');
        const outcome = (created: Promise<unknown>) =>
          created.then(
            () => 'created',
            (error: { code?: number }) => error.code,
          );
        const creating = [outcome(createWallet(t, session, 'TWO_OF_TWO')), outcome(createWallet(t, other, 'TWO_OF_TWO'))];
        await waitForWaiters(2);
        await release();
        expect((await Promise.all(creating)).map(String).sort()).toEqual([String(MPC_SOCKET_ERRORS.room_closed), 'created'].sort());
        const user = (await t.call('GET', '/users', { token: session.jwt })).body.user;
        expect(user.verifiedCredentials.filter((credential: { wallet_provider?: string }) => credential.wallet_provider === 'embeddedWallet')).toHaveLength(1);
      } finally {
        session.socket.close();
        other.socket.close();
      }
    });
  });
});
