import type { FrostPublic, FrostSecret, Key } from '@noble/curves/abstract/frost.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import type { MpcSocketMethod, MpcSocketParams, MpcSocketResult } from '@latchkey/protocol';
import {
  commitShares,
  dealReshare,
  exportProofContext,
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
  toHex,
  cleanDkg,
  startDkg,
  type CommittedNonces,
  type DkgShare,
  type FrostScheme,
  type PublicPackageWire,
  type ReshareDealer,
  type ReshareDealing,
} from '@latchkey/protocol/frost';
import { mpcError } from './mpcError.js';

/**
 * The client's side of each MPC ceremony (packages/sandbox/README.md, "MPC wallets"), as steps the
 * `mpcSession` machine runs one by one over the socket. A ceremony object holds this attempt's
 * secrets (DKG polynomials, signing nonces) and `discard()`s them on any failure: a restarted
 * ceremony starts from a new room with new secrets, so nonces never sign twice.
 */

/** The socket as a ceremony calls it: one JSON-RPC method, its params and its checked result. */
export interface MpcRpc {
  call<M extends Exclude<MpcSocketMethod, 'rpc.login'>>(method: M, params: MpcSocketParams<M>): Promise<MpcSocketResult<M>>;
}

export type MpcStepName =
  | 'keygenRound1'
  | 'keygenRound2'
  | 'keygenRound3'
  | 'signCommit'
  | 'signShare'
  | 'reshareRound1'
  | 'reshareRound2'
  | 'reshareRound3'
  | 'exportShare';

export interface CeremonyStep {
  readonly name: MpcStepName;
  run(rpc: MpcRpc): Promise<void>;
}

export interface Ceremony<R = unknown> {
  readonly steps: readonly CeremonyStep[];
  /** The outcome once every step ran. */
  result(): R;
  /** Forgets this attempt's secrets (zeroes nonces, drops polynomials). Idempotent. */
  discard(): void;
}

/** A client share with its keygen id, as the kit keeps and backs it up. */
export interface ClientShare {
  keygenId: string;
  secret: FrostSecret;
}

/** The outcome of keygen and reshare: the wallet, its public package and every client share (device first). */
export interface KeyMaterial {
  walletId: string;
  address: string;
  scheme: FrostScheme;
  public: PublicPackageWire;
  shares: ClientShare[];
}

const done = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`The ceremony has no ${what} yet.`);
  return value;
};

/**
 * The address a server names for a key must be the group key the ceremony made here (its first commitment): a server
 * that named another — one it holds alone — would have the user fund it.
 */
function checkedAddress(address: string, wire: PublicPackageWire): string {
  if (address !== base58.encode(fromHex(wire.commitments[0] as string, 'publicKey', 32))) {
    throw mpcError('mpc_ceremony_refused', { params: { reason: 'the address it named is not the key made with this device' } });
  }
  return address;
}

/** Keygen: DKG between `clientKeygenIds` (here) and the room's server ids. */
export function keygenCeremony(room: { roomId: string; serverKeygenIds: string[] }, scheme: FrostScheme, clientKeygenIds: readonly string[]): Ceremony<KeyMaterial> {
  const signers = FROST_SIGNERS[scheme];
  const serverIds = room.serverKeygenIds.map(identifierOf);
  const { party, round1 } = startDkg(clientKeygenIds.map(identifierOf), signers);
  let all: ReturnType<typeof decodeRound1>[] | undefined;
  let local: DkgShare[] = [];
  let keys: Key[] | undefined;
  let outcome: KeyMaterial | undefined;
  return {
    steps: [
      {
        name: 'keygenRound1',
        async run(rpc) {
          const answer = await rpc.call('keygen.round1', { roomId: room.roomId, packages: round1.map(encodeRound1) as never });
          all = [...round1, ...answer.packages.map((pkg, i) => decodeRound1(pkg, `packages[${i}]`))];
        },
      },
      {
        name: 'keygenRound2',
        async run(rpc) {
          const shares = dkgShares(party, done(all, 'round 1'));
          local = shares.filter((share) => !serverIds.includes(share.to));
          const out = shares.filter((share) => serverIds.includes(share.to)).map((share) => ({ from: share.from, to: share.to, signingShare: toHex(share.signingShare) }));
          const answer = await rpc.call('keygen.round2', { roomId: room.roomId, packages: out as never });
          const received = answer.packages.map((pkg) => ({ from: pkg.from, to: pkg.to, signingShare: fromHex(pkg.signingShare, 'signingShare', 32) }));
          keys = finishDkg(party, done(all, 'round 1'), [...local, ...received]);
        },
      },
      {
        name: 'keygenRound3',
        async run(rpc) {
          const made = done(keys, 'keys');
          const wire = encodePublic((made[0] as Key).public);
          const answer = await rpc.call('keygen.round3', { roomId: room.roomId, publicKey: wire.commitments[0] as string, verifyingShares: wire.verifyingShares });
          outcome = {
            walletId: answer.walletId,
            address: checkedAddress(answer.address, wire),
            scheme,
            public: wire,
            shares: made.map((key, i) => ({ keygenId: clientKeygenIds[i] as string, secret: key.secret })),
          };
        },
      },
    ],
    result: () => done(outcome, 'wallet'),
    discard() {
      cleanDkg(party);
      for (const share of local) share.signingShare.fill(0);
      local = [];
    },
  };
}

/** Signing `message` with the client's `secrets` (and the server, which coordinates). */
export function signCeremony(room: { roomId: string }, pub: FrostPublic, secrets: readonly FrostSecret[], message: Uint8Array): Ceremony<Uint8Array> {
  let round: { nonces: CommittedNonces; list: ReturnType<typeof decodeCommitments>[] } | undefined;
  let signature: Uint8Array | undefined;
  return {
    steps: [
      {
        name: 'signCommit',
        async run(rpc) {
          const { nonces, commitments } = commitShares(secrets);
          round = { nonces, list: commitments };
          const answer = await rpc.call('sign.commit', { roomId: room.roomId, commitments: commitments.map(encodeCommitments) as never });
          round.list = [...commitments, ...answer.commitments.map((c, i) => decodeCommitments(c, `commitments[${i}]`))];
        },
      },
      {
        name: 'signShare',
        async run(rpc) {
          const { nonces, list } = done(round, 'commitments');
          const shares = signCommitted(secrets, pub, nonces, list, message);
          const answer = await rpc.call('sign.share', { roomId: room.roomId, shares: Object.entries(shares).map(([identifier, share]) => ({ identifier, share: toHex(share) })) as never });
          const combined = fromHex(answer.signature, 'signature', 64);
          // The server combines the shares: what it hands back must be a signature of this message by this key.
          if (!ed25519.verify(combined, message, fromHex(encodePublic(pub).commitments[0] as string, 'publicKey', 32))) {
            throw mpcError('mpc_ceremony_refused', { params: { reason: 'the signature it returned does not verify for this message and key' } });
          }
          signature = combined;
        },
      },
    ],
    result: () => done(signature, 'signature'),
    discard: () => round?.nonces.discard(),
  };
}

/** Reshare (or refresh): the client's `dealers` deal to the new client ids and the room's new server ids. */
export function reshareCeremony(
  room: { roomId: string; serverKeygenIds: string[]; walletId: string; address: string },
  oldPub: FrostPublic,
  dealers: readonly FrostSecret[],
  scheme: FrostScheme,
  clientKeygenIds: readonly string[],
): Ceremony<KeyMaterial> {
  const signers = FROST_SIGNERS[scheme];
  const clientReceivers = clientKeygenIds.map(identifierOf);
  const serverReceivers = room.serverKeygenIds.map(identifierOf);
  let dealings: ReshareDealing[] = dealers.map((dealer) => dealReshare(dealer, signers, [...clientReceivers, ...serverReceivers]));
  let all: ReshareDealer[] | undefined;
  let secrets: FrostSecret[] | undefined;
  let newPub: FrostPublic | undefined;
  let outcome: KeyMaterial | undefined;
  return {
    steps: [
      {
        name: 'reshareRound1',
        async run(rpc) {
          // Each dealer proves it holds its share, for this room: a commitment alone only repeats a public point.
          const proofs = await Promise.all(dealers.map((dealer) => proveShare(dealer, 'reshare', room.roomId)));
          const wire = dealings.map((d, i) => ({ identifier: d.identifier, commitment: d.commitment.map(toHex), proof: toHex(proofs[i] as Uint8Array) }));
          const answer = await rpc.call('reshare.round1', { roomId: room.roomId, dealers: wire as never });
          all = [...dealings, ...answer.dealers.map((d, i) => ({ identifier: d.identifier, commitment: d.commitment.map((c, k) => fromHex(c, `dealers[${i}].commitment[${k}]`, 32)) }))];
          newPub = resharedPublic(oldPub, signers, all, [...clientReceivers, ...serverReceivers]);
        },
      },
      {
        name: 'reshareRound2',
        async run(rpc) {
          const out = dealings.flatMap((d) => serverReceivers.map((to) => ({ from: d.identifier, to, signingShare: toHex(d.subShares[to] as Uint8Array) })));
          const answer = await rpc.call('reshare.round2', { roomId: room.roomId, shares: out });
          const pub = done(newPub, 'public package');
          secrets = clientReceivers.map((receiver) =>
            receiveReshare(pub, done(all, 'dealers'), receiver, {
              ...Object.fromEntries(dealings.map((d) => [d.identifier, d.subShares[receiver] as Uint8Array])),
              ...Object.fromEntries(answer.shares.filter((s) => s.to === receiver).map((s) => [s.from, fromHex(s.signingShare, 'signingShare', 32)])),
            }),
          );
        },
      },
      {
        name: 'reshareRound3',
        async run(rpc) {
          const wire = encodePublic(done(newPub, 'public package'));
          await rpc.call('reshare.round3', { roomId: room.roomId, publicKey: wire.commitments[0] as string, verifyingShares: wire.verifyingShares });
          outcome = {
            walletId: room.walletId,
            address: checkedAddress(room.address, wire),
            scheme,
            public: wire,
            shares: done(secrets, 'shares').map((secret, i) => ({ keygenId: clientKeygenIds[i] as string, secret })),
          };
        },
      },
    ],
    result: () => done(outcome, 'wallet'),
    discard() {
      for (const dealing of dealings) for (const share of Object.values(dealing.subShares)) share.fill(0);
      dealings = [];
    },
  };
}

export type SealedServerShare = MpcSocketResult<'export.share'>['shares'][number];

/** Export: the server seals the shares the threshold still needs to the export frame's key. */
export function exportCeremony(room: { roomId: string }, targetPublicKey: string, shares: readonly FrostSecret[]): Ceremony<SealedServerShare[]> {
  let sealed: SealedServerShare[] | undefined;
  return {
    steps: [
      {
        name: 'exportShare',
        async run(rpc) {
          // The server seals its shares only for the holder of these: a proof per share, bound to the room and the target.
          const context = exportProofContext(room.roomId, targetPublicKey);
          const clientIdentifiers = shares.map((share) => share.identifier);
          const proofs = (await Promise.all(shares.map((share) => proveShare(share, 'export', context)))).map(toHex);
          sealed = (await rpc.call('export.share', { roomId: room.roomId, targetPublicKey, clientIdentifiers: clientIdentifiers as never, proofs: proofs as never })).shares;
        },
      },
    ],
    result: () => done(sealed, 'sealed shares'),
    discard: () => undefined,
  };
}
