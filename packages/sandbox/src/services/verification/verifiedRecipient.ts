import type { SignInResponse } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { findSession } from '../session/sessionRepository.js';
import { signInResponse } from '../session/signInResponse.js';
import { startPrimarySignIn } from '../mfa/mfa.js';
import { findCredential, insertCredential, loadUser, markSignIn, saveUserData, signInCredentialOwner } from '../users/userRepository.js';
import { loadAccessGate, type AccessGate } from '../wallets/accessList.js';
import type { CodeChannel } from './CodeChannel.js';
import { withVerifiedCode, type CodeInput } from './verificationCodes.js';

type AnyChannel = CodeChannel<never, never>;

/**
 * The proven owner wins: another user's profile that merely names the recipient (written before e-mail and phone
 * needed verification) stops naming it once its owner has proven it with a code.
 */
async function releaseUnprovenClaims(ctx: SandboxContext, tx: Queryable, channel: AnyChannel, ownerId: string, recipient: string): Promise<void> {
  // The key is written out (not a parameter) so that the expression indexes of migration 32 serve the lookup.
  const key = channel.profileKey === 'email' ? 'email' : 'phoneNumber';
  await tx.query(
    `UPDATE users SET profile = profile - '${key}' WHERE environment_id = $1 AND lower(profile->>'${key}') = lower($3) AND id <> $2`,
    [ctx.environmentId, ownerId, recipient],
  );
}

/**
 * POST /{channel}Verifications/signin: the code signs the recipient's owner in (creating them, with that profile field,
 * if new). Three round trips: the verification with the access list; the code marked used with the owner found or
 * created; the session, the user and the released claims with COMMIT.
 */
export async function signInWithVerification(ctx: SandboxContext, channel: AnyChannel, input: CodeInput): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  channel.assertSignInEnabled(settings);
  // The token is signed while the transaction commits.
  const pending = await withVerifiedCode(
    ctx,
    channel,
    input,
    async (tx, recipient, gate: AccessGate) => {
      // The access gate (SPEC §6) for the identity signing in, checked again at sign-in: the list may have changed.
      gate.allow([recipient]);
      const { credential, newUser } = await signInCredentialOwner(tx, { environmentId: ctx.environmentId, format: channel.credentialFormat, identifier: recipient, profile: { [channel.profileKey]: recipient }, now: ctx.now() });
      // The proven owner's claim made good, and a session (or an MFA token when a second factor is due): not waited
      // for — the transaction's COMMIT goes out with them, and the token is signed after.
      releaseUnprovenClaims(ctx, tx, channel, credential.user_id, recipient).catch(() => undefined /* fails the transaction with its error */);
      return startPrimarySignIn(ctx, tx, settings, credential.user_id, { newUser, gate });
    },
    (tx) => loadAccessGate(ctx, tx),
  );
  return pending.response;
}

/** POST /{channel}Verifications/verify (bearer): the code adds the recipient to the signed-in user. */
export async function addVerifiedRecipient(ctx: SandboxContext, channel: AnyChannel, auth: Auth, input: CodeInput): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  channel.assertAddEnabled(settings);
  return withVerifiedCode(ctx, channel, input, async (tx, recipient) => {
    const now = ctx.now();
    let credential = await findCredential(tx, ctx.environmentId, channel.credentialFormat, recipient);
    if (credential && credential.user_id !== auth.userId) {
      // Thrown inside the transaction: the code is not consumed, nothing changes.
      const { code, message, path } = channel.errors.taken;
      throw new ApiError(400, code, message, path);
    }
    credential ??= await insertCredential(tx, { userId: auth.userId, environmentId: ctx.environmentId, format: channel.credentialFormat, identifier: recipient, now });
    await releaseUnprovenClaims(ctx, tx, channel, auth.userId, recipient);
    await markSignIn(tx, auth.userId, credential.id, now);
    const record = await loadUser(tx, ctx.environmentId, auth.userId);
    if (record && !record.row.profile[channel.profileKey]) {
      await saveUserData(tx, auth.userId, { ...record.row.profile, [channel.profileKey]: recipient }, record.row.metadata);
    }
    const session = (await findSession(tx, ctx.environmentId, auth.session.id)) ?? auth.session;
    return signInResponse(ctx, tx, settings, auth.userId, session, { issuedAt: now });
  });
}
