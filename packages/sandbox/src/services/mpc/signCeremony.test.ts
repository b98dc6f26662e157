import { ed25519, ED25519_TORSION_SUBGROUP, ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import { MPC_SOCKET_ERRORS } from '@latchkey/protocol';
import { toHex } from '@latchkey/protocol/frost';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWallet, mpcSession } from '../../test/mpcTestClient.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const notAPoint = 'ff'.repeat(32);
const identity = toHex(ed25519.Point.ZERO.toBytes());
// A point of order 8 (outside the prime-order subgroup): valid encoding, on the curve.
const smallOrder = ED25519_TORSION_SUBGROUP[1] as string;

describe('MPC signing: nonce commitments', () => {
  it.each([
    ['hiding', 'not a point', notAPoint],
    ['binding', 'the identity', identity],
    ['hiding', 'a small-order point', smallOrder],
  ])('error: a %s commitment that is %s aborts the room at sign.commit naming its sender → -32006, then -32007', async (field, _what, bad) => {
    const session = await mpcSession(t, `mpc-bad-nonce-${field}-${bad.slice(0, 6)}@example.com`);
    const wallet = await createWallet(t, session, 'TWO_OF_TWO');
    const device = wallet.shares[0]!;
    const room = (await t.call('POST', `/waas/${wallet.walletId}/signMessage`, { token: session.jwt, body: { message: '00ff' } })).body;
    const { commitments } = frost.commit(device.secret);
    const wire = { identifier: commitments.identifier, hiding: toHex(commitments.hiding), binding: toHex(commitments.binding), [field]: bad };
    await expect(session.socket.call('sign.commit', { roomId: room.roomId, commitments: [wire] })).rejects.toMatchObject({
      code: MPC_SOCKET_ERRORS.package_invalid,
      data: { reason: 'package_invalid', culprit: device.secret.identifier, culpritKeygenId: device.keygenId },
    });
    await expect(session.socket.call('sign.share', { roomId: room.roomId, shares: [{ identifier: device.secret.identifier, share: '00'.repeat(32) }] })).rejects.toMatchObject({
      code: MPC_SOCKET_ERRORS.room_closed,
    });
    session.socket.close();
  });
});
