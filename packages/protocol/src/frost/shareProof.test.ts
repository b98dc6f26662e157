import { describe, expect, it } from 'vitest';
import { toHex } from './codec.js';
import { proveShare, verifyShareProof } from './shareProof.js';
import { keygen } from '../test/frostParties.js';

describe('proof of a held share (shareProof)', async () => {
  const { pub, device, server } = keygen('TWO_OF_TWO');
  const deviceShare = pub.verifyingShares[device.identifier] as Uint8Array;

  it('default: the holder proves its share for a purpose and context; the proof verifies against its verifying share', async () => {
    const proof = toHex(await proveShare(device, 'reshare', 'room-1'));
    expect(proof).toMatch(/^[0-9a-f]{128}$/);
    expect(await verifyShareProof(deviceShare, device.identifier, 'reshare', 'room-1', proof)).toBe(true);
  });

  it('error: another room, another purpose, another identifier, another share or a tampered proof does not verify', async () => {
    const proof = toHex(await proveShare(device, 'reshare', 'room-1'));
    expect(await verifyShareProof(deviceShare, device.identifier, 'reshare', 'room-2', proof)).toBe(false);
    expect(await verifyShareProof(deviceShare, device.identifier, 'export', 'room-1', proof)).toBe(false);
    expect(await verifyShareProof(deviceShare, server[0]!.identifier, 'reshare', 'room-1', proof)).toBe(false);
    expect(await verifyShareProof(pub.verifyingShares[server[0]!.identifier] as Uint8Array, device.identifier, 'reshare', 'room-1', proof)).toBe(false);
    const tampered = proof.slice(0, 127) + (proof.endsWith('0') ? '1' : '0');
    expect(await verifyShareProof(deviceShare, device.identifier, 'reshare', 'room-1', tampered)).toBe(false);
  });

  it("error: a proof made with another share (the server's) for the client's identifier does not verify; junk is false, never a throw", async () => {
    const forged = toHex(await proveShare({ identifier: device.identifier, signingShare: server[0]!.signingShare }, 'reshare', 'room-1'));
    expect(await verifyShareProof(deviceShare, device.identifier, 'reshare', 'room-1', forged)).toBe(false);
    for (const junk of ['', 'zz', '00'.repeat(64), 'ff'.repeat(64), 'ab'.repeat(63)]) expect(await verifyShareProof(deviceShare, device.identifier, 'reshare', 'room-1', junk)).toBe(false);
  });
});
