import type { SignInResponse } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { findSession } from '../session/sessionRepository.js';
import { signInResponse } from '../session/signInResponse.js';
import { startPrimarySignIn } from '../mfa/mfa.js';
import { findCredential, insertCredential, loadUser, markSignIn, saveUserData, signInCredentialOwner } from '../users/userRepository.js';
import { loadAccessGate } from '../wallets/accessList.js';
import type { CodeChannel } from './CodeChannel.js';
import { withVerifiedCode, type CodeClaim, type CodeInput } from './verificationCodes.js';

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
 * if new). Two round trips: the verification locked, with the access list and the owner signed in should the code be
 * right (found or created, in the statement after the lock); then the code marked used, the claims released, the
 * session and the user read, with COMMIT. A wrong code, or an access list that refuses the recipient, rolls the owner
 * back.
 */
export async function signInWithVerification(ctx: SandboxContext, channel: AnyChannel, input: CodeInput): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  channel.assertSignInEnabled(settings);
  // The token is signed while the transaction commits.
  const pending = await withVerifiedCode(
    ctx,
    channel,
    input,
    async (tx, recipient, { gate, owner }) => {
      // The access gate (SPEC §6) for the identity signing in, checked again at sign-in: the list may have changed.
      if (gate.listed) await gate.allow(tx, [recipient]);
      // The check and the statement asked the same question of the same locked row.
      if (!owner) throw new Error('A right code signed nobody in.');
      const { credential, newUser } = owner;
      // The proven owner's claim made good, and a session (or an MFA token when a second factor is due): not waited
      // for — the transaction's COMMIT goes out with them, and the token is signed after.
      releaseUnprovenClaims(ctx, tx, channel, credential.user_id, recipient).catch(() => undefined /* fails the transaction with its error */);
      return startPrimarySignIn(ctx, tx, settings, credential.user_id, { newUser, gate });
    },
    async (tx: Queryable, claim: CodeClaim) => {
      const [gate, owner] = await Promise.all([
        loadAccessGate(ctx, tx),
        signInCredentialOwner(
          tx,
          { environmentId: ctx.environmentId, format: channel.credentialFormat, now: claim.now },
          { from: (param) => `SELECT recipient AS identifier, jsonb_build_object('${channel.profileKey}', recipient) AS profile FROM (${claim.from(param)}) claimed` },
        ),
      ]);
      return { gate, owner };
    },
  );
  return pending.response;
}

/** POST /{channel}Verifications/verify (bearer): the code adds the recipient to the signed-in user. */
export async function addVerifiedRecipient(ctx: SandboxContext, channel: AnyChannel, auth: Auth, input: CodeInput): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  channel.assertAddEnabled(settings);
  return withVerifiedCode(ctx, channel, input, async (tx, recipient) => {
    const now = ctx.now();
    const taken = () => new ApiError(400, channel.errors.taken.code, channel.errors.taken.message, channel.errors.taken.path);
    let credential = await findCredential(tx, ctx.environmentId, channel.credentialFormat, recipient);
    // Thrown inside the transaction: the code is not consumed, nothing changes.
    if (credential && credential.user_id !== auth.userId) throw taken();
    // Another account adding (or signing up with) it at the same moment: its insert won, the address is taken.
    credential ??= await insertCredential(tx, { userId: auth.userId, environmentId: ctx.environmentId, format: channel.credentialFormat, identifier: recipient, now }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error;
    });
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
