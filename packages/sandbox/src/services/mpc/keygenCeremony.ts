import { randomUUID } from 'node:crypto';
import bs58 from 'bs58';
import type { MpcSocketParams } from '@latchkey/protocol';
import {
  decodeRound1,
  dkgShares,
  encodePublic,
  encodeRound1,
  finishDkg,
  FROST_SIGNERS,
  FrostCulpritError,
  identifierOf,
  startDkg,
  toHex,
  type FrostScheme,
  type PublicPackageWire,
  type Round1Wire,
} from '@latchkey/protocol/frost';
import type { SandboxContext } from '../../context.js';
import type { StepOutcome } from './ceremony.js';
import { decodeParty, decodeShare, encodeParty, encodeShare, type DkgPartyWire, type DkgShareWire } from './dkgState.js';
import { MpcRpcError } from './MpcRpcError.js';
import { openRoomState, type RoomRow } from './mpcRoomRepository.js';
import { insertServerShares } from './mpcWalletRepository.js';
import { SOLANA_DEFAULT_PATH } from '../../custody/solanaKeys.js';
import { lockUsers } from '../users/userLocks.js';

/**
 * Key generation between the client's participants (device, backups) and the server's: the DKG of
 * @noble/curves in three messages. 1: round-1 packages both ways (the server checks the client's
 * proofs of knowledge at once); 2: the client's round-2 shares for the server's participants, the
 * server's for the client's; 3: the client's group key and verifying shares, which must equal the
 * server's — then the wallet exists (a verified credential) and the server's shares are stored sealed.
 */

export interface KeygenParams {
  chain: 'SOL';
  scheme: FrostScheme;
  clientKeygenIds: string[];
  serverKeygenIds: string[];
}

interface AfterRound1 {
  party: DkgPartyWire;
  /** The server members' round-2 shares (for the client's participants and for each other). */
  shares: DkgShareWire[];
}
interface AfterRound2 {
  shares: { keygenId: string; identifier: string; signingShare: string }[];
  publicPackage: PublicPackageWire;
}

const ids = (keygenIds: readonly string[]) => keygenIds.map(identifierOf);

function sameSet(actual: readonly string[], expected: readonly string[]): boolean {
  return actual.length === expected.length && new Set(actual).size === actual.length && actual.every((id) => expected.includes(id));
}

export async function keygenRound1(ctx: SandboxContext, room: RoomRow<KeygenParams>, params: MpcSocketParams<'keygen.round1'>): Promise<StepOutcome<'keygen.round1'>> {
  const { scheme, clientKeygenIds, serverKeygenIds } = room.params;
  const signers = FROST_SIGNERS[scheme];
  const clientIds = ids(clientKeygenIds);
  const packages = params.packages.map((pkg, i) => decodeRound1(pkg, `packages[${i}]`));
  if (!sameSet(packages.map((pkg) => pkg.identifier), clientIds)) {
    throw new MpcRpcError('invalid_params', 'packages must be one round-1 package per client keygen id of the room.', { expected: clientIds });
  }
  for (const pkg of packages) {
    if (pkg.commitment.length !== signers.min) throw new FrostCulpritError(pkg.identifier, `a ${scheme} round-1 package commits to ${signers.min} coefficients`);
  }
  const { party, round1 } = startDkg(ids(serverKeygenIds), signers);
  const all = [...packages, ...round1];
  const shares = dkgShares(party, all);
  const secretState: AfterRound1 = { party: encodeParty(party), shares: shares.map(encodeShare) };
  return {
    result: { packages: round1.map(encodeRound1) },
    publicState: { round1: all.map(encodeRound1) },
    secretState,
  };
}

export async function keygenRound2(ctx: SandboxContext, room: RoomRow<KeygenParams, { round1: Round1Wire[] }>, params: MpcSocketParams<'keygen.round2'>): Promise<StepOutcome<'keygen.round2'>> {
  const { clientKeygenIds, serverKeygenIds } = room.params;
  const clientIds = ids(clientKeygenIds);
  const serverIds = ids(serverKeygenIds);
  const received = params.packages.map((pkg, i) => decodeShare(pkg, `packages[${i}]`));
  const pairs = received.map((share) => `${share.from}>${share.to}`);
  const expected = clientIds.flatMap((from) => serverIds.map((to) => `${from}>${to}`));
  if (!sameSet(pairs, expected)) {
    throw new MpcRpcError('invalid_params', "packages must be one round-2 share from each of the client's participants to each of the server's.");
  }
  const state = openRoomState<AfterRound1>(ctx, room);
  const party = decodeParty(state.party);
  const round1 = (room.public_state?.round1 ?? []).map((pkg) => decodeRound1(pkg));
  const ours = state.shares.map((share) => decodeShare(share));
  const keys = finishDkg(party, round1, [...received, ...ours.filter((share) => serverIds.includes(share.to))]);
  const publicPackage = encodePublic((keys[0] as (typeof keys)[number]).public);
  const secretState: AfterRound2 = {
    publicPackage,
    shares: keys.map((key) => ({
      keygenId: serverKeygenIds[serverIds.indexOf(key.secret.identifier)] as string,
      identifier: key.secret.identifier,
      signingShare: toHex(key.secret.signingShare),
    })),
  };
  return {
    result: { packages: ours.filter((share) => clientIds.includes(share.to)).map(encodeShare) },
    secretState,
  };
}

function samePublicWire(a: PublicPackageWire, publicKey: string, verifyingShares: Record<string, string>): boolean {
  const ids = Object.keys(a.verifyingShares);
  return a.commitments[0] === publicKey && ids.length === Object.keys(verifyingShares).length && ids.every((id) => verifyingShares[id] === a.verifyingShares[id]);
}

export async function keygenRound3(ctx: SandboxContext, room: RoomRow<KeygenParams>, params: MpcSocketParams<'keygen.round3'>): Promise<StepOutcome<'keygen.round3'>> {
  const { chain, scheme, clientKeygenIds, serverKeygenIds } = room.params;
  const state = openRoomState<AfterRound2>(ctx, room);
  if (!samePublicWire(state.publicPackage, params.publicKey, params.verifyingShares)) {
    throw new MpcRpcError('package_invalid', 'The client and the server computed different group keys; nothing was created.');
  }
  const publicKey = state.publicPackage.commitments[0] as string;
  const address = bs58.encode(Buffer.from(publicKey, 'hex'));
  const walletId = randomUUID();
  return {
    result: { walletId, address, publicKey, thresholdSignatureScheme: scheme },
    commit: async (tx) => {
      const now = ctx.now().toISOString();
      // Under the user's row lock (as every change to a user's wallets): of two ceremonies ending at once, the second
      // sees the first's wallet — and one ending as the account is deleted finds no account.
      if ((await lockUsers(tx, room.user_id)).length === 0) throw new MpcRpcError('room_closed', 'The account of this ceremony no longer exists.');
      const existing = await tx.query('SELECT 1 FROM mpc_wallets WHERE environment_id = $1 AND user_id = $2 AND chain = $3', [ctx.environmentId, room.user_id, chain]);
      if (existing.length > 0) throw new MpcRpcError('room_closed', 'The user already has an MPC wallet on this chain.');
      await tx.query(
        `INSERT INTO verified_credentials (id, user_id, environment_id, format, identifier, created_at, last_selected_at) VALUES ($1, $2, $3, 'blockchain', $4, $5, $5)`,
        [walletId, room.user_id, ctx.environmentId, address, now],
      );
      await tx.query(
        `INSERT INTO mpc_wallets (credential_id, environment_id, user_id, chain, address, public_key, threshold_signature_scheme, generation, public_package,
           client_keygen_ids, server_keygen_ids, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8::jsonb, $9::jsonb, $10::jsonb, $11, $11)`,
        [walletId, ctx.environmentId, room.user_id, chain, address, publicKey, scheme, JSON.stringify(state.publicPackage), JSON.stringify(clientKeygenIds), JSON.stringify(serverKeygenIds), now],
      );
      await insertServerShares(
        ctx,
        tx,
        walletId,
        1,
        state.shares.map((share) => ({ keygenId: share.keygenId, secret: { identifier: share.identifier, signingShare: Buffer.from(share.signingShare, 'hex') as unknown as Uint8Array<ArrayBuffer> } })),
      );
    },
  };
}

/** The nominal derivation path of an MPC wallet's credential: the key is not derived, the path names the account convention. */
export const MPC_DERIVATION_PATH = SOLANA_DEFAULT_PATH;
