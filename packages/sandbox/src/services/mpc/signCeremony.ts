import type { NonceCommitments } from '@noble/curves/abstract/frost.js';
import { ed25519, ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import type { MpcSocketParams } from '@latchkey/protocol';
import {
  aggregateSignature,
  FrostCulpritError,
  decodeCommitments,
  decodePublic,
  encodeCommitments,
  fromHex,
  identifierOf,
  toHex,
  type NonceCommitmentWire,
} from '@latchkey/protocol/frost';
import type { SandboxContext } from '../../context.js';
import type { StepOutcome } from './ceremony.js';
import { MpcRpcError } from './MpcRpcError.js';
import { openRoomState, type RoomRow } from './mpcRoomRepository.js';
import { currentWallet } from './roomWallet.js';
import { serverSharesOf } from './mpcWalletRepository.js';

/**
 * Signing (RFC 9591 §5) with the server as coordinator: `sign.commit` takes the client's nonce
 * commitments and answers the server's (fresh nonces, sealed in the room until used); `sign.share`
 * takes the client's signature shares, signs with the server's shares (the nonces are consumed: the
 * room is done), aggregates and checks the plain Ed25519 signature — a failing one names the bad shares. The server never
 * signs alone: a commit without client shares, or with so few that the server's cannot reach the
 * threshold, is refused.
 */

export interface SignParams {
  walletId: string;
  generation: number;
  /** The bytes to sign, hex. */
  message: string;
}

interface Committed {
  nonces: { identifier: string; hiding: string; binding: string }[];
}

function distinct(ids: readonly string[]): boolean {
  return new Set(ids).size === ids.length;
}

/**
 * A nonce commitment must be a point of the prime-order subgroup other than the identity (RFC 9591 §4.1: the
 * deserialised element is checked): refused at `sign.commit`, naming its sender, before it reaches a signature share.
 */
function checkNoncePoints(commitments: readonly NonceCommitments[]): void {
  for (const commitment of commitments) {
    for (const bytes of [commitment.hiding, commitment.binding]) {
      let valid = false;
      try {
        const point = ed25519.Point.fromBytes(bytes);
        point.assertValidity();
        valid = !point.is0() && point.isTorsionFree();
      } catch {
        valid = false;
      }
      if (!valid) throw new FrostCulpritError(commitment.identifier, 'a nonce commitment is not a point of the prime-order subgroup');
    }
  }
}

export async function signCommit(ctx: SandboxContext, room: RoomRow<SignParams>, params: MpcSocketParams<'sign.commit'>): Promise<StepOutcome<'sign.commit'>> {
  const wallet = await currentWallet(ctx, room);
  const pub = decodePublic(wallet.public_package);
  const clientIds = wallet.client_keygen_ids.map(identifierOf);
  const client = params.commitments.map((commitment, i) => decodeCommitments(commitment, `commitments[${i}]`));
  const clientSigners = client.map((commitment) => commitment.identifier);
  if (!distinct(clientSigners) || clientSigners.some((id) => !clientIds.includes(id))) {
    throw new MpcRpcError('invalid_params', "commitments must come from distinct client shares of this wallet's current generation.");
  }
  checkNoncePoints(client);
  const serverShares = await serverSharesOf(ctx, ctx.db, wallet);
  const needed = pub.signers.min - client.length;
  if (needed < 1) throw new MpcRpcError('invalid_params', 'These client shares reach the threshold alone; the server takes no part.');
  if (needed > serverShares.length) throw new MpcRpcError('invalid_params', `A ${wallet.threshold_signature_scheme} signature needs at least ${pub.signers.min - serverShares.length} client shares.`);
  const signing = serverShares.slice(0, needed).map((share) => ({ share, ...frost.commit(share.secret) }));
  const secretState: Committed = {
    nonces: signing.map(({ share, nonces }) => ({ identifier: share.secret.identifier, hiding: toHex(nonces.hiding), binding: toHex(nonces.binding) })),
  };
  const server = signing.map(({ commitments }) => encodeCommitments(commitments));
  return {
    result: { commitments: server },
    publicState: { commitments: [...params.commitments, ...server] },
    secretState,
  };
}

export async function signShare(ctx: SandboxContext, room: RoomRow<SignParams, { commitments: NonceCommitmentWire[] }>, params: MpcSocketParams<'sign.share'>): Promise<StepOutcome<'sign.share'>> {
  const wallet = await currentWallet(ctx, room);
  const pub = decodePublic(wallet.public_package);
  const state = openRoomState<Committed>(ctx, room);
  const commitmentList: NonceCommitments[] = (room.public_state?.commitments ?? []).map((c) => decodeCommitments(c));
  const serverIds = state.nonces.map((nonce) => nonce.identifier);
  const clientSigners = commitmentList.map((c) => c.identifier).filter((id) => !serverIds.includes(id));
  const shares = params.shares.map((share, i) => ({ identifier: share.identifier, share: fromHex(share.share, `shares[${i}].share`, 32) }));
  const given = shares.map((share) => share.identifier);
  if (!distinct(given) || given.length !== clientSigners.length || given.some((id) => !clientSigners.includes(id))) {
    throw new MpcRpcError('invalid_params', 'shares must be one signature share per client commitment of this room.');
  }
  const message = fromHex(room.params.message, 'message');
  const clientShares = Object.fromEntries(shares.map((share) => [share.identifier, share.share]));
  // The client's shares are checked by the aggregation: a signature that does not verify names every bad share
  // (RFC 9591 §5.4 on failure only, which spares a verification per signature).
  const secrets = await serverSharesOf(ctx, ctx.db, wallet);
  const serverShares: Record<string, Uint8Array> = {};
  for (const nonce of state.nonces) {
    const secret = secrets.find((share) => share.secret.identifier === nonce.identifier)?.secret;
    if (!secret) throw new MpcRpcError('room_closed', 'The wallet changed during this ceremony; open a new room.');
    serverShares[nonce.identifier] = frost.signShare(secret, pub, { hiding: fromHex(nonce.hiding, 'nonce', 32), binding: fromHex(nonce.binding, 'nonce', 32) }, commitmentList, message);
  }
  const signature = aggregateSignature(pub, commitmentList, message, { ...clientShares, ...serverShares });
  return {
    result: { shares: Object.entries(serverShares).map(([identifier, share]) => ({ identifier, share: toHex(share) })), signature: toHex(signature) },
  };
}
