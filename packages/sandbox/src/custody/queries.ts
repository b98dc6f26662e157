import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import type { CustodyContext, Principal } from './CustodyContext.js';
import { CustodyError } from './CustodyError.js';
import { accountsOf, custodyTime, findOrganization, toWireActivity, usersOf, walletsOf, type ActivityRow, type WalletAccountRow, type WalletRow } from './custodyStore.js';

/** The query routes of the emulator (`/public/v1/query/{name}`): reads, never changes. */
interface QueryHandler<P extends z.ZodType = z.ZodType> {
  readonly parameters: P;
  run(ctx: CustodyContext, q: Queryable, principal: Principal, body: z.output<P>): Promise<Record<string, unknown>>;
}
const query = <P extends z.ZodType>(definition: QueryHandler<P>): QueryHandler => definition as unknown as QueryHandler;
const base = z.object({ organizationId: z.string().min(1) });

const wireWallet = (row: WalletRow) => ({
  walletId: row.id,
  walletName: row.name,
  createdAt: custodyTime(row.created_at),
  updatedAt: custodyTime(row.created_at),
  exported: row.exported,
  imported: false,
});

const wireAccount = (row: WalletAccountRow) => ({
  walletAccountId: row.id,
  organizationId: row.organization_id,
  walletId: row.wallet_id,
  curve: row.curve,
  pathFormat: row.path_format,
  path: row.path,
  addressFormat: row.address_format,
  address: row.address,
  publicKey: row.public_key,
  createdAt: custodyTime(row.created_at),
  updatedAt: custodyTime(row.created_at),
});

async function wireUsers(q: Queryable, organizationId: string) {
  const users = await usersOf(q, organizationId);
  const keys = await q.query<{ id: string; user_id: string; name: string; public_key: string; created_at: Date; expires_at: Date | null }>(
    'SELECT id, user_id, name, public_key, created_at, expires_at FROM custody_api_keys WHERE organization_id = $1 ORDER BY created_at, id',
    [organizationId],
  );
  const authenticators = await q.query<{ id: string; user_id: string; name: string; credential_id: string; created_at: Date }>(
    'SELECT id, user_id, name, credential_id, created_at FROM custody_authenticators WHERE organization_id = $1 ORDER BY created_at, id',
    [organizationId],
  );
  return users.map((user) => ({
    userId: user.id,
    userName: user.user_name,
    ...(user.user_email ? { userEmail: user.user_email } : {}),
    apiKeys: keys
      .filter((key) => key.user_id === user.id)
      .map((key) => ({
        apiKeyId: key.id,
        apiKeyName: key.name,
        credential: { publicKey: key.public_key, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
        createdAt: custodyTime(key.created_at),
        ...(key.expires_at ? { expirationSeconds: String(Math.max(0, Math.round((key.expires_at.getTime() - key.created_at.getTime()) / 1000))) } : {}),
      })),
    authenticators: authenticators
      .filter((authenticator) => authenticator.user_id === user.id)
      .map((authenticator) => ({ authenticatorId: authenticator.id, authenticatorName: authenticator.name, credentialId: authenticator.credential_id, createdAt: custodyTime(authenticator.created_at) })),
    createdAt: custodyTime(user.created_at),
  }));
}

export const queryHandlers: Readonly<Record<string, QueryHandler>> = {
  whoami: query({
    parameters: base,
    async run(ctx, q, principal) {
      const organization = await findOrganization(q, ctx.environmentId, principal.organizationId);
      return { organizationId: principal.organizationId, organizationName: organization?.name ?? '', userId: principal.userId, username: principal.userName };
    },
  }),
  get_activity: query({
    parameters: base.extend({ activityId: z.string().min(1) }),
    async run(_ctx, q, principal, body) {
      const rows = await q.query<ActivityRow>('SELECT * FROM custody_activities WHERE organization_id = $1 AND id::text = $2', [principal.organizationId, body.activityId]);
      if (!rows[0]) throw new CustodyError(5, `could not find activity ${body.activityId}`);
      return { activity: toWireActivity(rows[0]) };
    },
  }),
  get_wallet: query({
    parameters: base.extend({ walletId: z.string().min(1) }),
    async run(_ctx, q, principal, body) {
      const wallet = (await walletsOf(q, principal.organizationId)).find((row) => row.id === body.walletId);
      if (!wallet) throw new CustodyError(5, `could not find wallet ${body.walletId}`);
      return { wallet: wireWallet(wallet) };
    },
  }),
  list_wallets: query({
    parameters: base,
    run: async (_ctx, q, principal) => ({ wallets: (await walletsOf(q, principal.organizationId)).map(wireWallet) }),
  }),
  list_wallet_accounts: query({
    parameters: base.extend({ walletId: z.string().min(1).optional() }),
    run: async (_ctx, q, principal, body) => ({ accounts: (await accountsOf(q, principal.organizationId, body.walletId)).map(wireAccount) }),
  }),
  get_user: query({
    parameters: base.extend({ userId: z.string().min(1) }),
    async run(_ctx, q, principal, body) {
      const user = (await wireUsers(q, principal.organizationId)).find((row) => row.userId === body.userId);
      if (!user) throw new CustodyError(5, `could not find user ${body.userId}`);
      return { user };
    },
  }),
  list_users: query({
    parameters: base,
    run: async (_ctx, q, principal) => ({ users: await wireUsers(q, principal.organizationId) }),
  }),
};
// The public client's names for the same reads.
Object.assign(queryHandlers, {
  get_wallets: queryHandlers['list_wallets'],
  get_wallet_accounts: queryHandlers['list_wallet_accounts'],
  get_users: queryHandlers['list_users'],
});
