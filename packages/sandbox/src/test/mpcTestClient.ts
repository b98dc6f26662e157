import type { FrostPublic, FrostSecret, Key } from '@noble/curves/abstract/frost.js';
import {
  backupProofContext,
  CLIENT_KEY_SHARES,
  commitShares,
  dealReshare,
  proveShare,
  decodeCommitments,
  decodeRound1,
  dkgShares,
  encodeCommitments,
  encodePublic,
  encodeRound1,
  finishDkg,
  fromHex,
  FROST_SIGNERS,
  identifierOf,
  receiveReshare,
  resharedPublic,
  signCommitted,
  startDkg,
  toHex,
  type FrostScheme,
  type ReshareDealer,
} from '@latchkey/protocol/frost';
import WebSocket from 'ws';
import type { TestSandbox } from './testSandbox.js';

/**
 * The client side of the MPC ceremonies for the sandbox's own tests, composed of
 * `@latchkey/protocol/frost` (what the kit uses too), over a raw JSON-RPC socket.
 */

export interface RpcError extends Error {
  code: number;
  data?: Record<string, unknown>;
}

export interface RpcSocket {
  call<T = any>(method: string, params?: unknown): Promise<T>;
  /** Sends raw text; resolves with the next reply. */
  raw(text: string): Promise<any>;
  close(): void;
}

export async function openSocket(url: string): Promise<RpcSocket> {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let nextId = 0;
  const waiting: ((reply: any) => void)[] = [];
  ws.on('message', (data) => waiting.shift()?.(JSON.parse(String(data))));
  const next = () => new Promise<any>((resolve) => waiting.push(resolve));
  return {
    async call(method, params) {
      nextId += 1;
      const reply = next();
      ws.send(JSON.stringify({ jsonrpc: '2.0', method, params, id: nextId }));
      const answer = await reply;
      if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error) as RpcError;
      return answer.result;
    },
    raw(text) {
      const reply = next();
      ws.send(text);
      return reply;
    },
    close: () => ws.close(),
  };
}

/** Signs in, turns MPC wallets on, opens and logs in a socket. */
export async function mpcSession(t: TestSandbox, email: string): Promise<{ jwt: string; socket: RpcSocket }> {
  await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { waas: { enabled: true } } } });
  const { jwt } = await t.signIn(email);
  const socket = await openSocket(t.sandbox.info.mpcSocketUrl);
  await socket.call('rpc.login', { jwt });
  return { jwt, socket };
}

export interface ClientWallet {
  walletId: string;
  address: string;
  scheme: FrostScheme;
  pub: FrostPublic;
  /** The device's share first, then the backup shares, with their keygen ids. */
  shares: { keygenId: string; secret: FrostSecret }[];
}

/** The fields of a backup the product API records; `backupBody` adds the share it backs up and the proof. */
export type BackupFields = { source: 'user'; passwordEncrypted?: boolean; secret?: string; backupLocation?: string };

/** A `POST /waas/{walletId}/keyShares/backup` body for `share`, with the proof that it is held, as the kit sends it. */
export async function backupBody(walletId: string, share: { keygenId: string; secret: FrostSecret }, fields: BackupFields): Promise<Record<string, unknown>> {
  const proof = toHex(await proveShare(share.secret, 'backup', backupProofContext(walletId, fields)));
  return { walletId, keygenId: share.keygenId, proof, ...fields };
}

async function post(t: TestSandbox, jwt: string, path: string, body?: unknown) {
  const result = await t.call('POST', path, { token: jwt, ...(body === undefined ? {} : { body }) });
  if (result.status !== 200) throw new Error(`${path}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

let counter = 0;
const newKeygenIds = (scheme: FrostScheme) => Array.from({ length: CLIENT_KEY_SHARES[scheme] }, () => `client-${Date.now()}-${(counter += 1)}`);

export async function createWallet(t: TestSandbox, session: { jwt: string; socket: RpcSocket }, scheme: FrostScheme): Promise<ClientWallet> {
  const keygenIds = newKeygenIds(scheme);
  const room = await post(t, session.jwt, '/waas/create', { chain: 'SOL', clientKeygenIds: keygenIds, thresholdSignatureScheme: scheme });
  const signers = FROST_SIGNERS[scheme];
  const { party, round1 } = startDkg(keygenIds.map(identifierOf), signers);
  const server1 = (await session.socket.call('keygen.round1', { roomId: room.roomId, packages: round1.map(encodeRound1) })).packages.map((p: any) => decodeRound1(p));
  const all = [...round1, ...server1];
  const shares = dkgShares(party, all);
  const serverIds = room.serverKeygenIds.map(identifierOf);
  const out = shares.filter((share) => serverIds.includes(share.to)).map((share) => ({ from: share.from, to: share.to, signingShare: toHex(share.signingShare) }));
  const back = (await session.socket.call('keygen.round2', { roomId: room.roomId, packages: out })).packages.map((p: any) => ({ from: p.from, to: p.to, signingShare: fromHex(p.signingShare, 's', 32) }));
  const keys = finishDkg(party, all, [...shares.filter((share) => !serverIds.includes(share.to)), ...back]);
  const pub = (keys[0] as Key).public;
  const wire = encodePublic(pub);
  const done = await session.socket.call('keygen.round3', { roomId: room.roomId, publicKey: wire.commitments[0], verifyingShares: wire.verifyingShares });
  return { walletId: done.walletId, address: done.address, scheme, pub, shares: keys.map((key, i) => ({ keygenId: keygenIds[i] as string, secret: key.secret })) };
}

/** Signs `message` with `signers` (client shares) and the server. */
export async function signMessage(t: TestSandbox, session: { jwt: string; socket: RpcSocket }, wallet: ClientWallet, signers: readonly FrostSecret[], message: Uint8Array): Promise<Uint8Array> {
  const room = await post(t, session.jwt, `/waas/${wallet.walletId}/signMessage`, { message: toHex(message) });
  const { nonces, commitments } = commitShares(signers);
  const server = (await session.socket.call('sign.commit', { roomId: room.roomId, commitments: commitments.map(encodeCommitments) })).commitments.map((c: any) => decodeCommitments(c));
  const list = [...commitments, ...server];
  const shares = signCommitted(signers, wallet.pub, nonces, list, message);
  const answer = await session.socket.call('sign.share', { roomId: room.roomId, shares: Object.entries(shares).map(([identifier, share]) => ({ identifier, share: toHex(share) })) });
  return fromHex(answer.signature, 'signature', 64);
}

/** Reshares (or, with `scheme` the wallet's and no new ids, refreshes) the wallet with `dealers` as the client's dealers. */
export async function reshareWallet(
  t: TestSandbox,
  session: { jwt: string; socket: RpcSocket },
  wallet: ClientWallet,
  dealers: readonly FrostSecret[],
  scheme: FrostScheme,
  options: { refresh?: boolean } = {},
): Promise<ClientWallet> {
  const keygenIds = options.refresh ? wallet.shares.map((share) => share.keygenId) : newKeygenIds(scheme);
  const room = options.refresh
    ? await post(t, session.jwt, `/waas/${wallet.walletId}/refresh`)
    : await post(t, session.jwt, `/waas/${wallet.walletId}/reshare`, { clientKeygenIds: keygenIds, oldThresholdSignatureScheme: wallet.scheme, newThresholdSignatureScheme: scheme });
  const signers = FROST_SIGNERS[scheme];
  const clientReceivers = keygenIds.map(identifierOf);
  const serverReceivers = room.serverKeygenIds.map(identifierOf);
  const receivers = [...clientReceivers, ...serverReceivers];
  const dealings = dealers.map((dealer) => dealReshare(dealer, signers, receivers));
  const proofs = await Promise.all(dealers.map((dealer) => proveShare(dealer, 'reshare', room.roomId)));
  const wireDealer = (d: ReshareDealer, i: number) => ({ identifier: d.identifier, commitment: d.commitment.map(toHex), proof: toHex(proofs[i] as Uint8Array) });
  const serverDealers: ReshareDealer[] = (await session.socket.call('reshare.round1', { roomId: room.roomId, dealers: dealings.map(wireDealer) })).dealers.map((d: any) => ({
    identifier: d.identifier,
    commitment: d.commitment.map((c: string) => fromHex(c, 'c', 32)),
  }));
  const allDealers = [...dealings, ...serverDealers];
  const pub = resharedPublic(wallet.pub, signers, allDealers, receivers);
  const out = dealings.flatMap((d) => serverReceivers.map((to: string) => ({ from: d.identifier, to, signingShare: toHex(d.subShares[to] as Uint8Array) })));
  const back: { from: string; to: string; signingShare: string }[] = (await session.socket.call('reshare.round2', { roomId: room.roomId, shares: out })).shares;
  const secrets = clientReceivers.map((receiver) =>
    receiveReshare(pub, allDealers, receiver, {
      ...Object.fromEntries(dealings.map((d) => [d.identifier, d.subShares[receiver] as Uint8Array])),
      ...Object.fromEntries(back.filter((s) => s.to === receiver).map((s) => [s.from, fromHex(s.signingShare, 's', 32)])),
    }),
  );
  const wire = encodePublic(pub);
  await session.socket.call('reshare.round3', { roomId: room.roomId, publicKey: wire.commitments[0], verifyingShares: wire.verifyingShares });
  return { ...wallet, scheme, pub, shares: secrets.map((secret, i) => ({ keygenId: keygenIds[i] as string, secret })) };
}
