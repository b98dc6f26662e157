import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { ed25519, ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { exportProofContext, FROST_SIGNERS, fromHex, proveShare, toHex } from '@latchkey/protocol/frost';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airdrop, confirmSignature } from '../../testing/solanaFixtures.js';
import { backupBody, createWallet, mpcSession, reshareWallet, signMessage } from '../../test/mpcTestClient.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const message = new TextEncoder().encode('hello from the device');
const verifies = (signature: Uint8Array, publicKey: Uint8Array) => ed25519.verify(signature, message, publicKey);

describe('MPC wallets: keygen and signing against the sandbox', () => {
  it.each(['TWO_OF_TWO', 'TWO_OF_THREE', 'THREE_OF_FIVE'] as const)('default: %s — DKG makes a wallet credential; device + server sign plain Ed25519', async (scheme) => {
    const session = await mpcSession(t, `keygen-${scheme.toLowerCase()}@example.com`);
    const wallet = await createWallet(t, session, scheme);
    const user = (await t.call('GET', '/users', { token: session.jwt })).body.user;
    expect(user.verifiedCredentials.find((c: any) => c.id === wallet.walletId)).toMatchObject({
      format: 'blockchain',
      address: wallet.address,
      chain: 'SOL',
      wallet_properties: { walletType: 'mpc', thresholdSignatureScheme: scheme, keyShares: [], derivationPath: "m/44'/501'/0'/0'" },
    });
    const signature = await signMessage(t, session, wallet, [wallet.shares[0]!.secret], message);
    expect(verifies(signature, wallet.pub.commitments[0]!)).toBe(true);
    session.socket.close();
  });

  it('default: a Solana transfer signed by FROST is accepted by the local cluster', async () => {
    const session = await mpcSession(t, 'mpc-transfer@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_TWO');
    const connection = new Connection(t.sandbox.info.solanaRpcUrl, 'confirmed');
    await airdrop(t.sandbox.info.solanaRpcUrl, wallet.address, 2_000_000_000n);
    const from = new PublicKey(wallet.address);
    const to = PublicKey.unique();
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: from, blockhash, lastValidBlockHeight }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 1_000_000 }));
    const bytes = tx.serializeMessage();
    const signature = await signMessage(t, session, wallet, [wallet.shares[0]!.secret], bytes);
    tx.addSignature(from, Buffer.from(signature));
    expect(tx.verifySignatures()).toBe(true);
    const sent = await connection.sendRawTransaction(tx.serialize());
    // Polled: web3.js's confirmTransaction waits out the blockhash (~60 s of slots) when its websocket never connects,
    // which a loaded CI machine hit (it guessed the RPC's port + 1, and another process held that port then).
    await confirmSignature(t.sandbox.info.solanaRpcUrl, sent);
    expect(await connection.getBalance(to)).toBe(1_000_000);
    session.socket.close();
  });

  it('behavior: the server never signs without the client — no commitments, or client shares that reach the threshold alone, are refused', async () => {
    const session = await mpcSession(t, 'mpc-server-alone@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_THREE');
    const room = (await t.call('POST', `/waas/${wallet.walletId}/signMessage`, { token: session.jwt, body: { message: toHex(message) } })).body;
    await expect(session.socket.call('sign.commit', { roomId: room.roomId, commitments: [] })).rejects.toMatchObject({ code: -32602 });
    const both = wallet.shares.map((share) => frost.commit(share.secret).commitments);
    await expect(
      session.socket.call('sign.commit', { roomId: room.roomId, commitments: both.map((c) => ({ identifier: c.identifier, hiding: toHex(c.hiding), binding: toHex(c.binding) })) }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('threshold alone') });
    session.socket.close();
  });
});

describe('MPC wallets: refusals', () => {
  it('error: sdk.waas off → invalid_mpc_environment; a keygen id count that does not fit → invalid_key_shares_length, one id twice → invalid_request; a second wallet → 409', async () => {
    const { jwt } = await t.signIn('mpc-refusals@example.com');
    await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { waas: { enabled: false } } } });
    const off = await t.call('POST', '/waas/create', { token: jwt, body: { chain: 'SOL', clientKeygenIds: ['a'] } });
    expect(off.status).toBe(400);
    expect(off.body.error).toEqual({ code: 'invalid_mpc_environment', message: 'MPC wallets are not enabled for this project (sdk.waas.enabled).' });
    await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { waas: { enabled: true, defaultThresholdSignatureScheme: 'TWO_OF_THREE' } } } });
    // The project default (TWO_OF_THREE) needs two client keygen ids.
    const count = await t.call('POST', '/waas/create', { token: jwt, body: { chain: 'SOL', clientKeygenIds: ['a'] } });
    expect(count.body.error).toMatchObject({ code: 'invalid_key_shares_length', path: 'clientKeygenIds' });
    // Two client shares under one keygen id would be one FROST participant twice.
    const repeated = await t.call('POST', '/waas/create', { token: jwt, body: { chain: 'SOL', clientKeygenIds: ['a', 'a'] } });
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toEqual({ code: 'invalid_request', message: 'clientKeygenIds: must not repeat a keygen id', path: 'clientKeygenIds' });
    const room = await t.call('POST', '/waas/create', { token: jwt, body: { chain: 'SOL', clientKeygenIds: ['a', 'b'] } });
    expect(room.status).toBe(200);
    expect(room.body.serverKeygenIds).toHaveLength(1);
    const session = await mpcSession(t, 'mpc-second@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_TWO');
    const reshare = await t.call('POST', `/waas/${wallet.walletId}/reshare`, {
      token: session.jwt,
      body: { oldThresholdSignatureScheme: 'TWO_OF_TWO', newThresholdSignatureScheme: 'THREE_OF_FIVE', clientKeygenIds: ['k', 'k', 'm'] },
    });
    expect(reshare.status).toBe(400);
    expect(reshare.body.error).toEqual({ code: 'invalid_request', message: 'clientKeygenIds: must not repeat a keygen id', path: 'clientKeygenIds' });
    const second = await t.call('POST', '/waas/create', { token: session.jwt, body: { chain: 'SOL', clientKeygenIds: ['x'], thresholdSignatureScheme: 'TWO_OF_TWO' } });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('too_many_embedded_wallets_per_chain_for_user');
    session.socket.close();
    await t.call('POST', '/sandbox/admin/reset-settings');
  });

  it("error: another user's wallet is invalid_wallet_id", async () => {
    const owner = await mpcSession(t, 'mpc-owner@example.com');
    const wallet = await createWallet(t, owner, 'TWO_OF_TWO');
    const { jwt } = await t.signIn('mpc-stranger@example.com');
    const answer = await t.call('POST', `/waas/${wallet.walletId}/signMessage`, { token: jwt, body: { message: '00' } });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('invalid_wallet_id');
    owner.socket.close();
  });
  it('error: an MPC wallet cannot be unlinked (linked_embedded_wallet); it keeps signing', async () => {
    const session = await mpcSession(t, 'mpc-unlink@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_TWO');
    const unlink = await t.call('POST', '/verify/unlink', { token: session.jwt, body: { verifiedCrentialId: wallet.walletId } });
    expect(unlink.status).toBe(400);
    expect(unlink.body.error.code).toBe('linked_embedded_wallet');
    const user = (await t.call('GET', '/users', { token: session.jwt })).body.user;
    expect(user.verifiedCredentials.some((c: any) => c.id === wallet.walletId)).toBe(true);
    const signature = await signMessage(t, session, wallet, [wallet.shares[0]!.secret], message);
    expect(verifies(signature, wallet.pub.commitments[0]!)).toBe(true);
    session.socket.close();
  });
});

describe('MPC wallets: reshare, refresh, export', () => {
  it('default: TWO_OF_TWO → TWO_OF_THREE → THREE_OF_FIVE → TWO_OF_TWO keeps the address; each generation signs; the old one no longer does', async () => {
    const session = await mpcSession(t, 'mpc-reshare@example.com');
    let wallet = await createWallet(t, session, 'TWO_OF_TWO');
    const publicKey = wallet.pub.commitments[0]!;
    for (const scheme of ['TWO_OF_THREE', 'THREE_OF_FIVE', 'TWO_OF_TWO'] as const) {
      const old = wallet;
      wallet = await reshareWallet(t, session, old, [old.shares[0]!.secret], scheme);
      expect(toHex(wallet.pub.commitments[0]!)).toBe(toHex(publicKey));
      expect(verifies(await signMessage(t, session, wallet, [wallet.shares[0]!.secret], message), publicKey)).toBe(true);
      // The old device share is no share of the current generation.
      await expect(signMessage(t, session, old, [old.shares[0]!.secret], message)).rejects.toMatchObject({ code: -32602 });
      const user = (await t.call('GET', '/users', { token: session.jwt })).body.user;
      expect(user.verifiedCredentials.find((c: any) => c.id === wallet.walletId)).toMatchObject({ address: old.address, wallet_properties: { thresholdSignatureScheme: scheme } });
    }
    session.socket.close();
  });

  it('default: refresh rotates every share; an old share with the same identifier is named the culprit and the room aborts', async () => {
    const session = await mpcSession(t, 'mpc-refresh@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_TWO');
    const fresh = await reshareWallet(t, session, wallet, [wallet.shares[0]!.secret], 'TWO_OF_TWO', { refresh: true });
    expect(fresh.shares[0]!.secret.identifier).toBe(wallet.shares[0]!.secret.identifier);
    expect(toHex(fresh.shares[0]!.secret.signingShare)).not.toBe(toHex(wallet.shares[0]!.secret.signingShare));
    expect(verifies(await signMessage(t, session, fresh, [fresh.shares[0]!.secret], message), wallet.pub.commitments[0]!)).toBe(true);
    const stale = signMessage(t, session, fresh, [wallet.shares[0]!.secret], message);
    await expect(stale).rejects.toMatchObject({ code: -32006, data: { reason: 'package_invalid', culprit: wallet.shares[0]!.secret.identifier, culpritKeygenId: wallet.shares[0]!.keygenId } });
    session.socket.close();
  });

  it('default: export seals the server share to the frame key; device + server shares combine to the wallet key', async () => {
    const session = await mpcSession(t, 'mpc-export@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_TWO');
    const room = (await t.call('POST', `/waas/${wallet.walletId}/privateKey/export`, { token: session.jwt })).body;
    const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
    const frame = await suite.kem.generateKeyPair();
    const targetPublicKey = toHex(new Uint8Array(await suite.kem.serializePublicKey(frame.publicKey)));
    const proof = toHex(await proveShare(wallet.shares[0]!.secret, 'export', exportProofContext(room.roomId, targetPublicKey)));
    const answer = await session.socket.call('export.share', { roomId: room.roomId, targetPublicKey, clientIdentifiers: [wallet.shares[0]!.secret.identifier], proofs: [proof] });
    expect(answer.shares).toHaveLength(1);
    const [sealed] = answer.shares;
    const recipient = await suite.createRecipientContext({ recipientKey: frame, enc: fromHex(sealed.encapsulatedKey, 'enc', 65).buffer, info: new TextEncoder().encode('latchkey-mpc-export').buffer as ArrayBuffer });
    const share = new Uint8Array(await recipient.open(fromHex(sealed.ciphertext, 'ct').buffer, new TextEncoder().encode(sealed.identifier).buffer as ArrayBuffer));
    const secret = frost.combineSecret([wallet.shares[0]!.secret, { identifier: sealed.identifier, signingShare: share }], FROST_SIGNERS.TWO_OF_TWO);
    expect(toHex(ed25519.Point.BASE.multiply(frost.utils.Fn.fromBytes(secret)).toBytes())).toBe(toHex(wallet.pub.commitments[0]!));
    // Sealed to another key, it does not open.
    expect(p256.Point.fromHex(targetPublicKey)).toBeDefined();
    session.socket.close();
  });
});

describe('MPC wallets: key-share backups', () => {
  it('default: the product API keeps an encrypted share and gives it back; a cloud backup is only recorded; a reshare drops the old generation’s', async () => {
    const session = await mpcSession(t, 'mpc-backup@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_THREE');
    const device = wallet.shares[0]!;
    const kept = await t.call('POST', `/waas/${wallet.walletId}/keyShares/backup`, { token: session.jwt, body: await backupBody(wallet.walletId, device, { source: 'user', passwordEncrypted: true, secret: 'ciphertext-1' }) });
    expect(kept.status).toBe(200);
    const cloud = await t.call('POST', `/waas/${wallet.walletId}/keyShares/backup`, { token: session.jwt, body: await backupBody(wallet.walletId, device, { source: 'user', passwordEncrypted: true, backupLocation: 'googleDrive' }) });
    expect(cloud.body.keyShares).toEqual([
      { id: expect.any(String), backupLocation: null, passwordEncrypted: true },
      { id: expect.any(String), backupLocation: 'googleDrive', passwordEncrypted: true },
    ]);
    const [api, drive] = cloud.body.keyShares;
    const user = (await t.call('GET', '/users', { token: session.jwt })).body.user;
    expect(user.verifiedCredentials.find((c: any) => c.id === wallet.walletId).wallet_properties.keyShares).toEqual(cloud.body.keyShares);
    const recovered = await t.call('POST', `/waas/${wallet.walletId}/keyShares/recover`, { token: session.jwt, body: { keyShareIds: [api.id] } });
    expect(recovered.body).toEqual({ keyShares: [{ ...api, secret: 'ciphertext-1' }] });
    const fromDrive = await t.call('POST', `/waas/${wallet.walletId}/keyShares/recover`, { token: session.jwt, body: { keyShareIds: [drive.id] } });
    expect(fromDrive.status).toBe(400);
    expect(fromDrive.body.error.message).toBe('This key share is kept in googleDrive; read it from there.');
    const mismatch = await t.call('POST', `/waas/${wallet.walletId}/keyShares/backup`, { token: session.jwt, body: { ...(await backupBody(wallet.walletId, device, { source: 'user', secret: 's' })), walletId: 'another' } });
    expect(mismatch.body.error).toMatchObject({ code: 'invalid_request', path: 'walletId' });
    await reshareWallet(t, session, wallet, [wallet.shares[0]!.secret], 'THREE_OF_FIVE');
    const after = (await t.call('GET', '/users', { token: session.jwt })).body.user;
    expect(after.verifiedCredentials.find((c: any) => c.id === wallet.walletId).wallet_properties.keyShares).toEqual([]);
    session.socket.close();
  });
});
