import * as z from 'zod';
import { chainSchema, embeddedWalletSourceSchema, thresholdSignatureSchemeSchema } from './enums.js';
import { keyShareRecordSchema } from './embeddedWallet.js';

/** MPC (key-share) wallet records of SPEC §3: key generation, scheme change, backups, rooms. */

/** Client key shares per threshold scheme: the server holds the rest. */
export const CLIENT_KEY_SHARES: Record<z.infer<typeof thresholdSignatureSchemeSchema>, number> = {
  TWO_OF_TWO: 1,
  TWO_OF_THREE: 2,
  THREE_OF_FIVE: 3,
};

const clientKeygenIdsSchema = z
  .array(z.string().min(1))
  .min(1)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat a keygen id' });

function checkKeygenIds(
  scheme: z.infer<typeof thresholdSignatureSchemeSchema>,
  ids: readonly string[],
  ctx: z.RefinementCtx,
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

/** Key generation of SPEC §3 (POST /waas/create). */
export const keyGenerationSchema = z
  .object({ chain: chainSchema, clientKeygenIds: clientKeygenIdsSchema, thresholdSignatureScheme: thresholdSignatureSchemeSchema })
  .superRefine((request, ctx) => checkKeygenIds(request.thresholdSignatureScheme, request.clientKeygenIds, ctx));
export type KeyGeneration = z.infer<typeof keyGenerationSchema>;

/** Threshold scheme change of SPEC §3 (POST /waas/{walletId}/reshare). */
export const thresholdSchemeChangeSchema = z
  .object({
    clientKeygenIds: clientKeygenIdsSchema,
    oldThresholdSignatureScheme: thresholdSignatureSchemeSchema,
    newThresholdSignatureScheme: thresholdSignatureSchemeSchema,
  })
  .superRefine((request, ctx) => {
    if (request.oldThresholdSignatureScheme === request.newThresholdSignatureScheme) {
      ctx.addIssue({ code: 'custom', path: ['newThresholdSignatureScheme'], message: 'must differ from the old scheme' });
    }
    checkKeygenIds(request.newThresholdSignatureScheme, request.clientKeygenIds, ctx);
  });
export type ThresholdSchemeChange = z.infer<typeof thresholdSchemeChangeSchema>;

/** MPC room and keygen ids: where the client joins the server for a ceremony. */
export const mpcRoomSchema = z.object({
  roomId: z.string().min(1),
  serverKeygenIds: z.array(z.string().min(1)),
  walletId: z.string().min(1).optional(),
});
export type MpcRoom = z.infer<typeof mpcRoomSchema>;

/** POST /waas/{walletId}/signMessage body. */
export const mpcSignMessageSchema = z.object({ message: z.string().min(1).max(65_536) });

/** Wallet key-share backup of SPEC §3 (POST /waas/{walletId}/keyShares/backup). */
export const keyShareBackupSchema = z.object({
  walletId: z.string().min(1),
  /** The encrypted key share. */
  secret: z.string().min(1),
  source: embeddedWalletSourceSchema,
  passwordEncrypted: z.boolean().optional(),
});
export type KeyShareBackup = z.infer<typeof keyShareBackupSchema>;

/** Key shares list of SPEC §3. */
export const keyShareListSchema = z.object({ keyShares: z.array(keyShareRecordSchema) });
export type KeyShareList = z.infer<typeof keyShareListSchema>;

/** POST /waas/{walletId}/keyShares/recover body and answer. */
export const keyShareRecoverSchema = z.object({ keyShareIds: z.array(z.string().min(1)).min(1) });
export const recoveredKeySharesSchema = z.object({
  keyShares: z.array(keyShareRecordSchema.extend({ secret: z.string().min(1) })),
});
export type RecoveredKeyShares = z.infer<typeof recoveredKeySharesSchema>;
