import { ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import { MPC_ROOM_TTL_MS, MPC_SOCKET_ERRORS } from '@latchkey/protocol';
import { encodeRound1, FROST_SIGNERS, identifierOf, startDkg } from '@latchkey/protocol/frost';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_TIMEOUT_MS, MAX_QUEUED_MESSAGES } from '../../http/jsonRpcSocket.js';
import { mpcSession, openSocket } from '../../test/mpcTestClient.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

/** A keygen room (TWO_OF_TWO) of a fresh user, their socket, and a valid first message for it. */
async function keygenRoom(email: string) {
  const session = await mpcSession(t, email);
  const keygenId = `${email}-device`;
  const room = (await t.call('POST', '/waas/create', { token: session.jwt, body: { chain: 'SOL', clientKeygenIds: [keygenId], thresholdSignatureScheme: 'TWO_OF_TWO' } })).body;
  const { round1 } = startDkg([identifierOf(keygenId)], FROST_SIGNERS.TWO_OF_TWO);
  return { ...session, room, keygenId, round1: round1.map(encodeRound1) };
}

describe('MPC socket: transport', () => {
  it('error: not JSON → -32700; a batch or a non-request → -32600; an unknown method → -32601', async () => {
    const socket = await openSocket(t.sandbox.info.mpcSocketUrl);
    expect((await socket.raw('{not json')).error.code).toBe(-32700);
    expect((await socket.raw('[{"jsonrpc":"2.0","method":"rpc.login","id":1}]')).error.code).toBe(-32600);
    expect((await socket.raw('{"jsonrpc":"1.0","method":"x","id":2}')).error).toMatchObject({ code: -32600 });
    expect((await socket.raw('{"jsonrpc":"2.0","method":"keygen.round9","params":{},"id":3}')).error.code).toBe(-32601);
    socket.close();
  });

  it('error: an upgrade from a page of another origin → 403 with an empty body; another path → 404', async () => {
    const { default: WebSocket } = await import('ws');
    const refusal = (url: string, headers: Record<string, string>) =>
      new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
        const ws = new WebSocket(url, { headers });
        ws.once('open', () => reject(new Error('the upgrade was accepted')));
        ws.once('unexpected-response', (_request, response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += String(chunk)));
          response.on('end', () => resolve({ status: response.statusCode, body }));
        });
      });
    const url = t.sandbox.info.mpcSocketUrl;
    expect(await refusal(url, { origin: 'https://evil.example' })).toEqual({ status: 403, body: '' });
    expect(await refusal(url.replace('/waas/socket', '/waas/sockets'), {})).toEqual({ status: 404, body: '' });
    const socket = await openSocket(url);
    expect((await socket.raw('{"jsonrpc":"2.0","method":"nope","id":1}')).error.code).toBe(-32601);
    socket.close();
  });

  it('error: params are checked before the room: a malformed call naming an unknown room → -32602', async () => {
    const { socket } = await mpcSession(t, 'mpc-params-first@example.com');
    await expect(socket.call('keygen.round1', { roomId: '00000000-0000-4000-8000-000000000000', packages: [] })).rejects.toMatchObject({
      code: -32602,
      data: { reason: 'invalid_params', path: 'packages' },
    });
    socket.close();
  });

  it('error: a ceremony call before rpc.login, or a bad token → -32001 unauthenticated', async () => {
    const socket = await openSocket(t.sandbox.info.mpcSocketUrl);
    await expect(socket.call('keygen.round1', { roomId: 'x', packages: [] })).rejects.toMatchObject({ code: MPC_SOCKET_ERRORS.unauthenticated, data: { reason: 'unauthenticated' } });
    await expect(socket.call('rpc.login', { jwt: 'not-a-token' })).rejects.toMatchObject({ code: -32001 });
    socket.close();
  });

  it('error: after the session is revoked, the logged-in socket is refused', async () => {
    const { socket, jwt, room, round1 } = await keygenRoom('mpc-revoked@example.com');
    await t.call('POST', '/revoke', { token: jwt });
    await expect(socket.call('keygen.round1', { roomId: room.roomId, packages: round1 })).rejects.toMatchObject({ code: -32001 });
    socket.close();
  });

  it("error: a user who lost access (blocked since signing in) is refused on a logged-in socket and at login → -32001 'User does not have access'; the session is over", async () => {
    const email = 'mpc-blocked@example.com';
    const { socket, jwt, room, round1 } = await keygenRoom(email);
    try {
      await t.call('PUT', '/sandbox/admin/access-list', { body: { address: email, action: 'block' } });
      await expect(socket.call('keygen.round1', { roomId: room.roomId, packages: round1 })).rejects.toMatchObject({ code: -32001, message: 'User does not have access' });
      const { jwt: later } = await t.signIn('mpc-blocked-later@example.com');
      await t.call('PUT', '/sandbox/admin/access-list', { body: { address: 'mpc-blocked-later@example.com', action: 'block' } });
      const fresh = await openSocket(t.sandbox.info.mpcSocketUrl);
      await expect(fresh.call('rpc.login', { jwt: later })).rejects.toMatchObject({ code: -32001, message: 'User does not have access' });
      fresh.close();
    } finally {
      await t.call('DELETE', '/sandbox/admin/access-list');
    }
    expect((await t.call('GET', '/session', { token: jwt })).status).toBe(401);
    socket.close();
  });

  it('error: params that break the schema → -32602 with the path', async () => {
    const { socket, room } = await keygenRoom('mpc-params@example.com');
    await expect(socket.call('keygen.round1', { roomId: room.roomId, packages: [{ identifier: 'ZZ', commitment: [], proofOfKnowledge: '' }] })).rejects.toMatchObject({
      code: -32602,
      data: { reason: 'invalid_params', path: 'packages[0].identifier' },
    });
    socket.close();
  });
});

describe('MPC socket: rooms', () => {
  it('error: an unknown room → -32002; another user’s room → -32008', async () => {
    const mine = await keygenRoom('mpc-room-owner@example.com');
    const other = await mpcSession(t, 'mpc-room-intruder@example.com');
    await expect(other.socket.call('keygen.round1', { roomId: '00000000-0000-4000-8000-000000000000', packages: mine.round1 })).rejects.toMatchObject({ code: -32002, data: { reason: 'room_not_found' } });
    await expect(other.socket.call('keygen.round1', { roomId: mine.room.roomId, packages: mine.round1 })).rejects.toMatchObject({ code: -32008, data: { reason: 'room_forbidden' } });
    // The owner's room is untouched by the refusals.
    await expect(mine.socket.call('keygen.round1', { roomId: mine.room.roomId, packages: mine.round1 })).resolves.toMatchObject({ packages: expect.any(Array) });
    mine.socket.close();
    other.socket.close();
  });

  it('error: a step out of order → -32004 (naming the expected one); a replayed step → -32005; a method of another ceremony → -32004', async () => {
    const { socket, room, round1 } = await keygenRoom('mpc-order@example.com');
    await expect(socket.call('keygen.round3', { roomId: room.roomId, publicKey: '00'.repeat(32), verifyingShares: {} })).rejects.toMatchObject({
      code: -32004,
      data: { reason: 'out_of_order', expected: 'keygen.round1' },
    });
    await socket.call('keygen.round1', { roomId: room.roomId, packages: round1 });
    await expect(socket.call('keygen.round1', { roomId: room.roomId, packages: round1 })).rejects.toMatchObject({ code: -32005, data: { reason: 'replayed', expected: 'keygen.round2' } });
    await expect(socket.call('sign.commit', { roomId: room.roomId, commitments: [{ identifier: '01'.padEnd(64, '0'), hiding: '00'.repeat(32), binding: '00'.repeat(32) }] })).rejects.toMatchObject({ code: -32004 });
    socket.close();
  });

  it(`error: a room is refused once its ${MPC_ROOM_TTL_MS / 1000} s are over → -32003`, async () => {
    const { socket, room, round1 } = await keygenRoom('mpc-expired@example.com');
    t.clock.advance(MPC_ROOM_TTL_MS + 1);
    await expect(socket.call('keygen.round1', { roomId: room.roomId, packages: round1 })).rejects.toMatchObject({ code: -32003, data: { reason: 'room_expired' } });
    socket.close();
  });

  it('error: a round-1 package with a broken proof of knowledge aborts the room naming its keygen id → -32006, then -32007', async () => {
    const { socket, room, round1, keygenId } = await keygenRoom('mpc-culprit@example.com');
    const forged = round1.map((pkg) => ({ ...pkg, proofOfKnowledge: pkg.proofOfKnowledge.slice(0, 100) + (pkg.proofOfKnowledge[100] === '0' ? '1' : '0') + pkg.proofOfKnowledge.slice(101) }));
    await expect(socket.call('keygen.round1', { roomId: room.roomId, packages: forged })).rejects.toMatchObject({
      code: -32006,
      data: { reason: 'package_invalid', culprit: identifierOf(keygenId), culpritKeygenId: keygenId },
    });
    await expect(socket.call('keygen.round1', { roomId: room.roomId, packages: round1 })).rejects.toMatchObject({
      code: -32007,
      message: `This ceremony was aborted: A package from ${keygenId} failed verification (the round 1 package does not verify); the ceremony was aborted.`,
      data: { reason: 'room_closed', failure: { reason: 'package_invalid', culprit: identifierOf(keygenId) } },
    });
    socket.close();
  });

  it('error: packages for identifiers that are not the room’s → -32602, and the room stays open', async () => {
    const { socket, room, round1 } = await keygenRoom('mpc-wrong-ids@example.com');
    const stranger = frost.DKG.round1(identifierOf('stranger'), FROST_SIGNERS.TWO_OF_TWO).public;
    await expect(socket.call('keygen.round1', { roomId: room.roomId, packages: [encodeRound1(stranger)] })).rejects.toMatchObject({ code: -32602 });
    await expect(socket.call('keygen.round1', { roomId: room.roomId, packages: round1 })).resolves.toBeDefined();
    socket.close();
  });
});

describe('MPC socket: limits', () => {
  it('error: a message over 256 KiB closes that connection only; the sandbox keeps serving', async () => {
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(t.sandbox.info.mpcSocketUrl);
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(300 * 1024));
    expect(await closed).toBe(1009);
    const socket = await openSocket(t.sandbox.info.mpcSocketUrl);
    expect((await socket.raw('{"jsonrpc":"2.0","method":"nope","id":1}')).error.code).toBe(-32601);
    socket.close();
  });
});

describe('MPC socket: connections that hold the server', () => {
  const open = async () => {
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(t.sandbox.info.mpcSocketUrl);
    await new Promise((resolve) => ws.once('open', resolve));
    return { ws, closed: new Promise<number>((resolve) => ws.once('close', (code) => resolve(code))) };
  };

  it(`error: a connection not logged in within ${LOGIN_TIMEOUT_MS / 1000} s is closed with 1008; a logged-in one stays`, async () => {
    const idle = await open();
    const { socket } = await mpcSession(t, 'mpc-login-timeout@example.com');
    expect(await Promise.race([idle.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), LOGIN_TIMEOUT_MS + 1_000))])).toBe(1008);
    expect((await socket.raw('{"jsonrpc":"2.0","method":"nope","id":1}')).error.code).toBe(-32601);
    socket.close();
  }, LOGIN_TIMEOUT_MS + 10_000);

  it(`error: more than ${MAX_QUEUED_MESSAGES} messages waiting on one connection close it with 1008; others are served`, async () => {
    const { jwt } = await t.signIn('mpc-queue-flood@example.com');
    const flood = await open();
    const login = JSON.stringify({ jsonrpc: '2.0', method: 'rpc.login', params: { jwt }, id: 0 });
    for (let i = 0; i < MAX_QUEUED_MESSAGES * 8; i++) flood.ws.send(login);
    expect(await Promise.race([flood.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000))])).toBe(1008);
    const socket = await openSocket(t.sandbox.info.mpcSocketUrl);
    expect((await socket.raw('{"jsonrpc":"2.0","method":"nope","id":1}')).error.code).toBe(-32601);
    socket.close();
  });
});

describe('MPC socket: dropped by the sandbox', () => {
  it('default: POST /sandbox/admin/sockets/drop ends every live connection with 1012 and counts them; new ones are served', async () => {
    const { default: WebSocket } = await import('ws');
    const sockets = [new WebSocket(t.sandbox.info.mpcSocketUrl), new WebSocket(t.sandbox.info.mpcSocketUrl)];
    await Promise.all(sockets.map((ws) => new Promise((resolve) => ws.once('open', resolve))));
    const closed = sockets.map((ws) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code))));
    const answer = await t.call('POST', '/sandbox/admin/sockets/drop');
    expect(answer.status).toBe(200);
    expect(answer.body.dropped).toBeGreaterThanOrEqual(2);
    expect(await Promise.all(closed)).toEqual([1012, 1012]);
    expect((await t.call('POST', '/sandbox/admin/sockets/drop')).body.dropped).toBe(0);
    const socket = await openSocket(t.sandbox.info.mpcSocketUrl);
    expect((await socket.raw('{"jsonrpc":"2.0","method":"nope","id":1}')).error.code).toBe(-32601);
    socket.close();
  });
});
