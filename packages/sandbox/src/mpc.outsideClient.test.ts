import { ed25519, ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestSandbox, type TestSandbox } from './test/testSandbox.js';

/**
 * An outside client of the MPC wire protocol, written from packages/sandbox/README.md ("MPC wallets")
 * alone: `@noble/curves`, `ws` and fetch — no kit code, no sandbox code beyond starting one. It signs in
 * by e-mail, creates a TWO_OF_TWO wallet by DKG, signs a message (the signature is plain Ed25519) and backs up its
 * share with the README's "Proof of a held share" computed by hand (node:crypto's SHA-512, noble's points).
 */

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const unhex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

/** A JSON-RPC 2.0 client over one WebSocket. */
async function connect(url: string) {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let nextId = 0;
  const pending = new Map<number, (reply: { result?: any; error?: { code: number; message: string; data?: any } }) => void>();
  ws.on('message', (data) => {
    const reply = JSON.parse(String(data));
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  return {
    call(method: string, params: unknown): Promise<any> {
      nextId += 1;
      const id = nextId;
      return new Promise((resolve, reject) => {
        pending.set(id, (reply) => (reply.error ? reject(Object.assign(new Error(reply.error.message), reply.error)) : resolve(reply.result)));
        ws.send(JSON.stringify({ jsonrpc: '2.0', method, params, id }));
      });
    },
    close: () => ws.close(),
  };
}

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe('MPC wire protocol from the README alone', () => {
  it('default: an outside client runs keygen (TWO_OF_TWO), signing and a proven backup; the aggregate verifies as Ed25519', async () => {
    const api = `${t.sandbox.url}/api/v0/sdk/${t.sandbox.info.environmentId}`;
    const post = async (path: string, body: unknown, jwt?: string) => {
      const response = await fetch(path.startsWith('http') ? path : `${api}${path}`, {
        method: path.includes('/sandbox/admin/settings') ? 'PUT' : 'POST',
        headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
        body: JSON.stringify(body),
      });
      const json: any = await response.json();
      if (!response.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
      return json;
    };
    // Turn MPC wallets on, sign in by e-mail (README "A whole e-mail sign-in").
    await post(`${t.sandbox.url}/sandbox/admin/settings`, { sdk: { waas: { enabled: true } } });
    const email = 'outside.client@example.com';
    const { verificationUUID } = await post('/emailVerifications/create', { email });
    const inbox: any[] = await (await fetch(`${t.sandbox.url}/sandbox/inbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } })).json();
    const { jwt } = await post('/emailVerifications/signin', { verificationUUID, verificationToken: inbox[0].code });
    const info: any = await (await fetch(`${t.sandbox.url}/sandbox/info`)).json();

    // Keygen: one client share (the device's), one server share.
    const signers = { min: 2, max: 2 };
    const deviceKeygenId = 'outside-device-1';
    const me = frost.Identifier.derive(deviceKeygenId);
    const room = await post('/waas/create', { chain: 'SOL', clientKeygenIds: [deviceKeygenId], thresholdSignatureScheme: 'TWO_OF_TWO' }, jwt);
    const serverIds: string[] = room.serverKeygenIds.map((id: string) => frost.Identifier.derive(id));

    const rpc = await connect(info.mpcSocketUrl);
    expect(await rpc.call('rpc.login', { jwt })).toBe(true);

    const r1 = frost.DKG.round1(me, signers);
    const toWire1 = (p: { identifier: string; commitment: Uint8Array[]; proofOfKnowledge: Uint8Array }) => ({ identifier: p.identifier, commitment: p.commitment.map(hex), proofOfKnowledge: hex(p.proofOfKnowledge) });
    const fromWire1 = (p: any) => ({ identifier: p.identifier, commitment: p.commitment.map(unhex), proofOfKnowledge: unhex(p.proofOfKnowledge) });
    const server1 = (await rpc.call('keygen.round1', { roomId: room.roomId, packages: [toWire1(r1.public)] })).packages.map(fromWire1);
    expect(server1.map((p: any) => p.identifier).sort()).toEqual([...serverIds].sort());

    const mine = frost.DKG.round2(r1.secret, server1);
    const outgoing = Object.entries(mine).map(([to, p]) => ({ from: me, to, signingShare: hex(p.signingShare) }));
    const incoming = (await rpc.call('keygen.round2', { roomId: room.roomId, packages: outgoing })).packages;
    expect(incoming.every((p: any) => p.to === me)).toBe(true);
    for (const p of incoming) {
      const sender = server1.find((s: any) => s.identifier === p.from);
      frost.validateSecret({ identifier: me, signingShare: unhex(p.signingShare) }, { signers, commitments: sender.commitment, verifyingShares: {} });
    }
    const key = frost.DKG.round3(r1.secret, server1, incoming.map((p: any) => ({ identifier: p.from, signingShare: unhex(p.signingShare) })));
    const publicKey = hex(key.public.commitments[0]!);
    const verifyingShares = Object.fromEntries(Object.entries(key.public.verifyingShares).map(([id, point]) => [id, hex(point)]));
    const created = await rpc.call('keygen.round3', { roomId: room.roomId, publicKey, verifyingShares });
    expect(created).toMatchObject({ publicKey, thresholdSignatureScheme: 'TWO_OF_TWO' });

    // The wallet is a verified credential with the MPC properties.
    const user = (await (await fetch(`${api}/users`, { headers: { authorization: `Bearer ${jwt}` } })).json()).user;
    const credential = user.verifiedCredentials.find((c: any) => c.id === created.walletId);
    expect(credential).toMatchObject({ format: 'blockchain', chain: 'SOL', address: created.address, wallet_properties: { walletType: 'mpc', thresholdSignatureScheme: 'TWO_OF_TWO' } });

    // Signing: commit → share; the server coordinates and aggregates.
    const message = new TextEncoder().encode('signed by an outside client');
    const signRoom = await post(`/waas/${created.walletId}/signMessage`, { message: hex(message) }, jwt);
    const { nonces, commitments } = frost.commit(key.secret);
    const commitWire = (c: any) => ({ identifier: c.identifier, hiding: hex(c.hiding), binding: hex(c.binding) });
    const serverCommitments = (await rpc.call('sign.commit', { roomId: signRoom.roomId, commitments: [commitWire(commitments)] })).commitments;
    const list = [commitments, ...serverCommitments.map((c: any) => ({ identifier: c.identifier, hiding: unhex(c.hiding), binding: unhex(c.binding) }))];
    const share = frost.signShare(key.secret, key.public, nonces, list, message);
    const answer = await rpc.call('sign.share', { roomId: signRoom.roomId, shares: [{ identifier: me, share: hex(share) }] });
    for (const s of answer.shares) expect(frost.verifyShare(key.public, list, message, s.identifier, unhex(s.share))).toBe(true);
    const mineAggregate = frost.aggregate(key.public, list, message, { [me]: share, ...Object.fromEntries(answer.shares.map((s: any) => [s.identifier, unhex(s.share)])) });
    expect(hex(mineAggregate)).toBe(answer.signature);
    expect(ed25519.verify(unhex(answer.signature), message, unhex(publicKey))).toBe(true);
    rpc.close();

    // Backup (README "Backups", "Proof of a held share"): purpose `backup`, context walletId ‖ 0 ‖ source ‖ 0 ‖
    // "passwordEncrypted" ‖ 0 ‖ backupLocation (empty) ‖ 0 ‖ secret. R = k·G; c = SHA-512(…) little-endian mod L; z = k + c·s.
    const L = ed25519.Point.CURVE().n;
    const scalar = (bytes: Uint8Array) => bytes.reduceRight((n, b) => (n << 8n) | BigInt(b), 0n) % L;
    const le32 = (n: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
    const backup = { walletId: created.walletId, keygenId: deviceKeygenId, source: 'user', passwordEncrypted: true, secret: 'ciphertext-from-outside' };
    const prove = (purpose: string, context: string) => {
      const k = scalar(randomBytes(64));
      const R = ed25519.Point.BASE.multiply(k).toBytes();
      const Y = hex(key.public.verifyingShares[me]!);
      const c = scalar(createHash('sha512').update(`latchkey-frost-share-proof-v1\0${purpose}\0${context}\0${me}\0${Y}\0${hex(R)}`, 'utf8').digest());
      return hex(new Uint8Array([...R, ...le32((k + c * scalar(key.secret.signingShare)) % L)]));
    };
    const context = [backup.walletId, backup.source, 'passwordEncrypted', '', backup.secret].join('\0');
    const refused = await fetch(`${api}/waas/${created.walletId}/keyShares/backup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ ...backup, proof: prove('backup', context.replace('ciphertext', 'other')) }),
    });
    expect(refused.status).toBe(403);
    const kept = await post(`/waas/${created.walletId}/keyShares/backup`, { ...backup, proof: prove('backup', context) }, jwt);
    expect(kept.keyShares).toEqual([{ id: expect.any(String), backupLocation: null, passwordEncrypted: true }]);
  });
});
