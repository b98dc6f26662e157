import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { p256 } from '@noble/curves/nist.js';
import { MPC_EXPORT_HPKE_INFO, type MpcSocketParams } from '@latchkey/protocol';
import { decodePublic, exportProofContext, FrostCulpritError, identifierOf, toHex, verifyShareProof } from '@latchkey/protocol/frost';
import type { SandboxContext } from '../../context.js';
import type { StepOutcome } from './ceremony.js';
import { MpcRpcError } from './MpcRpcError.js';
import type { RoomRow } from './mpcRoomRepository.js';
import { serverSharesOf } from './mpcWalletRepository.js';
import { currentWallet } from './roomWallet.js';

/**
 * Export: the server seals as many of its shares as the threshold needs beside the client's to the
 * export frame's key (HPKE, RFC 9180 base mode: DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM;
 * info `latchkey-mpc-export`, AAD the share's identifier). Only the frame, on the custody origin, can
 * open them and combine the key; the host page relays ciphertext.
 */

export interface ExportParams {
  walletId: string;
  generation: number;
}

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

export async function exportShare(ctx: SandboxContext, room: RoomRow<ExportParams>, params: MpcSocketParams<'export.share'>): Promise<StepOutcome<'export.share'>> {
  const wallet = await currentWallet(ctx, room);
  const pub = decodePublic(wallet.public_package);
  const clientIds = wallet.client_keygen_ids.map(identifierOf);
  const given = params.clientIdentifiers;
  if (new Set(given).size !== given.length || given.some((id) => !clientIds.includes(id))) {
    throw new MpcRpcError('invalid_params', "clientIdentifiers must be distinct client shares of the wallet's current generation.");
  }
  // The server's shares go only to the holder of the named ones: a proof per share, for this room and this target key.
  if (params.proofs.length !== given.length) throw new MpcRpcError('invalid_params', 'proofs must hold one proof per client identifier.');
  const context = exportProofContext(room.id, params.targetPublicKey);
  for (const [i, id] of given.entries()) {
    if (!(await verifyShareProof(pub.verifyingShares[id] as Uint8Array, id, 'export', context, params.proofs[i] as string))) throw new FrostCulpritError(id, 'the client did not prove it holds this share');
  }
  const shares = await serverSharesOf(ctx, ctx.db, wallet);
  const needed = pub.signers.min - given.length;
  if (needed < 1) throw new MpcRpcError('invalid_params', 'These client shares reach the threshold alone; the server sends none.');
  if (needed > shares.length) throw new MpcRpcError('invalid_params', `Exporting a ${wallet.threshold_signature_scheme} wallet needs at least ${pub.signers.min - shares.length} client shares.`);
  let target: Uint8Array;
  try {
    target = p256.Point.fromHex(params.targetPublicKey).toBytes(false);
  } catch {
    throw new MpcRpcError('invalid_params', 'targetPublicKey must be an uncompressed P-256 public key.');
  }
  const recipientPublicKey = await suite.kem.deserializePublicKey(target.slice().buffer);
  const info = new TextEncoder().encode(MPC_EXPORT_HPKE_INFO).buffer as ArrayBuffer;
  const sealed = [];
  for (const share of shares.slice(0, needed)) {
    const sender = await suite.createSenderContext({ recipientPublicKey, info });
    const aad = new TextEncoder().encode(share.secret.identifier).buffer as ArrayBuffer;
    const ciphertext = new Uint8Array(await sender.seal(share.secret.signingShare.slice().buffer, aad));
    sealed.push({ identifier: share.secret.identifier, encapsulatedKey: toHex(new Uint8Array(sender.enc)), ciphertext: toHex(ciphertext) });
  }
  return { result: { shares: sealed as [(typeof sealed)[number], ...(typeof sealed)[number][]] } };
}
