import type { FrostSecret } from '@noble/curves/abstract/frost.js';
import { fromHex, toHex, type FrostScheme, type PublicPackageWire } from '@latchkey/protocol/frost';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { seal, unseal } from './mpcSecrets.js';

/** A row of `mpc_wallets`: the server's view of a user's MPC wallet (its verified credential's id is the wallet id). */
export interface MpcWalletRow {
  credential_id: string;
  user_id: string;
  chain: string;
  address: string;
  public_key: string;
  threshold_signature_scheme: FrostScheme;
  /** Bumped by every reshare and refresh: shares of an older generation no longer sign with the server. */
  generation: number;
  public_package: PublicPackageWire;
  client_keygen_ids: string[];
  server_keygen_ids: string[];
  created_at: Date;
  updated_at: Date;
}

/** A backed-up key share (`mpc_key_share_backups`). */
export interface MpcBackupRow {
  id: string;
  wallet_id: string;
  generation: number;
  backup_location: 'googleDrive' | 'icloud' | null;
  /** The client keygen id of the share (null: a backup that names none). */
  keygen_id: string | null;
  secret: string | null;
  password_encrypted: boolean;
  source: 'dynamic' | 'user';
  created_at: Date;
}

/** A server share, opened: its keygen id and FROST secret. */
export interface ServerShare {
  keygenId: string;
  secret: FrostSecret;
}

const shareLabel = (walletId: string, generation: number, identifier: string) => `mpc-share:${walletId}:${generation}:${identifier}`;

export async function mpcWalletsOf(q: Queryable, environmentId: string, userId: string): Promise<MpcWalletRow[]> {
  return q.query<MpcWalletRow>('SELECT * FROM mpc_wallets WHERE environment_id = $1 AND user_id = $2 ORDER BY created_at', [environmentId, userId]);
}

export async function findMpcWallet(q: Queryable, environmentId: string, walletId: string): Promise<MpcWalletRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(walletId)) return undefined;
  const rows = await q.query<MpcWalletRow>('SELECT * FROM mpc_wallets WHERE environment_id = $1 AND credential_id = $2', [environmentId, walletId]);
  return rows[0];
}

export async function backupsOf(q: Queryable, walletId: string, generation: number): Promise<MpcBackupRow[]> {
  return q.query<MpcBackupRow>('SELECT * FROM mpc_key_share_backups WHERE wallet_id = $1 AND generation = $2 ORDER BY created_at, id', [walletId, generation]);
}

export async function insertServerShares(ctx: SandboxContext, q: Queryable, walletId: string, generation: number, shares: readonly ServerShare[]): Promise<void> {
  for (const share of shares) {
    await q.query('INSERT INTO mpc_server_shares (wallet_id, environment_id, generation, keygen_id, identifier, sealed_share) VALUES ($1, $2, $3, $4, $5, $6)', [
      walletId,
      ctx.environmentId,
      generation,
      share.keygenId,
      share.secret.identifier,
      seal(ctx.mpc, share.secret.signingShare, shareLabel(walletId, generation, share.secret.identifier)),
    ]);
  }
}

/** The server's shares of the wallet's current generation, opened, in keygen-id order of the wallet. */
export async function serverSharesOf(ctx: SandboxContext, q: Queryable, wallet: MpcWalletRow): Promise<ServerShare[]> {
  const rows = await q.query<{ keygen_id: string; identifier: string; sealed_share: string }>(
    'SELECT keygen_id, identifier, sealed_share FROM mpc_server_shares WHERE wallet_id = $1 AND generation = $2',
    [wallet.credential_id, wallet.generation],
  );
  const order = wallet.server_keygen_ids;
  return rows
    .sort((a, b) => order.indexOf(a.keygen_id) - order.indexOf(b.keygen_id))
    .map((row) => ({
      keygenId: row.keygen_id,
      secret: {
        identifier: row.identifier,
        signingShare: unseal(ctx.mpc, row.sealed_share, shareLabel(wallet.credential_id, wallet.generation, row.identifier)) as Uint8Array<ArrayBuffer>,
      },
    }));
}

/** The wallet's new generation after a reshare or refresh: scheme, keys, ids; older server shares and backups are deleted. */
export async function replaceGeneration(
  ctx: SandboxContext,
  q: Queryable,
  wallet: MpcWalletRow,
  next: { scheme: FrostScheme; publicPackage: PublicPackageWire; clientKeygenIds: string[]; serverKeygenIds: string[]; shares: readonly ServerShare[] },
): Promise<number> {
  const generation = wallet.generation + 1;
  await insertServerShares(ctx, q, wallet.credential_id, generation, next.shares);
  await q.query('DELETE FROM mpc_server_shares WHERE wallet_id = $1 AND generation < $2', [wallet.credential_id, generation]);
  await q.query('DELETE FROM mpc_key_share_backups WHERE wallet_id = $1 AND generation < $2', [wallet.credential_id, generation]);
  await q.query('DELETE FROM mpc_backup_proofs WHERE wallet_id = $1 AND generation < $2', [wallet.credential_id, generation]);
  await q.query(
    `UPDATE mpc_wallets SET threshold_signature_scheme = $2, generation = $3, public_package = $4::jsonb, client_keygen_ids = $5::jsonb,
       server_keygen_ids = $6::jsonb, updated_at = $7 WHERE credential_id = $1`,
    [wallet.credential_id, next.scheme, generation, JSON.stringify(next.publicPackage), JSON.stringify(next.clientKeygenIds), JSON.stringify(next.serverKeygenIds), ctx.now().toISOString()],
  );
  return generation;
}

/** The public key of a wallet row as bytes. */
export const publicKeyOf = (wallet: MpcWalletRow) => fromHex(wallet.public_key, 'public_key', 32);
export { toHex };
