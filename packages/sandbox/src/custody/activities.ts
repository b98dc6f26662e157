import { createHash, randomInt, randomUUID } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { sealBundle, uncompressedP256 } from './bundle.js';
import type { CustodyContext, Principal } from './CustodyContext.js';
import { CustodyError } from './CustodyError.js';
import { findAccount, findOrganization, usersOf, walletsOf } from './custodyStore.js';
import { apiKeyParamsSchema, authenticatorParamsSchema, insertAccounts, insertApiKey, insertAuthenticator, insertUser, insertWallet, accountParamsSchema, userParamsSchema, walletParamsSchema } from './entities.js';
import { openAtRest } from './secrets.js';
import { signSolanaTransaction } from './solanaKeys.js';

/**
 * The submit routes of the emulator (`/public/v1/submit/{name}`): one entry per route with the
 * activity type it accepts, its parameters, who may submit it (a user of the organisation, or
 * also the parent organisation), whether a consensus policy can hold it, and what it does.
 */
interface SubmitHandler<P extends z.ZodType = z.ZodType> {
  /** `ACTIVITY_TYPE_<type>` with an optional `_V<n>` suffix. */
  readonly type: string;
  readonly resultKey: string;
  readonly parameters: P;
  readonly parentMayUse: boolean;
  /** Signing and export activities wait for consensus when a policy asks for more approvers. */
  readonly consensus: boolean;
  run(ctx: CustodyContext, q: Queryable, principal: Principal, parameters: z.output<P>): Promise<Record<string, unknown>>;
}

const handler = <P extends z.ZodType>(definition: SubmitHandler<P>): SubmitHandler => definition as unknown as SubmitHandler;

const targetKey = z.string().refine((value) => {
  try {
    uncompressedP256(value);
    return true;
  } catch {
    return false;
  }
}, { message: 'must be a P-256 public key in hex' });

/** The recovery code (its key) counts only if used within this long of its creation (SPEC §9). */
export const RECOVERY_CODE_LIFETIME_SECONDS = 900;
/** The recovery session's default lifetime (SPEC §9). */
export const RECOVERY_SESSION_SECONDS = 1800;
const OTP_ATTEMPTS = 3;

async function accountPrivateKey(ctx: CustodyContext, q: Queryable, organizationId: string, signWith: string) {
  const account = await findAccount(q, organizationId, signWith);
  if (!account) throw new CustodyError(5, `could not find a wallet account for ${signWith}`);
  return { account, privateKey: openAtRest(ctx.secrets.masterKey, account.encrypted_private_key, `account:${account.id}`) };
}

function payloadBytes(payload: string, encoding: string): Uint8Array {
  if (encoding === 'PAYLOAD_ENCODING_HEXADECIMAL') {
    const clean = payload.startsWith('0x') ? payload.slice(2) : payload;
    if (!/^(?:[0-9a-fA-F]{2})*$/.test(clean)) throw new CustodyError(3, 'payload is not hexadecimal');
    return new Uint8Array(Buffer.from(clean, 'hex'));
  }
  return new TextEncoder().encode(payload);
}

function ed25519Signature(privateKey: Uint8Array, message: Uint8Array) {
  const signature = ed25519.sign(message, privateKey);
  return { r: Buffer.from(signature.subarray(0, 32)).toString('hex'), s: Buffer.from(signature.subarray(32)).toString('hex'), v: '00' };
}

const signRawParams = z.object({
  signWith: z.string().min(1),
  payload: z.string(),
  encoding: z.enum(['PAYLOAD_ENCODING_HEXADECIMAL', 'PAYLOAD_ENCODING_TEXT_UTF8']),
  hashFunction: z.literal('HASH_FUNCTION_NOT_APPLICABLE', { message: 'ed25519 signs the message itself: use HASH_FUNCTION_NOT_APPLICABLE' }),
});

async function findUserByEmail(q: Queryable, organizationId: string, email: string) {
  const user = (await usersOf(q, organizationId)).find((row) => row.user_email === email.toLowerCase());
  if (!user) throw new CustodyError(5, 'no user with this email in the organization');
  return user;
}

async function issueCredential(ctx: CustodyContext, q: Queryable, organizationId: string, userId: string, input: { targetPublicKey: string; apiKeyName?: string | undefined; expirationSeconds?: string | number | undefined }) {
  const privateKey = p256.utils.randomSecretKey();
  const now = ctx.now();
  const apiKeyId = await insertApiKey(
    ctx,
    q,
    organizationId,
    userId,
    {
      apiKeyName: input.apiKeyName ?? `recovery-${now.getTime()}`,
      publicKey: Buffer.from(p256.getPublicKey(privateKey, true)).toString('hex'),
      expirationSeconds: input.expirationSeconds ?? RECOVERY_SESSION_SECONDS,
    },
    { useBefore: new Date(now.getTime() + RECOVERY_CODE_LIFETIME_SECONDS * 1000) },
  );
  const credentialBundle = await sealBundle({ targetPublicKey: input.targetPublicKey, plaintext: privateKey, organizationId, createdAt: now, enclavePrivateKey: ctx.secrets.enclavePrivateKey });
  return { apiKeyId, credentialBundle };
}

export const submitHandlers: Readonly<Record<string, SubmitHandler>> = {
  create_sub_organization: handler({
    type: 'CREATE_SUB_ORGANIZATION',
    resultKey: 'createSubOrganizationResultV7',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({
      subOrganizationName: z.string().min(1).max(256),
      rootUsers: z.array(userParamsSchema).min(1).max(5),
      rootQuorumThreshold: z.number().int().min(1),
      wallet: walletParamsSchema.optional(),
    }),
    async run(ctx, q, principal, p) {
      if (p.rootQuorumThreshold > p.rootUsers.length) throw new CustodyError(3, 'rootQuorumThreshold exceeds the number of root users');
      const id = randomUUID();
      // The new organisation is a child of the one the request names.
      await q.query('INSERT INTO custody_organizations (id, environment_id, parent_id, name, created_at) VALUES ($1, $2, $3, $4, $5)', [
        id,
        ctx.environmentId,
        principal.organizationId,
        p.subOrganizationName,
        ctx.now().toISOString(),
      ]);
      const rootUserIds: string[] = [];
      for (const user of p.rootUsers) rootUserIds.push(await insertUser(ctx, q, id, user));
      const wallet = p.wallet ? await insertWallet(ctx, q, id, p.wallet) : undefined;
      return { subOrganizationId: id, rootUserIds, ...(wallet ? { wallet } : {}) };
    },
  }),
  create_wallet: handler({
    type: 'CREATE_WALLET',
    resultKey: 'createWalletResult',
    parentMayUse: false,
    consensus: false,
    parameters: walletParamsSchema,
    run: (ctx, q, principal, p) => insertWallet(ctx, q, principal.organizationId, p),
  }),
  create_wallet_accounts: handler({
    type: 'CREATE_WALLET_ACCOUNTS',
    resultKey: 'createWalletAccountsResult',
    parentMayUse: false,
    consensus: false,
    parameters: z.object({ walletId: z.string().min(1), accounts: z.array(accountParamsSchema).min(1).max(100) }),
    async run(ctx, q, principal, p) {
      const wallet = (await walletsOf(q, principal.organizationId)).find((row) => row.id === p.walletId);
      if (!wallet) throw new CustodyError(5, `could not find wallet ${p.walletId}`);
      const seed = openAtRest(ctx.secrets.masterKey, wallet.encrypted_seed, `wallet:${wallet.id}`);
      return { addresses: await insertAccounts(ctx, q, principal.organizationId, wallet.id, seed, p.accounts) };
    },
  }),
  create_api_keys: handler({
    type: 'CREATE_API_KEYS',
    resultKey: 'createApiKeysResult',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({ userId: z.string().min(1), apiKeys: z.array(apiKeyParamsSchema).min(1).max(10) }),
    async run(ctx, q, principal, p) {
      if (!(await usersOf(q, principal.organizationId)).some((user) => user.id === p.userId)) throw new CustodyError(5, `could not find user ${p.userId}`);
      const apiKeyIds: string[] = [];
      for (const key of p.apiKeys) apiKeyIds.push(await insertApiKey(ctx, q, principal.organizationId, p.userId, key));
      return { apiKeyIds };
    },
  }),
  delete_api_keys: handler({
    type: 'DELETE_API_KEYS',
    resultKey: 'deleteApiKeysResult',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({ userId: z.string().min(1), apiKeyIds: z.array(z.string().min(1)).min(1) }),
    async run(_ctx, q, principal, p) {
      const deleted = await q.query<{ id: string }>('DELETE FROM custody_api_keys WHERE organization_id = $1 AND user_id::text = $2 AND id::text = ANY($3::text[]) RETURNING id', [
        principal.organizationId,
        p.userId,
        p.apiKeyIds,
      ]);
      if (deleted.length !== p.apiKeyIds.length) throw new CustodyError(5, 'could not find every api key');
      return { apiKeyIds: deleted.map((row) => row.id) };
    },
  }),
  create_authenticators: handler({
    type: 'CREATE_AUTHENTICATORS',
    resultKey: 'createAuthenticatorsResult',
    parentMayUse: false,
    consensus: false,
    parameters: z.object({ userId: z.string().min(1), authenticators: z.array(authenticatorParamsSchema).min(1).max(10) }),
    async run(ctx, q, principal, p) {
      if (!(await usersOf(q, principal.organizationId)).some((user) => user.id === p.userId)) throw new CustodyError(5, `could not find user ${p.userId}`);
      const authenticatorIds: string[] = [];
      for (const authenticator of p.authenticators) authenticatorIds.push(await insertAuthenticator(ctx, q, principal.organizationId, p.userId, authenticator));
      return { authenticatorIds };
    },
  }),
  create_policy: handler({
    type: 'CREATE_POLICY',
    resultKey: 'createPolicyResult',
    parentMayUse: false,
    consensus: false,
    parameters: z.object({
      policyName: z.string().min(1),
      effect: z.enum(['EFFECT_ALLOW', 'EFFECT_DENY']),
      condition: z.string().optional(),
      consensus: z.string().optional(),
      notes: z.string().optional(),
    }),
    async run(ctx, q, principal, p) {
      const policyId = randomUUID();
      await q.query('INSERT INTO custody_policies (id, organization_id, name, effect, condition, consensus, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        policyId,
        principal.organizationId,
        p.policyName,
        p.effect,
        p.condition ?? null,
        p.consensus ?? null,
        ctx.now().toISOString(),
      ]);
      return { policyId };
    },
  }),
  sign_raw_payload: handler({
    type: 'SIGN_RAW_PAYLOAD',
    resultKey: 'signRawPayloadResult',
    parentMayUse: false,
    consensus: true,
    parameters: signRawParams,
    async run(ctx, q, principal, p) {
      const { privateKey } = await accountPrivateKey(ctx, q, principal.organizationId, p.signWith);
      return ed25519Signature(privateKey, payloadBytes(p.payload, p.encoding));
    },
  }),
  sign_raw_payloads: handler({
    type: 'SIGN_RAW_PAYLOADS',
    resultKey: 'signRawPayloadsResult',
    parentMayUse: false,
    consensus: true,
    parameters: signRawParams.omit({ payload: true }).extend({ payloads: z.array(z.string()).min(1).max(100) }),
    async run(ctx, q, principal, p) {
      const { privateKey } = await accountPrivateKey(ctx, q, principal.organizationId, p.signWith);
      return { signatures: p.payloads.map((payload) => ed25519Signature(privateKey, payloadBytes(payload, p.encoding))) };
    },
  }),
  sign_transaction: handler({
    type: 'SIGN_TRANSACTION',
    resultKey: 'signTransactionResult',
    parentMayUse: false,
    consensus: true,
    parameters: z.object({
      signWith: z.string().min(1),
      unsignedTransaction: z.string().regex(/^(?:[0-9a-fA-F]{2})+$/, { message: 'must be the serialized transaction in hex' }),
      type: z.literal('TRANSACTION_TYPE_SOLANA', { message: 'only TRANSACTION_TYPE_SOLANA is emulated' }),
    }),
    async run(ctx, q, principal, p) {
      const { privateKey } = await accountPrivateKey(ctx, q, principal.organizationId, p.signWith);
      let signed: Uint8Array;
      try {
        signed = signSolanaTransaction(new Uint8Array(Buffer.from(p.unsignedTransaction, 'hex')), privateKey);
      } catch (error) {
        throw new CustodyError(3, `invalid transaction: ${(error as Error).message}`);
      }
      return { signedTransaction: Buffer.from(signed).toString('hex') };
    },
  }),
  export_wallet: handler({
    type: 'EXPORT_WALLET',
    resultKey: 'exportWalletResult',
    parentMayUse: false,
    consensus: true,
    parameters: z.object({ walletId: z.string().min(1), targetPublicKey: targetKey, language: z.string().optional() }),
    async run(ctx, q, principal, p) {
      const wallet = (await walletsOf(q, principal.organizationId)).find((row) => row.id === p.walletId);
      if (!wallet) throw new CustodyError(5, `could not find wallet ${p.walletId}`);
      const seed = openAtRest(ctx.secrets.masterKey, wallet.encrypted_seed, `wallet:${wallet.id}`);
      const exportBundle = await sealBundle({ targetPublicKey: p.targetPublicKey, plaintext: new TextEncoder().encode(Buffer.from(seed).toString('hex')), organizationId: principal.organizationId, createdAt: ctx.now(), enclavePrivateKey: ctx.secrets.enclavePrivateKey });
      await q.query('UPDATE custody_wallets SET exported = true WHERE id = $1', [wallet.id]);
      return { walletId: wallet.id, exportBundle };
    },
  }),
  export_wallet_account: handler({
    type: 'EXPORT_WALLET_ACCOUNT',
    resultKey: 'exportWalletAccountResult',
    parentMayUse: false,
    consensus: true,
    parameters: z.object({ address: z.string().min(1), targetPublicKey: targetKey }),
    async run(ctx, q, principal, p) {
      const { account, privateKey } = await accountPrivateKey(ctx, q, principal.organizationId, p.address);
      const exportBundle = await sealBundle({ targetPublicKey: p.targetPublicKey, plaintext: privateKey, organizationId: principal.organizationId, createdAt: ctx.now(), enclavePrivateKey: ctx.secrets.enclavePrivateKey });
      await q.query('UPDATE custody_wallets SET exported = true WHERE id = $1', [account.wallet_id]);
      return { address: account.address, exportBundle };
    },
  }),
  delete_wallets: handler({
    type: 'DELETE_WALLETS',
    resultKey: 'deleteWalletsResult',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({ walletIds: z.array(z.string().min(1)).min(1), deleteWithoutExport: z.boolean().optional() }),
    async run(_ctx, q, principal, p) {
      const wallets = await walletsOf(q, principal.organizationId);
      for (const walletId of p.walletIds) {
        const wallet = wallets.find((row) => row.id === walletId);
        if (!wallet) throw new CustodyError(5, `could not find wallet ${walletId}`);
        if (!wallet.exported && !p.deleteWithoutExport) throw new CustodyError(9, `wallet ${walletId} has not been exported: set deleteWithoutExport to delete it anyway`);
      }
      await q.query('DELETE FROM custody_wallets WHERE organization_id = $1 AND id::text = ANY($2::text[])', [principal.organizationId, p.walletIds]);
      return { walletIds: p.walletIds };
    },
  }),
  email_auth: handler({
    type: 'EMAIL_AUTH',
    resultKey: 'emailAuthResult',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({
      email: z.string().email(),
      targetPublicKey: targetKey,
      apiKeyName: z.string().min(1).optional(),
      expirationSeconds: z.union([z.string().regex(/^\d{1,10}$/), z.number().int().positive()]).optional(),
      emailCustomization: z.record(z.string(), z.unknown()).optional(),
      invalidateExisting: z.boolean().optional(),
    }),
    async run(ctx, q, principal, p) {
      const user = await findUserByEmail(q, principal.organizationId, p.email);
      if (p.invalidateExisting) await q.query('DELETE FROM custody_api_keys WHERE user_id = $1 AND use_before IS NOT NULL', [user.id]);
      const { apiKeyId, credentialBundle } = await issueCredential(ctx, q, principal.organizationId, user.id, p);
      const code = Buffer.from(credentialBundle).toString('base64url');
      await ctx.sendEmail(q, {
        to: p.email,
        subject: 'Your wallet recovery code',
        text: `Paste this code to recover your wallet. It works once, within ${RECOVERY_CODE_LIFETIME_SECONDS / 60} minutes:\n\n${code}`,
        code,
      });
      return { userId: user.id, apiKeyId };
    },
  }),
  init_otp_auth: handler({
    type: 'INIT_OTP_AUTH',
    resultKey: 'initOtpAuthResult',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({ otpType: z.literal('OTP_TYPE_EMAIL', { message: 'only OTP_TYPE_EMAIL is emulated' }), contact: z.string().email() }),
    async run(ctx, q, principal, p) {
      const user = await findUserByEmail(q, principal.organizationId, p.contact);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const otpId = randomUUID();
      const now = ctx.now();
      await q.query('INSERT INTO custody_otps (id, organization_id, user_id, contact, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        otpId,
        principal.organizationId,
        user.id,
        p.contact.toLowerCase(),
        createHash('sha256').update(code).digest('hex'),
        now.toISOString(),
        new Date(now.getTime() + RECOVERY_CODE_LIFETIME_SECONDS * 1000).toISOString(),
      ]);
      await ctx.sendEmail(q, { to: p.contact, subject: 'Your wallet recovery code', text: `Your recovery code is ${code}.`, code });
      return { otpId };
    },
  }),
  otp_auth: handler({
    type: 'OTP_AUTH',
    resultKey: 'otpAuthResult',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({
      otpId: z.string().min(1),
      otpCode: z.string().min(1),
      targetPublicKey: targetKey,
      apiKeyName: z.string().min(1).optional(),
      expirationSeconds: z.union([z.string().regex(/^\d{1,10}$/), z.number().int().positive()]).optional(),
      invalidateExisting: z.boolean().optional(),
    }),
    async run(ctx, q, principal, p) {
      const rows = await q.query<{ id: string; user_id: string; code_hash: string; attempts: number; expires_at: Date; used_at: Date | null }>(
        'SELECT id, user_id, code_hash, attempts, expires_at, used_at FROM custody_otps WHERE organization_id = $1 AND id::text = $2 FOR UPDATE',
        [principal.organizationId, p.otpId],
      );
      const otp = rows[0];
      const now = ctx.now();
      if (!otp || otp.used_at || otp.attempts >= OTP_ATTEMPTS || otp.expires_at.getTime() <= now.getTime()) throw new CustodyError(3, 'The code is invalid or expired.');
      if (createHash('sha256').update(p.otpCode).digest('hex') !== otp.code_hash) {
        await q.query('UPDATE custody_otps SET attempts = attempts + 1 WHERE id = $1', [otp.id]);
        throw new CustodyError(3, 'The code is invalid or expired.');
      }
      await q.query('UPDATE custody_otps SET used_at = $2 WHERE id = $1', [otp.id, now.toISOString()]);
      const issued = await issueCredential(ctx, q, principal.organizationId, otp.user_id, p);
      return { userId: otp.user_id, ...issued };
    },
  }),
};

/** Does a consensus policy of the organisation hold an activity of `type`? */
export async function needsConsensus(q: Queryable, organizationId: string, type: string): Promise<boolean> {
  const policies = await q.query<{ condition: string | null; consensus: string | null }>(
    "SELECT condition, consensus FROM custody_policies WHERE organization_id = $1 AND effect = 'EFFECT_ALLOW' AND consensus IS NOT NULL",
    [organizationId],
  );
  return policies.some((policy) => {
    const required = /approvers\.count\(\)\s*>=\s*(\d+)/.exec(policy.consensus ?? '');
    if (!required || Number(required[1]) < 2) return false;
    if (!policy.condition) return true;
    const typeCondition = /activity\.type\s*==\s*'([A-Z0-9_]+)'/.exec(policy.condition);
    return typeCondition ? typeCondition[1] === type : false;
  });
}

export { findOrganization };
