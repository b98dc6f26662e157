import type { ProjectSettings, SignInResponse, User, VerifyRequest, WalletSelection } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import { assertAddressAllowed } from './accessList.js';
import type { Auth } from '../session/authenticate.js';
import { completePrimarySignIn, verifiedDevices } from '../mfa/mfa.js';
import { findSession } from '../session/sessionRepository.js';
import { signInResponse } from '../session/signInResponse.js';
import { hasAnotherWayIn, holdsWallet } from '../users/unlinkCredential.js';
import { findCredential, insertCredential, loadUser, signInCredentialOwner, toWireUser, type CredentialRow, type UserRecord } from '../users/userRepository.js';
import { verifyWalletSignature, type VerifiedWallet } from './walletSignature.js';
import { lockIdentity, lockUsers } from '../users/userLocks.js';

export const walletLinkMessages = {
  alreadyLinked: 'This wallet is already linked to your account.',
  mergeConfirmation: 'This wallet belongs to another account. Confirm to merge that account into yours.',
  transferConfirmation: 'This wallet belongs to another account. Confirm to transfer the wallet to yours.',
  mergeInvalid: 'This wallet does not belong to another account to merge.',
  transferInvalid: 'This wallet does not belong to another account to transfer from.',
  orphanedAccount: 'This wallet is the only way into its account: moving it would leave that account orphaned.',
  multiWalletDisabled: 'Linking more than one wallet is not enabled for this project.',
  notAWallet: 'This wallet is not linked to your account.',
  protectedAccount: "This wallet's account is protected by a second factor: sign in to that account to move its wallet.",
  holdsWallets: "This wallet's account holds an embedded wallet, which cannot be merged into another account.",
  lastWayToWallets: "This wallet is the only way into an account that holds an embedded wallet: moving it would leave that wallet with no way in.",
} as const;

/** A wallet's verified credential: format `blockchain`, identifier `{chain}:{address}`. */
export function walletIdentifier(wallet: Pick<VerifiedWallet, 'chain' | 'address'>): string {
  return `${wallet.chain}:${wallet.address}`;
}

async function saveWalletCredential(ctx: SandboxContext, q: Queryable, credentialId: string, wallet: VerifiedWallet): Promise<void> {
  await q.query(
    `INSERT INTO wallet_credentials (credential_id, environment_id, chain, address, wallet_name, wallet_provider, hardware_wallet)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (credential_id) DO UPDATE SET wallet_name = EXCLUDED.wallet_name, wallet_provider = EXCLUDED.wallet_provider, hardware_wallet = EXCLUDED.hardware_wallet`,
    [credentialId, ctx.environmentId, wallet.chain, wallet.address, wallet.walletName, wallet.walletProvider, wallet.hardwareWallet ?? null],
  );
}

/** Verifies the signature (consuming the nonce), then the access lists, then runs `then` in one transaction. */
async function withVerifiedWallet<T>(
  ctx: SandboxContext,
  input: VerifyRequest,
  then: (tx: Queryable, wallet: VerifiedWallet, settings: ProjectSettings) => Promise<T>,
): Promise<T> {
  // Settings are read before the transaction: the database has one connection, busy inside it.
  const settings = await ctx.settings.get();
  const wallet = await verifyWalletSignature(ctx, settings, input);
  return ctx.db.transaction(async (tx) => {
    await assertAddressAllowed(ctx, tx, wallet.address);
    return then(tx, wallet, settings);
  });
}

/** POST /verify: the wallet's user signed in (created on first use), through the MFA step like any primary sign-in. */
export function signInWithWallet(ctx: SandboxContext, input: VerifyRequest): Promise<SignInResponse> {
  return withVerifiedWallet(ctx, input, async (tx, wallet, settings) => {
    const now = ctx.now();
    const identifier = walletIdentifier(wallet);
    const { credential, newUser } = await signInCredentialOwner(tx, { environmentId: ctx.environmentId, format: 'blockchain', now }, { identifier, profile: {} });
    await saveWalletCredential(ctx, tx, credential.id, wallet);
    return completePrimarySignIn(ctx, tx, settings, credential.user_id, { newUser });
  });
}

async function refreshedResponse(ctx: SandboxContext, tx: Queryable, settings: ProjectSettings, auth: Auth): Promise<SignInResponse> {
  const session = (await findSession(tx, ctx.environmentId, auth.session.id)) ?? auth.session;
  return signInResponse(ctx, tx, settings, auth.userId, session, { issuedAt: ctx.now() });
}

async function walletCount(tx: Queryable, userId: string): Promise<number> {
  const rows = await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM verified_credentials WHERE user_id = $1 AND format = 'blockchain'`, [userId]);
  return rows[0]?.count ?? 0;
}

/**
 * Without `sdk.multiWallet`, a user holds one wallet: whatever would give the signed-in user a second — a link, a
 * wallet moved from another account (at once or confirmed), a merge that brings that account's wallets — is 403
 * `forbidden`, nothing changed.
 */
async function assertWalletRoom(tx: Queryable, settings: ProjectSettings, userId: string, adding: number): Promise<void> {
  if (settings.sdk.multiWallet === true) return;
  if ((await walletCount(tx, userId)) + adding > 1) throw new ApiError(403, 'forbidden', walletLinkMessages.multiWalletDisabled);
}

/**
 * POST /verify/link (bearer): adds the wallet to the signed-in user, not as primary. A wallet of another account
 * is not moved here: the answer asks for confirmation — `reassign_wallet_confirm` when it is that account's only
 * credential (confirm with /verify/transfer), `merge_accounts_confirmation` otherwise (confirm with /verify/merge).
 */
export function linkWallet(ctx: SandboxContext, auth: Auth, input: VerifyRequest): Promise<SignInResponse> {
  return withVerifiedWallet(ctx, input, async (tx, wallet, settings) => {
    // First the wallet's identity (whoever creates it holds that lock, and then the holder's row), so that a link or
    // first sign-in of this wallet at the same moment is seen here, committed. Then the caller's row, and the
    // holder's when another account holds the wallet (see otherOwner).
    await lockIdentity(tx, ctx.environmentId, 'blockchain', walletIdentifier(wallet));
    const seen = await findCredential(tx, ctx.environmentId, 'blockchain', walletIdentifier(wallet));
    const holder = seen && seen.user_id !== auth.userId ? [seen.user_id] : [];
    await lockUsers(tx, auth.userId, ...holder);
    // Read again under the locks. (Should the wallet have moved in between to a third account, that one is not locked:
    // the window is the few statements between the two reads.)
    const existing = await findCredential(tx, ctx.environmentId, 'blockchain', walletIdentifier(wallet));
    if (existing?.user_id === auth.userId) throw new ApiError(400, 'account_already_linked', walletLinkMessages.alreadyLinked, 'publicWalletAddress');
    // Before any branch: a transfer or merge the caller could not complete is not offered either.
    await assertWalletRoom(tx, settings, auth.userId, 1);
    if (existing) {
      const owner = await loadUser(tx, ctx.environmentId, existing.user_id);
      if (owner && !hasAnotherWayIn(owner, existing.id)) {
        assertNotOrphaning(settings, owner);
        await assertMovable(ctx, tx, settings, existing.user_id, 'reassign_wallet_error');
        // `sdk.confirmWalletTransfers: false`: the wallet moves at once, without asking.
        if (settings.sdk.confirmWalletTransfers === false) return moveWallet(ctx, tx, settings, auth, existing);
        throw new ApiError(409, 'reassign_wallet_confirm', walletLinkMessages.transferConfirmation, 'publicWalletAddress');
      }
      // A merge that would be refused is not offered.
      await assertMovable(ctx, tx, settings, existing.user_id, 'merge_accounts_invalid');
      throw new ApiError(409, 'merge_accounts_confirmation', walletLinkMessages.mergeConfirmation, 'publicWalletAddress');
    }
    const credential = await insertCredential(tx, { userId: auth.userId, environmentId: ctx.environmentId, format: 'blockchain', identifier: walletIdentifier(wallet), now: ctx.now() });
    // Linked, not selected: the primary wallet changes only through /users/wallets/selection.
    await tx.query('UPDATE verified_credentials SET last_selected_at = NULL WHERE id = $1', [credential.id]);
    await saveWalletCredential(ctx, tx, credential.id, wallet);
    return refreshedResponse(ctx, tx, settings, auth);
  });
}

/**
 * The wallet's credential when another account holds it, with both accounts' rows locked (in id order, so two moves
 * between the same accounts wait for each other rather than deadlock): what is checked about that account next — its
 * other ways in, its embedded or MPC wallets, its second factor — cannot change before the move commits. (Read
 * unlocked, an embedded wallet created meanwhile was deleted with the account a merge removed.)
 */
async function otherOwner(ctx: SandboxContext, tx: Queryable, auth: Auth, wallet: VerifiedWallet): Promise<CredentialRow | undefined> {
  const seen = await findCredential(tx, ctx.environmentId, 'blockchain', walletIdentifier(wallet));
  if (!seen || seen.user_id === auth.userId) return undefined;
  await lockUsers(tx, auth.userId, seen.user_id);
  // Read again under the locks: the wallet may have moved meanwhile.
  const existing = await findCredential(tx, ctx.environmentId, 'blockchain', walletIdentifier(wallet));
  return existing && existing.user_id === seen.user_id ? existing : undefined;
}

/** POST /verify/merge (bearer): the wallet's account (every credential of it) is merged into the signed-in user's. */
export function mergeAccounts(ctx: SandboxContext, auth: Auth, input: VerifyRequest): Promise<SignInResponse> {
  return withVerifiedWallet(ctx, input, async (tx, wallet, settings) => {
    const credential = await otherOwner(ctx, tx, auth, wallet);
    if (!credential) throw new ApiError(400, 'merge_accounts_invalid', walletLinkMessages.mergeInvalid, 'publicWalletAddress');
    await assertWalletRoom(tx, settings, auth.userId, await walletCount(tx, credential.user_id));
    await assertMovable(ctx, tx, settings, credential.user_id, 'merge_accounts_invalid');
    await tx.query('UPDATE verified_credentials SET user_id = $2, last_selected_at = NULL WHERE user_id = $1', [credential.user_id, auth.userId]);
    await tx.query('DELETE FROM users WHERE id = $1', [credential.user_id]);
    return refreshedResponse(ctx, tx, settings, auth);
  });
}

/** POST /verify/transfer (bearer): only the wallet moves to the signed-in user; an account left with nothing is removed. */
export function transferWallet(ctx: SandboxContext, auth: Auth, input: VerifyRequest): Promise<SignInResponse> {
  return withVerifiedWallet(ctx, input, async (tx, wallet, settings) => {
    const credential = await otherOwner(ctx, tx, auth, wallet);
    if (!credential) throw new ApiError(400, 'reassign_wallet_error', walletLinkMessages.transferInvalid, 'publicWalletAddress');
    await assertWalletRoom(tx, settings, auth.userId, 1);
    const owner = await loadUser(tx, ctx.environmentId, credential.user_id);
    if (owner && !hasAnotherWayIn(owner, credential.id)) assertNotOrphaning(settings, owner);
    await assertMovable(ctx, tx, settings, credential.user_id, 'reassign_wallet_error');
    return moveWallet(ctx, tx, settings, auth, credential);
  });
}

/**
 * What a wallet's signature cannot do to the account the wallet belongs to, by merging it away (`merge_accounts_invalid`)
 * or moving the wallet out of it (`reassign_wallet_error`), both 403 with nothing changed:
 * - pass over that account's second factor: signing in with the wallet asks for it (MFA enabled and a verified
 *   device), so a merge — that account's other ways in and its data joining the caller's — or removing the wallet
 *   from it needs a sign-in to that account first;
 * - merge away an account that holds an embedded or MPC wallet: those live with the account (the custody
 *   sub-organization, the server's key share), and deleting the account would destroy them.
 */
async function assertMovable(ctx: SandboxContext, tx: Queryable, settings: ProjectSettings, userId: string, code: 'merge_accounts_invalid' | 'reassign_wallet_error'): Promise<void> {
  const [devices, [held]] = await Promise.all([
    settings.security.mfa?.enabled ? verifiedDevices(ctx, tx, userId) : [],
    code === 'merge_accounts_invalid'
      ? tx.query<{ wallets: boolean }>('SELECT EXISTS (SELECT 1 FROM embedded_wallets WHERE user_id = $1) OR EXISTS (SELECT 1 FROM mpc_wallets WHERE user_id = $1) AS wallets', [userId])
      : [{ wallets: false }],
  ]);
  if (devices.length > 0) throw new ApiError(403, code, walletLinkMessages.protectedAccount, 'publicWalletAddress');
  if (held?.wallets) throw new ApiError(403, code, walletLinkMessages.holdsWallets, 'publicWalletAddress');
}

/**
 * A wallet that is its account's only way in (an embedded or MPC wallet's credential is none: nothing signs in with
 * it) moving out, 403 `reassign_wallet_error`, nothing changed:
 * - always, when that account holds an embedded or MPC wallet: the account could not be removed, and its wallet —
 *   its funds — would be left with no way back in;
 * - under `sdk.preventOrphanedAccounts`, in every case.
 */
function assertNotOrphaning(settings: ProjectSettings, owner: UserRecord): void {
  if (owner.credentials.some(holdsWallet)) {
    throw new ApiError(403, 'reassign_wallet_error', walletLinkMessages.lastWayToWallets, 'publicWalletAddress');
  }
  if (settings.sdk.preventOrphanedAccounts === true) throw new ApiError(403, 'reassign_wallet_error', walletLinkMessages.orphanedAccount, 'publicWalletAddress');
}

/** Moves one wallet credential to the signed-in user; the account it leaves is removed when nothing is left of it. */
async function moveWallet(ctx: SandboxContext, tx: Queryable, settings: ProjectSettings, auth: Auth, credential: CredentialRow): Promise<SignInResponse> {
  await tx.query('UPDATE verified_credentials SET user_id = $2, last_selected_at = NULL WHERE id = $1', [credential.id, auth.userId]);
  const previous = await loadUser(tx, ctx.environmentId, credential.user_id);
  if (previous && previous.credentials.length === 0) await tx.query('DELETE FROM users WHERE id = $1', [credential.user_id]);
  else if (previous?.row.last_verified_credential_id === credential.id) {
    await tx.query('UPDATE users SET last_verified_credential_id = $2 WHERE id = $1', [credential.user_id, previous.credentials[0]!.id]);
  }
  return refreshedResponse(ctx, tx, settings, auth);
}

/** PUT /users/wallets/selection (bearer): makes one of the user's wallets the primary one (latest `lastSelectedAt`). */
export async function selectWallet(ctx: SandboxContext, auth: Auth, input: WalletSelection): Promise<{ user: User }> {
  const settings = await ctx.settings.get();
  return ctx.db.transaction(async (tx) => {
    const record = await loadUser(tx, ctx.environmentId, auth.userId);
    const credential = record?.credentials.find((entry) => entry.id === input.walletId && entry.format === 'blockchain');
    if (!record || !credential) throw new ApiError(400, 'invalid_wallet_id', walletLinkMessages.notAWallet, 'walletId');
    await tx.query('UPDATE verified_credentials SET last_selected_at = $2 WHERE id = $1', [credential.id, ctx.now().toISOString()]);
    const updated = await loadUser(tx, ctx.environmentId, auth.userId);
    return { user: toWireUser(updated!, settings, { sessionId: auth.session.id }) };
  });
}
