import * as z from 'zod/mini';
import { chainSchema, embeddedWalletSourceSchema, keyShareBackupLocationSchema, thresholdSignatureSchemeSchema } from './enums.js';
import { keyShareRecordSchema } from './embeddedWallet.js';
import { CLIENT_KEY_SHARES } from './frost/scheme.js';

/** MPC (key-share) wallet records of SPEC §3: key generation, scheme change, backups, rooms. */

/** Client key shares per threshold scheme (the device's, then the backup shares); the server holds the rest. */
export { CLIENT_KEY_SHARES, SERVER_KEY_SHARES, BACKUP_KEY_SHARES, FROST_SIGNERS } from './frost/scheme.js';

const clientKeygenIdsSchema = z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat a keygen id' }));

function checkKeygenIds(
  scheme: z.infer<typeof thresholdSignatureSchemeSchema>,
  ids: readonly string[],
  ctx: z.core.$RefinementCtx,
): void {
  const expected = CLIENT_KEY_SHARES[scheme];
  if (ids.length !== expected) {
    ctx.addIssue({
      code: 'custom',
      path: ['clientKeygenIds'],
      message: `${scheme} needs ${expected} client keygen id${expected === 1 ? '' : 's'}`,
    });
  }
}

/**
 * Key generation of SPEC §3 (POST /waas/create). Without `thresholdSignatureScheme` the project's
 * `sdk.waas.defaultThresholdSignatureScheme` applies (the server checks the id count against it).
 */
export const keyGenerationSchema = z.object({ chain: chainSchema, clientKeygenIds: clientKeygenIdsSchema, thresholdSignatureScheme: z.optional(thresholdSignatureSchemeSchema) }).check(z.superRefine((request, ctx) => {
    if (request.thresholdSignatureScheme) checkKeygenIds(request.thresholdSignatureScheme, request.clientKeygenIds, ctx);
  }));
export type KeyGeneration = z.infer<typeof keyGenerationSchema>;

/** Threshold scheme change of SPEC §3 (POST /waas/{walletId}/reshare). */
export const thresholdSchemeChangeSchema = z.object({
    clientKeygenIds: clientKeygenIdsSchema,
    oldThresholdSignatureScheme: thresholdSignatureSchemeSchema,
    newThresholdSignatureScheme: thresholdSignatureSchemeSchema,
  }).check(z.superRefine((request, ctx) => {
    if (request.oldThresholdSignatureScheme === request.newThresholdSignatureScheme) {
      ctx.addIssue({ code: 'custom', path: ['newThresholdSignatureScheme'], message: 'must differ from the old scheme' });
    }
    checkKeygenIds(request.newThresholdSignatureScheme, request.clientKeygenIds, ctx);
  }));
export type ThresholdSchemeChange = z.infer<typeof thresholdSchemeChangeSchema>;

/** MPC room and keygen ids: where the client joins the server for a ceremony. */
export const mpcRoomSchema = z.object({
  roomId: z.string().check(z.minLength(1)),
  serverKeygenIds: z.array(z.string().check(z.minLength(1))),
  walletId: z.optional(z.string().check(z.minLength(1))),
});
export type MpcRoom = z.infer<typeof mpcRoomSchema>;

/** POST /waas/{walletId}/signMessage body: the bytes to sign (a Solana transaction's message, or a message), lowercase hex. */
export const mpcSignMessageSchema = z.object({
  message: z.string().check(z.minLength(2), z.maxLength(65_536), z.regex(/^(?:[0-9a-f]{2})+$/, { message: 'must be the bytes to sign in lowercase hex' })),
});

/**
 * Wallet key-share backup of SPEC §3 (POST /waas/{walletId}/keyShares/backup): either the encrypted
 * share itself (`secret`, kept by the product API) or where the kit put it (`backupLocation`, a
 * cloud drive; the product API records that it exists).
 */
export const keyShareBackupSchema = z.object({
    walletId: z.string().check(z.minLength(1)),
    /**
     * The client keygen id of the share backed up: the product API keeps one backup per share and place, a newer
     * one replacing the older.
     */
    keygenId: z.string().check(z.minLength(1), z.maxLength(256)),
    /**
     * Proof that the device holds the share it backs up (128 hex characters: a Schnorr proof for the purpose `backup`
     * over `backupProofContext`, see `@latchkey/protocol/frost`): a stolen session alone cannot replace a backup.
     */
    proof: z.string().check(z.regex(/^[0-9a-f]{128}$/, { message: 'must be 64 bytes in lowercase hex' })),
    /** The encrypted key share (the kit encrypts it with the user's password before it leaves the device). */
    secret: z.optional(z.string().check(z.minLength(1), z.maxLength(16_384))),
    source: embeddedWalletSourceSchema,
    passwordEncrypted: z.optional(z.boolean()),
    backupLocation: z.optional(keyShareBackupLocationSchema),
  }).check(z.superRefine((backup, ctx) => {
    if ((backup.secret === undefined) === (backup.backupLocation === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['secret'], message: 'give either the encrypted share (secret) or the cloud drive it is kept in (backupLocation)' });
    }
  }));
export type KeyShareBackup = z.infer<typeof keyShareBackupSchema>;

/** Key shares list of SPEC §3. */
export const keyShareListSchema = z.object({ keyShares: z.array(keyShareRecordSchema) });
export type KeyShareList = z.infer<typeof keyShareListSchema>;

/** POST /waas/{walletId}/keyShares/recover body and answer. */
export const keyShareRecoverSchema = z.object({ keyShareIds: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)) });
export const recoveredKeySharesSchema = z.object({
  keyShares: z.array(z.extend(keyShareRecordSchema, { secret: z.string().check(z.minLength(1)) })),
});
export type RecoveredKeyShares = z.infer<typeof recoveredKeySharesSchema>;
