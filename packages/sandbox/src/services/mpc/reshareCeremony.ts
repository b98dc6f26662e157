import type { MpcSocketParams } from '@latchkey/protocol';
import {
  checkDealer,
  dealReshare,
  decodePublic,
  encodePublic,
  fromHex,
  FROST_SIGNERS,
  FrostCulpritError,
  identifierOf,
  receiveReshare,
  resharedPublic,
  toHex,
  verifyShareProof,
  type DealerWire,
  type FrostScheme,
  type PublicPackageWire,
  type ReshareDealer,
} from '@latchkey/protocol/frost';
import type { SandboxContext } from '../../context.js';
import type { StepOutcome } from './ceremony.js';
import { decodeShare, encodeShare, type DkgShareWire } from './dkgState.js';
import { MpcRpcError } from './MpcRpcError.js';
import { openRoomState, type RoomRow } from './mpcRoomRepository.js';
import { replaceGeneration, serverSharesOf } from './mpcWalletRepository.js';
import { currentWallet } from './roomWallet.js';

/**
 * Reshare (to another scheme) and refresh (the same scheme, the same ids): `min` old shares deal —
 * the client's dealers and as many of the server's as the threshold still needs — to every
 * participant of the new generation (`@latchkey/protocol/frost` reshare.ts). 1: dealers' commitments
 * both ways, each checked against its old verifying share; 2: sub-shares both ways, each checked
 * against its dealer's commitments; 3: the client's new group key and verifying shares must equal the
 * server's, and the group key must be the wallet's — then the new generation replaces the old one
 * (older server shares and backups deleted).
 */

export interface ReshareParams {
  walletId: string;
  generation: number;
  oldScheme: FrostScheme;
  newScheme: FrostScheme;
  clientKeygenIds: string[];
  serverKeygenIds: string[];
}

interface AfterRound1 {
  /** The server dealers' sub-shares for every receiver. */
  subShares: DkgShareWire[];
}
interface AfterRound2 {
  publicPackage: PublicPackageWire;
  shares: { keygenId: string; identifier: string; signingShare: string }[];
}

const decodeDealer = (dealer: DealerWire, field: string): ReshareDealer => ({
  identifier: toHex(fromHex(dealer.identifier, `${field}.identifier`, 32)),
  commitment: dealer.commitment.map((point, i) => fromHex(point, `${field}.commitment[${i}]`, 32)),
});
const encodeDealer = (dealer: ReshareDealer): DealerWire => ({ identifier: dealer.identifier, commitment: dealer.commitment.map(toHex) });

function receiversOf(params: ReshareParams): { client: string[]; server: string[] } {
  return { client: params.clientKeygenIds.map(identifierOf), server: params.serverKeygenIds.map(identifierOf) };
}

export async function reshareRound1(ctx: SandboxContext, room: RoomRow<ReshareParams>, params: MpcSocketParams<'reshare.round1'>): Promise<StepOutcome<'reshare.round1'>> {
  const wallet = await currentWallet(ctx, room);
  const oldPublic = decodePublic(wallet.public_package);
  const newSigners = FROST_SIGNERS[room.params.newScheme];
  const oldClientIds = wallet.client_keygen_ids.map(identifierOf);
  const clientDealers = params.dealers.map((dealer, i) => decodeDealer(dealer, `dealers[${i}]`));
  const dealerIds = clientDealers.map((dealer) => dealer.identifier);
  if (new Set(dealerIds).size !== dealerIds.length || dealerIds.some((id) => !oldClientIds.includes(id))) {
    throw new MpcRpcError('invalid_params', "dealers must be distinct client shares of the wallet's current generation.");
  }
  const serverShares = await serverSharesOf(ctx, ctx.db, wallet);
  const serverDealerCount = oldPublic.signers.min - clientDealers.length;
  if (serverDealerCount < 0 || serverDealerCount > serverShares.length) {
    throw new MpcRpcError('invalid_params', `A ${wallet.threshold_signature_scheme} reshare needs ${oldPublic.signers.min - serverShares.length} to ${oldPublic.signers.min} client dealers.`);
  }
  for (const dealer of clientDealers) checkDealer(oldPublic, newSigners, dealer);
  // The commitment's constant only repeats the dealer's verifying share, which is public: the dealer must prove it holds
  // the share behind it, for this room — else a session alone could deal a polynomial nobody can finish (a wallet
  // nobody can sign with again, its old shares and backups gone).
  for (const [i, dealer] of params.dealers.entries()) {
    const id = (clientDealers[i] as ReshareDealer).identifier;
    if (!(await verifyShareProof(oldPublic.verifyingShares[id] as Uint8Array, id, 'reshare', room.id, dealer.proof ?? ''))) throw new FrostCulpritError(id, 'the dealer did not prove it holds its share');
  }
  const receivers = receiversOf(room.params);
  const dealings = serverShares.slice(0, serverDealerCount).map((share) => dealReshare(share.secret, newSigners, [...receivers.client, ...receivers.server]));
  const secretState: AfterRound1 = {
    subShares: dealings.flatMap((dealing) => Object.entries(dealing.subShares).map(([to, signingShare]) => encodeShare({ from: dealing.identifier, to, signingShare }))),
  };
  const serverDealers = dealings.map((dealing) => encodeDealer(dealing));
  return {
    result: { dealers: serverDealers },
    publicState: { dealers: [...clientDealers.map(encodeDealer), ...serverDealers] },
    secretState,
  };
}

export async function reshareRound2(ctx: SandboxContext, room: RoomRow<ReshareParams, { dealers: DealerWire[] }>, params: MpcSocketParams<'reshare.round2'>): Promise<StepOutcome<'reshare.round2'>> {
  const wallet = await currentWallet(ctx, room);
  const oldPublic = decodePublic(wallet.public_package);
  const newSigners = FROST_SIGNERS[room.params.newScheme];
  const dealers = (room.public_state?.dealers ?? []).map((dealer, i) => decodeDealer(dealer, `dealers[${i}]`));
  const state = openRoomState<AfterRound1>(ctx, room);
  const serverDealerIds = [...new Set(state.subShares.map((share) => share.from))];
  const clientDealerIds = dealers.map((dealer) => dealer.identifier).filter((id) => !serverDealerIds.includes(id));
  const receivers = receiversOf(room.params);
  const received = params.shares.map((share, i) => decodeShare(share, `shares[${i}]`));
  const pairs = received.map((share) => `${share.from}>${share.to}`).sort();
  const expected = clientDealerIds.flatMap((from) => receivers.server.map((to) => `${from}>${to}`)).sort();
  if (pairs.length !== expected.length || pairs.some((pair, i) => pair !== expected[i])) {
    throw new MpcRpcError('invalid_params', "shares must be one sub-share from each client dealer to each of the server's new participants.");
  }
  const newPublic = resharedPublic(oldPublic, newSigners, dealers, [...receivers.client, ...receivers.server]);
  const ours = state.subShares.map((share) => decodeShare(share));
  const shares = receivers.server.map((receiver, i) => {
    const subShares = Object.fromEntries([...received, ...ours].filter((share) => share.to === receiver).map((share) => [share.from, share.signingShare]));
    const secret = receiveReshare(newPublic, dealers, receiver, subShares);
    return { keygenId: room.params.serverKeygenIds[i] as string, identifier: secret.identifier, signingShare: toHex(secret.signingShare) };
  });
  const secretState: AfterRound2 = { publicPackage: encodePublic(newPublic), shares };
  return {
    result: { shares: ours.filter((share) => receivers.client.includes(share.to)).map(encodeShare) },
    secretState,
  };
}

export async function reshareRound3(ctx: SandboxContext, room: RoomRow<ReshareParams>, params: MpcSocketParams<'reshare.round3'>): Promise<StepOutcome<'reshare.round3'>> {
  const wallet = await currentWallet(ctx, room);
  const state = openRoomState<AfterRound2>(ctx, room);
  const mine = state.publicPackage;
  const ids = Object.keys(mine.verifyingShares);
  const agrees =
    mine.commitments[0] === params.publicKey &&
    ids.length === Object.keys(params.verifyingShares).length &&
    ids.every((id) => params.verifyingShares[id] === mine.verifyingShares[id]);
  if (!agrees) throw new MpcRpcError('package_invalid', 'The client and the server computed different new shares; the wallet is unchanged.');
  if (mine.commitments[0] !== wallet.public_key) throw new MpcRpcError('package_invalid', 'The reshared key differs from the wallet key; the wallet is unchanged.');
  return {
    result: { walletId: wallet.credential_id, address: wallet.address, publicKey: wallet.public_key, thresholdSignatureScheme: room.params.newScheme },
    commit: async (tx) => {
      const locked = await tx.query<{ generation: number }>('SELECT generation FROM mpc_wallets WHERE credential_id = $1 FOR UPDATE', [wallet.credential_id]);
      if (locked[0]?.generation !== room.params.generation) throw new MpcRpcError('room_closed', 'The wallet was reshared or refreshed meanwhile; nothing was changed.');
      await replaceGeneration(ctx, tx, wallet, {
        scheme: room.params.newScheme,
        publicPackage: mine,
        clientKeygenIds: room.params.clientKeygenIds,
        serverKeygenIds: room.params.serverKeygenIds,
        shares: state.shares.map((share) => ({ keygenId: share.keygenId, secret: { identifier: share.identifier, signingShare: fromHex(share.signingShare, 'share', 32) } })),
      });
    },
  };
}
