import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CustodyError, custodyMessages } from './CustodyError.js';
import { usersOf, walletsOf } from './custodyStore.js';
import { accountParamsSchema, apiKeyParamsSchema, authenticatorParamsSchema, insertAccounts, insertApiKey, insertAuthenticator, insertUser, insertWallet, keyMaker, userParamsSchema, walletParamsSchema } from './entities.js';
import { openAtRest } from './secrets.js';
import { assertEvaluablePolicy } from './policyCondition.js';
import { submitHandler, type SubmitHandler } from './SubmitHandler.js';

/** Submits that shape an organisation: sub-organizations, wallets and accounts, API keys, authenticators, policies. */
/** Levels of keys-added-by-keys `delete_api_keys` follows (a session key renewed every few minutes for 30 days). */
const MAX_KEY_CHAIN_LEVELS = 100_000;

export const organizationActivities: Readonly<Record<string, SubmitHandler>> = {
  create_sub_organization: submitHandler({
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
  create_wallet: submitHandler({
    type: 'CREATE_WALLET',
    resultKey: 'createWalletResult',
    parentMayUse: false,
    consensus: false,
    parameters: walletParamsSchema,
    run: (ctx, q, principal, p) => insertWallet(ctx, q, principal.organizationId, p),
  }),
  create_wallet_accounts: submitHandler({
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
  create_api_keys: submitHandler({
    type: 'CREATE_API_KEYS',
    resultKey: 'createApiKeysResult',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({ userId: z.string().min(1), apiKeys: z.array(apiKeyParamsSchema).min(1).max(10) }),
    async run(ctx, q, principal, p) {
      if (!(await usersOf(q, principal.organizationId)).some((user) => user.id === p.userId)) throw new CustodyError(5, `could not find user ${p.userId}`);
      // A user with a passkey is protected by it: only their own credentials (the passkey, a current key) add keys.
      if (principal.relation === 'parent') {
        const passkeys = await q.query('SELECT 1 FROM custody_authenticators WHERE user_id::text = $1 LIMIT 1', [p.userId]);
        if (passkeys.length > 0) throw new CustodyError(7, custodyMessages.passkeyProtected);
      }
      // A key of the user adds only keys that lapse within its own lifetime, and deleting it deletes them.
      const addedBy = await keyMaker(q, principal, p.apiKeys.map((key) => key.expirationSeconds));
      const apiKeyIds: string[] = [];
      for (const key of p.apiKeys) apiKeyIds.push(await insertApiKey(ctx, q, principal.organizationId, p.userId, key, addedBy ? { addedBy } : {}));
      return { apiKeyIds };
    },
  }),
  delete_api_keys: submitHandler({
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
      // …and every key they added, and theirs (create_api_keys): in the organisation, whichever user they were added for.
      // One level per statement, each with a snapshot of its own: a key being added by one of them (which holds its
      // maker FOR SHARE, see keyMaker) makes the deletion of the maker wait for it, and the next level then sees it.
      // One recursive statement saw the whole chain as it stood when it began and left such a key alive. Bounded: a
      // level deletes at least one key, and the organisation holds finitely many.
      let makers = deleted.map((row) => row.id);
      for (let level = 0; makers.length > 0 && level < MAX_KEY_CHAIN_LEVELS; level++) {
        const gone = await q.query<{ id: string }>('DELETE FROM custody_api_keys WHERE organization_id = $1 AND added_by = ANY($2::uuid[]) RETURNING id', [principal.organizationId, makers]);
        makers = gone.map((row) => row.id);
      }
      if (makers.length > 0) throw new CustodyError(13, 'internal error: the chain of keys added by keys is too long to delete');
      return { apiKeyIds: deleted.map((row) => row.id) };
    },
  }),
  create_authenticators: submitHandler({
    type: 'CREATE_AUTHENTICATORS',
    resultKey: 'createAuthenticatorsResult',
    parentMayUse: false,
    consensus: false,
    parameters: z.object({ userId: z.string().min(1), authenticators: z.array(authenticatorParamsSchema).min(1).max(10) }),
    async run(ctx, q, principal, p) {
      // Only a passkey adds a passkey. An API key is a device's session key, short-lived and deleted when its session
      // ends (every one of them by "sign out everywhere"); an authenticator it added would outlive all of that.
      if (principal.via.kind === 'apiKey') throw new CustodyError(7, custodyMessages.apiKeyAddsNoAuthenticator);
      if (!(await usersOf(q, principal.organizationId)).some((user) => user.id === p.userId)) throw new CustodyError(5, `could not find user ${p.userId}`);
      const authenticatorIds: string[] = [];
      for (const authenticator of p.authenticators) authenticatorIds.push(await insertAuthenticator(ctx, q, principal.organizationId, p.userId, authenticator));
      return { authenticatorIds };
    },
  }),
  create_policy: submitHandler({
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
      // A policy outlives every key: one made by a session key (stolen, say) could leave the wallet needing approvals
      // nobody can give. Only a lasting credential of the user — an authenticator, a key with no expiry — makes one.
      if (principal.via.kind === 'apiKey') {
        const [key] = await q.query<{ expires_at: Date | null }>('SELECT expires_at FROM custody_api_keys WHERE id = $1', [principal.via.apiKeyId]);
        if (key?.expires_at) throw new CustodyError(7, custodyMessages.expiringKeyAddsNoPolicy);
      }
      // Stored only as the emulator evaluates it: a policy that would hold nothing is not made (policyCondition.ts).
      assertEvaluablePolicy(p);
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
  delete_wallets: submitHandler({
    type: 'DELETE_WALLETS',
    resultKey: 'deleteWalletsResult',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({ walletIds: z.array(z.string().min(1)).min(1), deleteWithoutExport: z.boolean().optional() }),
    async run(_ctx, q, principal, p) {
      // A user with a passkey is protected by it: the parent may not delete their wallets (their key would go with them).
      if (principal.relation === 'parent') {
        const passkeys = await q.query('SELECT 1 FROM custody_authenticators WHERE organization_id = $1 LIMIT 1', [principal.organizationId]);
        if (passkeys.length > 0) throw new CustodyError(7, custodyMessages.passkeyProtectedWallet);
      }
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
};
