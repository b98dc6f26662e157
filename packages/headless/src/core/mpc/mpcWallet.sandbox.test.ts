import { ed25519 } from '@noble/curves/ed25519.js';
import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDevice, loggingWebSocket, nodeCloudDrive, signedInClient, startTestSandbox, wsConstructor, type SocketLog, type TestSandbox } from '../../test/mpcTestHarness.js';
import type { LatchkeyClient } from '../client/createLatchkeyClient.js';
import { createMpcWalletClient, type MpcWalletClient, type MpcWalletConfig } from './createMpcWalletClient.js';
import type { CloudDrive } from './cloudDrive.js';
import { mpcError } from './mpcError.js';
import type { ShareVaultStore } from './shareVault.js';
import type { WebSocketConstructor } from '../machines/socket/socketMachine.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const clients: LatchkeyClient[] = [];
const wallets: MpcWalletClient[] = [];
afterEach(async () => {
  wallets.splice(0).forEach((wallet) => wallet.stop());
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

let counter = 0;
async function device(email: string, config: MpcWalletConfig & { store?: ShareVaultStore } = {}) {
  const client = await signedInClient(t, email);
  clients.push(client);
  const wallet = createMpcWalletClient(client, { WebSocket: wsConstructor, vault: config.store ?? freshDevice().store, cloudDrive: nodeCloudDrive(t, email), reconnectInterval: 50, ...config });
  wallets.push(wallet);
  return { client, wallet };
}
const email = (tag: string) => `mpc-kit-${tag}-${(counter += 1)}@example.com`;
const message = new TextEncoder().encode('latchkey kit');
const verifies = (signature: Uint8Array, address: string) => ed25519.verify(signature, message, bs58.decode(address));

describe('MPC wallet client against the sandbox', () => {
  it('default: TWO_OF_TWO is created by DKG, signs messages, and signs a Solana transfer the local cluster confirms', async () => {
    const { wallet } = await device(email('create'));
    const account = await wallet.createWallet({ scheme: 'TWO_OF_TWO' });
    expect(account).toMatchObject({ thresholdSignatureScheme: 'TWO_OF_TWO', keyShares: [] });
    expect(wallet.getDeviceState()).toBe('ready');
    expect(verifies(await wallet.signMessage(message), account.address)).toBe(true);

    // web3.js confirms through the cluster's websocket; named, not guessed from the RPC's port (taken ports move it).
    const connection = new Connection(t.sandbox.info.solanaRpcUrl, { commitment: 'confirmed', wsEndpoint: t.sandbox.info.solanaWsUrl });
    await t.call('POST', '/sandbox/airdrop', { body: { address: account.address, lamports: 2_000_000_000 } });
    const from = new PublicKey(account.address);
    const to = PublicKey.unique();
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: from, blockhash, lastValidBlockHeight }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 1_000_000 }));
    const signed = await wallet.signer().signTransaction(tx.serialize({ requireAllSignatures: false }));
    expect(Transaction.from(signed).verifySignatures()).toBe(true);
    const signature = await connection.sendRawTransaction(signed);
    await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, 'confirmed');
    expect(await connection.getBalance(to)).toBe(1_000_000);
  });

  it('behavior: signing out closes the MPC socket (code 1000) and nothing reopens it — no reconnect with the old token', async () => {
    const sockets: { closedWith?: number }[] = [];
    const Base = wsConstructor as unknown as new (url: string) => { on(event: 'close', listener: (code: number) => void): void };
    const CountingWebSocket = class extends Base {
      constructor(url: string) {
        super(url);
        const record: { closedWith?: number } = {};
        sockets.push(record);
        this.on('close', (code) => (record.closedWith = code));
      }
    } as unknown as WebSocketConstructor;
    const { client, wallet } = await device(email('sign-out'), { WebSocket: CountingWebSocket });
    await wallet.createWallet({ scheme: 'TWO_OF_TWO' });
    expect(sockets).toHaveLength(1);
    client.session.send({ type: 'user.signOut' });
    await vi.waitFor(() => expect(sockets[0]!.closedWith).toBe(1000));
    // Ten reconnect intervals (50 ms here): still the one socket, closed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sockets).toEqual([{ closedWith: 1000 }]);
  });

  it('behavior: the device share is kept sealed under a non-extractable AES-GCM key in IndexedDB, never in plaintext', async () => {
    const { store } = freshDevice();
    const puts: { id: string; sealed: Awaited<ReturnType<ShareVaultStore['get']>> }[] = [];
    const spying: ShareVaultStore = { ...store, put: async (id, sealed) => (puts.push({ id, sealed }), store.put(id, sealed)) };
    const { wallet, client } = await device(email('vault'), { store: spying });
    await wallet.createWallet({ scheme: 'TWO_OF_TWO' });
    expect(puts).toHaveLength(1);
    const sealed = puts[0]!.sealed!;
    expect(sealed.key.extractable).toBe(false);
    expect(sealed.key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', sealed.key)).rejects.toThrow();
    const stored = await store.get(puts[0]!.id);
    expect(new TextDecoder().decode(stored!.ciphertext)).not.toContain('signingShare');
    // The kit's own storage (where a session lives) has nothing of it.
    expect(JSON.stringify(client.storage)).not.toContain('signingShare');
  });

  it('default: back up to the product API; a new device is locked, a wrong password changes nothing, the right one restores and signs', async () => {
    const mail = email('restore');
    const first = await device(mail);
    const account = await first.wallet.createWallet({ scheme: 'TWO_OF_TWO' });
    await first.wallet.backup({ password: 'correct horse battery', location: 'productApi' });
    const second = await device(mail);
    expect(await second.wallet.checkDevice()).toBe('locked');
    await expect(second.wallet.signMessage(message)).rejects.toMatchObject({ code: 'mpc_wallet_locked' });
    await expect(second.wallet.restore({ password: 'wrong password!', location: 'productApi' })).rejects.toMatchObject({ code: 'mpc_backup_password_invalid' });
    expect(second.wallet.getDeviceState()).toBe('locked');
    await second.wallet.restore({ password: 'correct horse battery', location: 'productApi' });
    expect(second.wallet.getDeviceState()).toBe('ready');
    expect(verifies(await second.wallet.signMessage(message), account.address)).toBe(true);
  });

  it('default: a cloud-drive backup restores on a new device', async () => {
    const mail = email('drive');
    const first = await device(mail);
    const account = await first.wallet.createWallet({ scheme: 'TWO_OF_TWO' });
    await first.wallet.backup({ password: 'drive password 1', location: 'googleDrive' });
    expect(first.wallet.getAccount()?.keyShares).toEqual([{ id: expect.any(String), backupLocation: 'googleDrive', passwordEncrypted: true }]);
    const second = await device(mail);
    await expect(second.wallet.restore({ password: 'drive password 1', location: 'icloud' })).rejects.toMatchObject({ code: 'mpc_backup_not_found' });
    await second.wallet.restore({ password: 'drive password 1', location: 'googleDrive' });
    expect(verifies(await second.wallet.signMessage(message), account.address)).toBe(true);
  });

  it('default: reshare TWO_OF_TWO → TWO_OF_THREE → THREE_OF_FIVE keeps the address; backup shares leave the device encrypted; a new device restores them and signs', async () => {
    const mail = email('reshare');
    const first = await device(mail);
    const account = await first.wallet.createWallet({ scheme: 'TWO_OF_TWO' });
    await expect(first.wallet.reshare({ scheme: 'TWO_OF_THREE' })).rejects.toMatchObject({ code: 'mpc_password_required' });
    await first.wallet.reshare({ scheme: 'TWO_OF_THREE', backup: { password: 'reshare password', location: 'productApi' } });
    expect(first.wallet.getAccount()).toMatchObject({ address: account.address, thresholdSignatureScheme: 'TWO_OF_THREE', keyShares: [expect.objectContaining({ backupLocation: null })] });
    expect(verifies(await first.wallet.signMessage(message), account.address)).toBe(true);
    await first.wallet.reshare({ scheme: 'THREE_OF_FIVE', backup: { password: 'reshare password', location: 'productApi' } });
    expect(first.wallet.getAccount()?.keyShares).toHaveLength(2);
    expect(verifies(await first.wallet.signMessage(message), account.address)).toBe(true);
    const second = await device(mail);
    await second.wallet.restore({ password: 'reshare password', location: 'productApi' });
    expect(verifies(await second.wallet.signMessage(message), account.address)).toBe(true);
    await first.wallet.refresh({ backup: { password: 'reshare password', location: 'productApi' } });
    // The refreshed generation signs; the second device's restored shares are of the old one.
    expect(verifies(await first.wallet.signMessage(message), account.address)).toBe(true);
    await expect(second.wallet.signMessage(message)).rejects.toMatchObject({ code: 'mpc_ceremony_refused' });
  });

  it('error: a backup upload that failed at creation loses no share for good: backup then refreshes the shares and stores new backup ones', async () => {
    const mail = email('lost-backup');
    const down: CloudDrive = { read: async () => undefined, write: async () => Promise.reject(mpcError('mpc_cloud_drive_failed', { params: { location: 'Google Drive', reason: 'it did not answer in time' } })) };
    const first = await device(mail, { cloudDrive: down });
    await expect(first.wallet.createWallet({ scheme: 'TWO_OF_THREE', backup: { password: 'lost backup pw', location: 'googleDrive' } })).rejects.toMatchObject({ code: 'mpc_cloud_drive_failed' });
    // The wallet exists and signs (device + server), but no backup share left the device: none is anywhere.
    const account = first.wallet.getAccount()!;
    expect(account).toMatchObject({ thresholdSignatureScheme: 'TWO_OF_THREE', keyShares: [] });
    expect(verifies(await first.wallet.signMessage(message), account.address)).toBe(true);

    await first.wallet.backup({ password: 'lost backup pw', location: 'productApi' });
    expect(first.wallet.getAccount()).toMatchObject({ address: account.address, keyShares: [expect.objectContaining({ backupLocation: null })] });
    expect(verifies(await first.wallet.signMessage(message), account.address)).toBe(true);
    // What a lost device needs: the backup restores on a new one, which signs.
    const second = await device(mail);
    await second.wallet.restore({ password: 'lost backup pw', location: 'productApi' });
    expect(verifies(await second.wallet.signMessage(message), account.address)).toBe(true);
  });

  it('behavior: a socket drop between commit and share restarts the signing with a new room and new nonces — no nonces sign twice', async () => {
    const log: SocketLog = { sent: [] };
    let dropped = 0;
    const WebSocket = loggingWebSocket(log, (request) => request.method === 'sign.share' && dropped++ === 0);
    const { wallet } = await device(email('drop'), { WebSocket });
    const account = await wallet.createWallet({ scheme: 'TWO_OF_TWO' });
    log.sent.length = 0;
    const signature = await wallet.signMessage(message);
    expect(verifies(signature, account.address)).toBe(true);
    expect(dropped).toBe(2);
    const commits = log.sent.filter((request) => request.method === 'sign.commit');
    const shares = log.sent.filter((request) => request.method === 'sign.share');
    expect(commits).toHaveLength(2);
    expect(shares).toHaveLength(1);
    // Two rooms, two sets of nonce commitments; the one share went to the second room.
    const [first, second] = commits as [(typeof commits)[number], (typeof commits)[number]];
    expect(first.params.roomId).not.toBe(second.params.roomId);
    expect(first.params.commitments[0].hiding).not.toBe(second.params.commitments[0].hiding);
    expect(first.params.commitments[0].binding).not.toBe(second.params.commitments[0].binding);
    expect(shares[0]?.params.roomId).toBe(second.params.roomId);
  });
});
