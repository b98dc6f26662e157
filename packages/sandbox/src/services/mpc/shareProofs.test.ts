import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { dealReshare, exportProofContext, FROST_SIGNERS, identifierOf, proveShare, toHex } from '@latchkey/protocol/frost';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWallet, mpcSession, signMessage } from '../../test/mpcTestClient.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

/**
 * A client's verifying share is public (the group key and one server share give it away), so a session alone could
 * pass for the device: deal a polynomial it does not know the constant of in a refresh (the wallet bricked: its old
 * shares and backups gone, nobody holding the new client share), or have the server's shares sealed to its own key.
 * Each needs a proof that the client holds the share, bound to the room (and the export's target key).
 */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const message = new TextEncoder().encode('still mine');
const refusedFor = (culprit: string) => ({ code: -32006, data: { reason: 'package_invalid', culprit } });

async function frameKey(): Promise<string> {
  const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
  return toHex(new Uint8Array(await suite.kem.serializePublicKey((await suite.kem.generateKeyPair()).publicKey)));
}

describe('MPC: a client proves it holds the shares it speaks for', () => {
  it('error: a refresh dealer without a proof, or with one for another room or made with another share, is refused; the wallet still signs', async () => {
    const session = await mpcSession(t, 'proof-refresh@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_TWO');
    const device = wallet.shares[0]!.secret;
    for (const proof of [undefined, 'other-room', 'other-share'] as const) {
      const room = (await t.call('POST', `/waas/${wallet.walletId}/refresh`, { token: session.jwt })).body;
      const dealing = dealReshare(device, FROST_SIGNERS.TWO_OF_TWO, [device.identifier, ...room.serverKeygenIds.map(identifierOf)]);
      const forged =
        proof === 'other-room'
          ? toHex(await proveShare(device, 'reshare', 'another-room'))
          : proof === 'other-share'
            ? toHex(await proveShare({ identifier: device.identifier, signingShare: new Uint8Array(32).fill(7) }, 'reshare', room.roomId))
            : undefined;
      const dealer = { identifier: dealing.identifier, commitment: dealing.commitment.map(toHex), ...(forged ? { proof: forged } : {}) };
      await expect(session.socket.call('reshare.round1', { roomId: room.roomId, dealers: [dealer] }), String(proof)).rejects.toMatchObject(refusedFor(device.identifier));
    }
    expect((await signMessage(t, session, wallet, [device], message)).length).toBe(64);
    session.socket.close();
  });

  it("error: export.share without the named share's proof for this room and target key seals nothing", async () => {
    const session = await mpcSession(t, 'proof-export@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_TWO');
    const device = wallet.shares[0]!.secret;
    const targetPublicKey = await frameKey();
    const otherTarget = await frameKey();
    const openRoom = async (): Promise<string> => (await t.call('POST', `/waas/${wallet.walletId}/privateKey/export`, { token: session.jwt })).body.roomId;
    const wrong = [
      (roomId: string) => proveShare(device, 'export', exportProofContext(roomId, otherTarget)),
      () => proveShare(device, 'export', exportProofContext('another-room', targetPublicKey)),
      (roomId: string) => proveShare(device, 'reshare', roomId),
    ];
    for (const prove of wrong) {
      const roomId = await openRoom();
      const proofs = [toHex(await prove(roomId))];
      await expect(session.socket.call('export.share', { roomId, targetPublicKey, clientIdentifiers: [device.identifier], proofs })).rejects.toMatchObject(refusedFor(device.identifier));
    }
    const room = { roomId: await openRoom() };
    await expect(session.socket.call('export.share', { roomId: room.roomId, targetPublicKey, clientIdentifiers: [device.identifier], proofs: [] })).rejects.toMatchObject({ code: -32602 });
    session.socket.close();
  });
});
