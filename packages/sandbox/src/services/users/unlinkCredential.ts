import type { SignInResponse, WalletLink } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import { ApiError } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { findSession } from '../session/sessionRepository.js';
import { signInResponse } from '../session/signInResponse.js';
import { loadUser, type UserRecord } from './userRepository.js';
import { assertRecentSecondFactor } from '../mfa/stepUp.js';
import { lockUsers } from './userLocks.js';

export const unlinkMessages = {
  lastCredential: 'You cannot unlink your only sign-in method.',
  notYours: 'This credential is not linked to your account.',
  walletUnlinkDisabled: 'Unlinking wallets is not enabled for this project.',
  embeddedWallet: 'An embedded wallet cannot be unlinked; delete it instead.',
} as const;

/** An embedded or MPC wallet's credential: it carries the wallet, and nothing signs in with it. */
export function holdsWallet(credential: UserRecord['credentials'][number]): boolean {
  return Boolean(credential.embedded || credential.mpc);
}

/**
 * Whether the user has a way in besides `credentialId`: a credential they can sign in with (any but an embedded or MPC
 * wallet's). The last way in never goes (unlinked, its passkey deleted, its wallet moved to another account): the
 * account, and the funds of its wallets, would have no way back in.
 */
export function hasAnotherWayIn(record: UserRecord, credentialId: string): boolean {
  return record.credentials.some((credential) => credential.id !== credentialId && !holdsWallet(credential));
}

/**
 * POST /verify/unlink (bearer): removes one of the user's verified credentials. The last one is
 * refused (`forbidden_unlink_request`): the user would have no way back in. An embedded wallet is refused
 * (`linked_embedded_wallet`); a passkey's credential takes the passkey with it; an unlinked e-mail or phone number leaves
 * the profile (another verified one takes its place).
 */
export async function unlinkCredential(ctx: SandboxContext, auth: Auth, input: WalletLink): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  return ctx.db.transaction(async (tx) => {
    await lockUsers(tx, auth.userId);
    const record = await loadUser(tx, ctx.environmentId, auth.userId);
    const credential = record?.credentials.find((entry) => entry.id === input.verifiedCrentialId);
    if (!record || !credential) throw new ApiError(400, 'invalid_unlink_request', unlinkMessages.notYours, 'verifiedCrentialId');
    // Its credential row carries the wallet (the delete would cascade to it), custody or MPC alike: deleting a wallet is its own route.
    if (holdsWallet(credential)) throw new ApiError(400, 'linked_embedded_wallet', unlinkMessages.embeddedWallet, 'verifiedCrentialId');
    if (credential.format === 'blockchain' && settings.sdk.multiWalletUnlinkDisabled === true) {
      throw new ApiError(403, 'forbidden_unlink_request', unlinkMessages.walletUnlinkDisabled, 'verifiedCrentialId');
    }
    if (!hasAnotherWayIn(record, credential.id)) throw new ApiError(400, 'forbidden_unlink_request', unlinkMessages.lastCredential, 'verifiedCrentialId');
    // Taking a way in away from a user with a second factor needs one passed recently (step-up), like removing one.
    await assertRecentSecondFactor(ctx, tx, auth);
    // A passkey's credential goes with the passkey itself: unlinked, it must not sign in any more.
    if (credential.format === 'passkey') await tx.query('DELETE FROM passkeys WHERE verified_credential_id = $1', [credential.id]);
    await tx.query('DELETE FROM verified_credentials WHERE id = $1', [credential.id]);
    // The profile names only what the user proved: an unlinked address or number gives way to another verified one.
    const profileKey = credential.format === 'email' ? 'email' : credential.format === 'phoneNumber' ? 'phoneNumber' : undefined;
    if (profileKey && record.row.profile[profileKey] === credential.identifier) {
      const other = record.credentials.find((entry) => entry.id !== credential.id && entry.format === credential.format);
      const profile = { ...record.row.profile };
      if (other) profile[profileKey] = other.identifier;
      else delete profile[profileKey];
      await tx.query('UPDATE users SET profile = $2::jsonb WHERE id = $1', [auth.userId, JSON.stringify(profile)]);
    }
    if (record.row.last_verified_credential_id === credential.id) {
      const next = record.credentials.find((entry) => entry.id !== credential.id)!;
      await tx.query('UPDATE users SET last_verified_credential_id = $2 WHERE id = $1', [auth.userId, next.id]);
    }
    const session = (await findSession(tx, ctx.environmentId, auth.session.id)) ?? auth.session;
    return signInResponse(ctx, tx, settings, auth.userId, session, { issuedAt: ctx.now() });
  });
}
