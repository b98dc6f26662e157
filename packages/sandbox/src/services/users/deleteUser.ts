import type { SandboxContext } from '../../context.js';
import { ApiError, messages } from '../../errors/ApiError.js';
import { CustodyError } from '../../custody/CustodyError.js';
import type { Auth } from '../session/authenticate.js';
import { assertRecentSecondFactor } from '../mfa/stepUp.js';
import { deleteSessionKeys } from '../embedded/deleteSessionKeys.js';
import { fromCustody } from '../embedded/embeddedWallets.js';
import { lockUsers } from './userLocks.js';

/**
 * DELETE /users: the account goes, with everything hanging off it — credentials, sessions (so this very token stops
 * working), passkeys, MFA devices and recovery codes, embedded and MPC wallets (their custody wallets are deleted
 * first, without export: the user typed the confirmation — except a passkey-protected one, left to its passkey). A user with a second factor must have passed it in the
 * last 5 minutes (`mfa_invalid_request`, as for removing a factor). Verification codes still pending for the user's
 * e-mail addresses and phone numbers are burnt. Every API key of its embedded wallets' custody users (the session keys of
 * all its devices) is deleted at custody first — custody refusing fails the request before anything is deleted, as for
 * the wallets, since once the account is gone no record is left to retry from — and once more after the account went,
 * for a key registered meanwhile (see `endSessions.ts` for the order).
 */
export async function deleteUser(ctx: SandboxContext, auth: Auth): Promise<{ ok: true }> {
  await assertRecentSecondFactor(ctx, ctx.db, auth);
  const custodyUsers = await deleteSessionKeys(ctx, auth.userId, 'all').catch(fromCustody);
  const wallets = await ctx.db.query<{ sub_organization_id: string; custody_user_id: string; hd_wallet_id: string; is_authenticator_attached: boolean }>(
    'SELECT sub_organization_id, custody_user_id, hd_wallet_id, is_authenticator_attached FROM embedded_wallets WHERE environment_id = $1 AND user_id = $2',
    [ctx.environmentId, auth.userId],
  );
  // A passkey-protected wallet is not the product's to delete (custody refuses the parent, see passkeyWalletDeletion.ts):
  // it stays at custody under its passkey, its session keys gone — a stolen session deletes the account, not the key.
  for (const wallet of wallets.filter((row) => !row.is_authenticator_attached)) {
    await ctx.custody.client
      .submit('delete_wallets', 'ACTIVITY_TYPE_DELETE_WALLETS', wallet.sub_organization_id, { walletIds: [wallet.hd_wallet_id], deleteWithoutExport: true })
      .catch((error: unknown) => {
        // Already gone in custody (an earlier attempt): nothing left to delete there.
        if (error instanceof CustodyError && error.code === 5) return;
        throw error;
      });
  }
  const walletsAtEnd = await ctx.db.transaction(async (tx) => {
    // The user's row first: a wallet being created waits for the deletion or is done before it, and is then read here
    // (the list above may predate it), for its keys to go below.
    await lockUsers(tx, auth.userId);
    const current = await tx.query<{ sub_organization_id: string; custody_user_id: string }>(
      'SELECT sub_organization_id, custody_user_id FROM embedded_wallets WHERE environment_id = $1 AND user_id = $2',
      [ctx.environmentId, auth.userId],
    );
    await assertRecentSecondFactor(ctx, tx, auth);
    const identifiers = await tx.query<{ format: string; identifier: string }>(
      "SELECT format, identifier FROM verified_credentials WHERE environment_id = $1 AND user_id = $2 AND format IN ('email', 'phoneNumber')",
      [ctx.environmentId, auth.userId],
    );
    for (const { format, identifier } of identifiers) {
      if (format === 'email') await tx.query("UPDATE email_verifications SET status = 'burnt' WHERE environment_id = $1 AND email = $2 AND status = 'pending'", [ctx.environmentId, identifier]);
      else await tx.query("UPDATE sms_verifications SET status = 'burnt' WHERE environment_id = $1 AND phone_e164 = $2 AND status = 'pending'", [ctx.environmentId, identifier]);
    }
    const deleted = await tx.query('DELETE FROM users WHERE environment_id = $1 AND id = $2 RETURNING id', [ctx.environmentId, auth.userId]);
    if (deleted.length === 0) throw new ApiError(401, 'unauthorized', messages.invalidToken);
    return current;
  });
  // A key registered while this ran, whose registration still saw a live session (else it deleted the key itself).
  // The account is gone whatever custody answers now: a failure is reported, not answered.
  await deleteSessionKeys(ctx, auth.userId, 'all', [...custodyUsers, ...wallets, ...walletsAtEnd]).catch((error: unknown) => {
    console.warn(`[sandbox] could not delete a deleted account's session keys at custody (${error instanceof Error ? error.message : String(error)}).`);
  });
  return { ok: true };
}
