import type { ProjectSettings, SignInResponse } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { assertAccessAllowed } from '../wallets/accessList.js';
import { completePrimarySignIn } from '../mfa/mfa.js';
import { signInCredentialOwner } from '../users/userRepository.js';

/**
 * Finds (or creates, with `profile`) the user owning the credential `format`/`identifier` (an
 * e-mail address, an E.164 phone number), and opens a session for them.
 */
export async function signInWithCredential(
  ctx: SandboxContext,
  q: Queryable,
  settings: ProjectSettings,
  format: string,
  identifier: string,
  profile: Record<string, unknown>,
): Promise<SignInResponse> {
  // The access gate (SPEC §6) for the identity signing in, checked again at sign-in: the list may have changed.
  await assertAccessAllowed(ctx, q, [identifier]);
  const { credential, newUser } = await signInCredentialOwner(q, { environmentId: ctx.environmentId, format, identifier, profile, now: ctx.now() });
  // A session, or an MFA token when a second factor is due.
  return completePrimarySignIn(ctx, q, settings, credential.user_id, { newUser });
}
