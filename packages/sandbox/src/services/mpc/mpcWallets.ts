import { createHash, randomUUID } from 'node:crypto';
import type { KeyGeneration, KeyShareBackup, KeyShareList, MpcRoom, RecoveredKeyShares, ThresholdSchemeChange, User } from '@latchkey/protocol';
import { backupProofContext, CLIENT_KEY_SHARES, decodePublic, identifierOf, SERVER_KEY_SHARES, verifyShareProof, type FrostScheme } from '@latchkey/protocol/frost';
import type { SandboxContext } from '../../context.js';
import { ApiError } from '../../errors/ApiError.js';
import { assertRecentSecondFactor } from '../mfa/stepUp.js';
import type { Auth } from '../session/authenticate.js';
import type { ExportParams } from './exportCeremony.js';
import { MPC_DERIVATION_PATH, type KeygenParams } from './keygenCeremony.js';
import { createRoom } from './mpcRoomRepository.js';
import { backupsOf, findMpcWallet, mpcWalletsOf, type MpcBackupRow, type MpcWalletRow } from './mpcWalletRepository.js';
import type { ReshareParams } from './reshareCeremony.js';
import type { SignParams } from './signCeremony.js';

/**
 * The product API's MPC routes (`/waas/*`): each opens a ceremony room the client then runs over the
 * socket, or keeps the encrypted backups of the client's shares. The server's party joins every
 * ceremony; it never holds the whole key.
 */

export const mpcMessages = {
  disabled: 'MPC wallets are not enabled for this project (sdk.waas.enabled).',
  onlySolana: 'MPC wallets are available on SOL only.',
  tooMany: 'The user already has an MPC wallet on this chain.',
  keygenIds: '{scheme} needs {count} client keygen id(s), one per client share.',
  unknownWallet: 'No MPC wallet of this user has this id.',
  oldScheme: 'The wallet is {scheme}, not {given}.',
  walletMismatch: 'walletId must be the wallet of the path.',
  cloudBackup: 'This key share is kept in {location}; read it from there.',
  unknownShare: 'No backup of this wallet has this id.',
  unknownKeygenId: "keygenId must be a client share of the wallet's current generation.",
  generationChanged: 'The wallet was reshared or refreshed meanwhile; back up the new shares.',
  unprovenShare: 'The backup does not prove that this device holds the key share it backs up.',
  replayedBackup: 'This backup request was recorded before and a newer backup has replaced it since; send a new one.',
} as const;

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

async function requireWaas(ctx: SandboxContext): Promise<{ defaultScheme: FrostScheme }> {
  const waas = (await ctx.settings.get()).sdk.waas;
  if (!waas?.enabled) throw new ApiError(400, 'invalid_mpc_environment', mpcMessages.disabled);
  return { defaultScheme: waas.defaultThresholdSignatureScheme ?? 'TWO_OF_TWO' };
}

function checkKeygenIds(scheme: FrostScheme, clientKeygenIds: readonly string[]): void {
  const count = CLIENT_KEY_SHARES[scheme];
  if (clientKeygenIds.length !== count) throw new ApiError(400, 'invalid_key_shares_length', fill(mpcMessages.keygenIds, { scheme, count }), 'clientKeygenIds');
}

/** A fresh keygen id per server share that `scheme` gives the server. */
const serverKeygenIds = (scheme: FrostScheme) => Array.from({ length: SERVER_KEY_SHARES[scheme] }, () => randomUUID());

/** The caller's MPC wallet `walletId`, or 404 `invalid_wallet_id`. */
export async function ownMpcWallet(ctx: SandboxContext, auth: Auth, walletId: string): Promise<MpcWalletRow> {
  const wallet = await findMpcWallet(ctx.db, ctx.environmentId, walletId);
  if (!wallet || wallet.user_id !== auth.userId) throw new ApiError(404, 'invalid_wallet_id', mpcMessages.unknownWallet, 'walletId');
  return wallet;
}

/** POST /waas/create: a keygen room for the scheme asked (or the project's default). */
export async function openKeygen(ctx: SandboxContext, auth: Auth, body: KeyGeneration): Promise<MpcRoom> {
  const { defaultScheme } = await requireWaas(ctx);
  if (body.chain !== 'SOL') throw new ApiError(400, 'invalid_embedded_wallet_chains_configuration', mpcMessages.onlySolana, 'chain');
  const scheme = body.thresholdSignatureScheme ?? defaultScheme;
  checkKeygenIds(scheme, body.clientKeygenIds);
  const existing = await mpcWalletsOf(ctx.db, ctx.environmentId, auth.userId);
  if (existing.some((wallet) => wallet.chain === body.chain)) throw new ApiError(409, 'too_many_embedded_wallets_per_chain_for_user', mpcMessages.tooMany, 'chain');
  const params: KeygenParams = { chain: 'SOL', scheme, clientKeygenIds: body.clientKeygenIds, serverKeygenIds: serverKeygenIds(scheme) };
  const roomId = await createRoom(ctx, ctx.db, { userId: auth.userId, kind: 'keygen', params });
  return { roomId, serverKeygenIds: params.serverKeygenIds };
}

/** POST /waas/{walletId}/signMessage: a signing room for `message` (hex). */
export async function openSign(ctx: SandboxContext, auth: Auth, walletId: string, message: string): Promise<MpcRoom> {
  const wallet = await ownMpcWallet(ctx, auth, walletId);
  const params: SignParams = { walletId, generation: wallet.generation, message };
  const roomId = await createRoom(ctx, ctx.db, { userId: auth.userId, walletId, kind: 'sign', params });
  return { roomId, serverKeygenIds: wallet.server_keygen_ids, walletId };
}

/**
 * Refresh, reshare, export and recovering backup shares need a second factor passed in the last 5 minutes when the
 * user has one (403 `mfa_invalid_request`, `assertRecentSecondFactor`), as deleting a wallet does: the first two
 * replace every share and delete the old ones and their backups, the last two hand shares out. Signing does not ask.
 */
async function ownWalletAfterStepUp(ctx: SandboxContext, auth: Auth, walletId: string): Promise<MpcWalletRow> {
  const wallet = await ownMpcWallet(ctx, auth, walletId);
  await assertRecentSecondFactor(ctx, ctx.db, auth);
  return wallet;
}

/** POST /waas/{walletId}/reshare: a reshare room to the new scheme, the same key. */
export async function openReshare(ctx: SandboxContext, auth: Auth, walletId: string, body: ThresholdSchemeChange): Promise<MpcRoom> {
  await requireWaas(ctx);
  const wallet = await ownWalletAfterStepUp(ctx, auth, walletId);
  if (body.oldThresholdSignatureScheme !== wallet.threshold_signature_scheme) {
    throw new ApiError(400, 'invalid_request', fill(mpcMessages.oldScheme, { scheme: wallet.threshold_signature_scheme, given: body.oldThresholdSignatureScheme }), 'oldThresholdSignatureScheme');
  }
  checkKeygenIds(body.newThresholdSignatureScheme, body.clientKeygenIds);
  const params: ReshareParams = {
    walletId,
    generation: wallet.generation,
    oldScheme: wallet.threshold_signature_scheme,
    newScheme: body.newThresholdSignatureScheme,
    clientKeygenIds: body.clientKeygenIds,
    serverKeygenIds: serverKeygenIds(body.newThresholdSignatureScheme),
  };
  const roomId = await createRoom(ctx, ctx.db, { userId: auth.userId, walletId, kind: 'reshare', params });
  return { roomId, serverKeygenIds: params.serverKeygenIds, walletId };
}

/** POST /waas/{walletId}/refresh: new shares for the same scheme and participants, the same key. */
export async function openRefresh(ctx: SandboxContext, auth: Auth, walletId: string): Promise<MpcRoom> {
  await requireWaas(ctx);
  const wallet = await ownWalletAfterStepUp(ctx, auth, walletId);
  const scheme = wallet.threshold_signature_scheme;
  const params: ReshareParams = {
    walletId,
    generation: wallet.generation,
    oldScheme: scheme,
    newScheme: scheme,
    clientKeygenIds: wallet.client_keygen_ids,
    serverKeygenIds: wallet.server_keygen_ids,
  };
  const roomId = await createRoom(ctx, ctx.db, { userId: auth.userId, walletId, kind: 'refresh', params });
  return { roomId, serverKeygenIds: params.serverKeygenIds, walletId };
}

/** POST /waas/{walletId}/privateKey/export: an export room (the server's shares go sealed to the export frame). */
export async function openExport(ctx: SandboxContext, auth: Auth, walletId: string): Promise<MpcRoom> {
  const wallet = await ownWalletAfterStepUp(ctx, auth, walletId);
  const params: ExportParams = { walletId, generation: wallet.generation };
  const roomId = await createRoom(ctx, ctx.db, { userId: auth.userId, walletId, kind: 'export', params });
  return { roomId, serverKeygenIds: wallet.server_keygen_ids, walletId };
}

const keyShareRecord = (row: MpcBackupRow) => ({ id: row.id, backupLocation: row.backup_location, passwordEncrypted: row.password_encrypted });

/**
 * POST /waas/{walletId}/keyShares/backup: records a backup of a client share of the current generation — one per
 * share (`keygenId`, a client keygen id of the wallet) and place, a newer one replacing the older. The backup carries
 * a proof that its sender holds that share (`proof`, purpose `backup` over `backupProofContext`): the verifying shares
 * are public, the share is not, so a stolen session alone can neither replace a backup nor plant one (403 forbidden).
 * Each request is recorded once: sent again (a retry), it answers the list unchanged while the backup it made stands,
 * and 403 `forbidden` once a newer one has replaced it — a captured request cannot put an older backup back.
 * Records made before proofs were asked for (no keygen id) stay until the next reshare or refresh drops them.
 */
export async function backupKeyShare(ctx: SandboxContext, auth: Auth, walletId: string, body: KeyShareBackup): Promise<KeyShareList> {
  const wallet = await ownMpcWallet(ctx, auth, walletId);
  if (body.walletId !== walletId) throw new ApiError(400, 'invalid_request', mpcMessages.walletMismatch, 'walletId');
  if (!wallet.client_keygen_ids.includes(body.keygenId)) throw new ApiError(400, 'invalid_request', mpcMessages.unknownKeygenId, 'keygenId');
  const identifier = identifierOf(body.keygenId);
  const verifyingShare = decodePublic(wallet.public_package).verifyingShares[identifier];
  if (!verifyingShare || !(await verifyShareProof(verifyingShare, identifier, 'backup', backupProofContext(walletId, body), body.proof))) {
    throw new ApiError(403, 'forbidden', mpcMessages.unprovenShare, 'proof');
  }
  const proofHash = createHash('sha256').update(body.proof).digest('hex');
  await ctx.db.transaction(async (tx) => {
    const locked = await tx.query<{ generation: number }>('SELECT generation FROM mpc_wallets WHERE credential_id = $1 FOR UPDATE', [walletId]);
    if (locked[0]?.generation !== wallet.generation) throw new ApiError(409, 'invalid_request', mpcMessages.generationChanged);
    const [seen] = await tx.query<{ standing: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM mpc_key_share_backups b WHERE b.id = p.backup_id) AS standing
         FROM mpc_backup_proofs p WHERE p.wallet_id = $1 AND p.generation = $2 AND p.proof_hash = $3`,
      [walletId, wallet.generation, proofHash],
    );
    if (seen?.standing) return;
    if (seen) throw new ApiError(403, 'forbidden', mpcMessages.replayedBackup, 'proof');
    const backupId = randomUUID();
    await tx.query('INSERT INTO mpc_backup_proofs (wallet_id, generation, proof_hash, backup_id) VALUES ($1, $2, $3, $4)', [walletId, wallet.generation, proofHash, backupId]);
    await tx.query(
      `DELETE FROM mpc_key_share_backups WHERE wallet_id = $1 AND generation = $2 AND backup_location IS NOT DISTINCT FROM $3 AND keygen_id IS NOT DISTINCT FROM $4`,
      [walletId, wallet.generation, body.backupLocation ?? null, body.keygenId],
    );
    await tx.query(
      `INSERT INTO mpc_key_share_backups (id, environment_id, wallet_id, generation, backup_location, keygen_id, secret, password_encrypted, source, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [backupId, ctx.environmentId, walletId, wallet.generation, body.backupLocation ?? null, body.keygenId, body.secret ?? null, body.passwordEncrypted ?? false, body.source, ctx.now().toISOString()],
    );
  });
  return { keyShares: (await backupsOf(ctx.db, walletId, wallet.generation)).map(keyShareRecord) };
}

/**
 * POST /waas/{walletId}/keyShares/recover: the encrypted shares the product API keeps, by id — after a recent second
 * factor, as export: a backup share and the server's sign without the device, so a stolen session must not take one.
 */
export async function recoverKeyShares(ctx: SandboxContext, auth: Auth, walletId: string, keyShareIds: readonly string[]): Promise<RecoveredKeyShares> {
  const wallet = await ownWalletAfterStepUp(ctx, auth, walletId);
  const backups = await backupsOf(ctx.db, walletId, wallet.generation);
  const keyShares = keyShareIds.map((id) => {
    const row = backups.find((backup) => backup.id === id);
    if (!row) throw new ApiError(404, 'not_found', mpcMessages.unknownShare, 'keyShareIds');
    if (row.secret === null) throw new ApiError(400, 'invalid_request', fill(mpcMessages.cloudBackup, { location: row.backup_location ?? 'a cloud drive' }), 'keyShareIds');
    return { ...keyShareRecord(row), secret: row.secret };
  });
  return { keyShares };
}

/** The wire fields of a blockchain credential backed by an MPC wallet (SPEC §3 MPC properties). */
export function mpcWalletFields(wallet: MpcWalletRow, backups: readonly MpcBackupRow[]): Partial<User['verifiedCredentials'][number]> {
  return {
    address: wallet.address,
    chain: wallet.chain as 'SOL',
    wallet_name: 'dynamicwaas',
    wallet_provider: 'embeddedWallet',
    embedded_wallet_id: wallet.credential_id,
    wallet_properties: {
      walletType: 'mpc',
      thresholdSignatureScheme: wallet.threshold_signature_scheme,
      keyShares: backups.filter((backup) => backup.generation === wallet.generation).map(keyShareRecord),
      derivationPath: MPC_DERIVATION_PATH,
      source: 'user',
      version: 'V3',
      claimed: true,
    },
  };
}

/** The FROST identifiers of a wallet's client shares (current generation), in keygen-id order. */
export const clientIdentifiersOf = (wallet: MpcWalletRow) => wallet.client_keygen_ids.map(identifierOf);
