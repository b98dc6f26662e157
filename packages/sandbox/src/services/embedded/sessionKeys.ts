import { randomBytes } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import type { SessionKeyChallenge, SessionKeyRegistration, SessionKeyResponse } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import { CustodyError } from '../../custody/CustodyError.js';
import { ApiError } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { fromCustody, keySecondsFor, onlyWallet, sessionKeyDurationSeconds } from './embeddedWallets.js';
import { storeOneTimeState } from '../retention/sweepExpired.js';
import { assertSessionStillLive, recordSessionKey } from './sessionKeyRecords.js';

/**
 * Session keys of embedded wallets. A wallet without a passkey trusts the session JWT: the product API registers
 * the key with its own (parent organisation) key. A wallet with one (`isAuthenticatorAttached`) does not: the kit
 * asks for a challenge — the custody `create_api_keys` request for its new key, named after a single-use server
 * nonce, lapsing after `sessionKeyDuration`, timestamped now — and proves it with a fresh passkey assertion over it
 * or the current session key's signature of it. The product API checks the challenge is the one it issued to this
 * session and forwards it, stamped by that proof, to custody, which verifies the stamp against the wallet's own
 * keys (and refuses the parent's key for a passkey-protected user). A stolen JWT alone can mint nothing. Either way the
 * key is recorded for the session first (`sessionKeyRecords.ts`): ending the session deletes it at custody.
 */

/** A challenge is good this long (the passkey ceremony's timeout, SPEC §9), and once. */
export const SESSION_KEY_CHALLENGE_TTL_MS = 300_000;

export const sessionKeyMessages = {
  proofRequired:
    "A passkey protects this wallet: registering a session key needs a challenge signed by the wallet's passkey (passkeyStamp) or by its current session key (prevSessionKeySignature).",
  unknownChallenge: 'This challenge was not issued to this session, is for another key, has expired or was already used.',
  refused: 'The proof was refused by custody: {reason}',
  badPrevSignature: 'prevSessionKeySignature is not a signature of the challenge by a current session key of this wallet.',
} as const;

/** POST /users/embeddedWallets/sessionKey/challenge: the custody request a proof signs for `publicKey`. */
export async function createSessionKeyChallenge(ctx: SandboxContext, auth: Auth, input: { publicKey: string }): Promise<SessionKeyChallenge> {
  const wallet = await onlyWallet(ctx, auth.userId);
  const settings = await ctx.settings.get();
  const now = ctx.now();
  const nonce = randomBytes(24).toString('base64url');
  const body = JSON.stringify({
    type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    timestampMs: String(now.getTime()),
    organizationId: wallet.sub_organization_id,
    parameters: {
      userId: wallet.custody_user_id,
      apiKeys: [
        {
          apiKeyName: `session-${nonce}`,
          publicKey: input.publicKey.toLowerCase(),
          curveType: 'API_KEY_CURVE_P256',
          expirationSeconds: String(keySecondsFor({ expiresAt: auth.session.expires_at }, now, sessionKeyDurationSeconds(settings))),
        },
      ],
    },
  });
  const expiresAt = new Date(now.getTime() + SESSION_KEY_CHALLENGE_TTL_MS);
  await storeOneTimeState(ctx, 'session_key_challenges', (q) =>
    q.query(
      `INSERT INTO session_key_challenges (nonce, environment_id, user_id, session_id, public_key, body, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [nonce, ctx.environmentId, auth.userId, auth.session.id, input.publicKey.toLowerCase(), body, now.toISOString(), expiresAt.toISOString()],
    ),
  );
  return { nonce, body, expiresAt: expiresAt.toISOString() };
}

/** Spends the challenge `body` names for this session and key, or refuses (400 `invalid_session_public_key`). */
async function claimChallenge(ctx: SandboxContext, auth: Auth, publicKey: string, body: string): Promise<void> {
  const now = ctx.now().toISOString();
  const claimed = await ctx.db.query(
    `UPDATE session_key_challenges SET used_at = $5 WHERE environment_id = $1 AND session_id = $2 AND public_key = $3 AND body = $4
       AND used_at IS NULL AND expires_at > $5 RETURNING nonce`,
    [ctx.environmentId, auth.session.id, publicKey.toLowerCase(), body, now],
  );
  if (claimed.length === 0) throw new ApiError(400, 'invalid_session_public_key', sessionKeyMessages.unknownChallenge, 'challenge');
}

/** The current (unexpired) session key of the wallet's custody user that signed `body`, as an X-Stamp; or a 400. */
async function stampOfPreviousKey(ctx: SandboxContext, wallet: { sub_organization_id: string; custody_user_id: string }, body: string, signature: string) {
  const { user } = await ctx.custody.client.query('get_user', { organizationId: wallet.sub_organization_id, userId: wallet.custody_user_id }).catch(fromCustody);
  const now = ctx.now().getTime();
  const keys = (user.apiKeys as { credential: { publicKey: string }; createdAt: { seconds: string }; expirationSeconds?: string }[])
    .filter((key) => key.expirationSeconds === undefined || (Number(key.createdAt.seconds) + Number(key.expirationSeconds)) * 1000 > now)
    .map((key) => key.credential.publicKey);
  const bytes = new TextEncoder().encode(body);
  const signer = keys.find((key) => {
    try {
      return p256.verify(Buffer.from(signature, 'hex'), bytes, Buffer.from(key, 'hex'), { format: 'der', lowS: false });
    } catch {
      return false;
    }
  });
  if (!signer) throw new ApiError(400, 'invalid_session_public_key', sessionKeyMessages.badPrevSignature, 'prevSessionKeySignature');
  const stamp = { publicKey: signer, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: signature.toLowerCase() };
  return { header: 'X-Stamp' as const, value: Buffer.from(JSON.stringify(stamp)).toString('base64url') };
}

/** POST /users/embeddedWallets/sessionKey: registers `publicKey` for `sessionKeyDuration` (see the module comment). */
export async function registerSessionKey(ctx: SandboxContext, auth: Auth, input: SessionKeyRegistration): Promise<SessionKeyResponse> {
  const wallet = await onlyWallet(ctx, auth.userId);
  const settings = await ctx.settings.get();
  // Sized and stamped at one moment, from which custody counts the key's life: it ends by the session's end.
  const now = ctx.now();
  const seconds = keySecondsFor({ expiresAt: auth.session.expires_at }, now, sessionKeyDurationSeconds(settings));
  // Recorded for this session before custody has it, checked against the session after (see sessionKeyRecords.ts).
  const record = (lapsesAfter = seconds) => recordSessionKey(ctx, ctx.db, { userId: auth.userId, sessionId: auth.session.id, custodyUser: wallet, publicKey: input.publicKey, seconds: lapsesAfter });
  if (!input.challenge) {
    if (wallet.is_authenticator_attached) throw new ApiError(403, 'forbidden', sessionKeyMessages.proofRequired, 'passkeyStamp');
    await record();
    await ctx.custody.client
      .submit('create_api_keys', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', wallet.sub_organization_id, {
        userId: wallet.custody_user_id,
        apiKeys: [{ apiKeyName: `session-${now.getTime()}`, publicKey: input.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: String(seconds) }],
      }, now)
      .catch(fromCustody);
    await assertSessionStillLive(ctx, auth.session.id, wallet, { publicKey: input.publicKey });
    return { publicKey: input.publicKey, expiresAt: new Date(now.getTime() + seconds * 1000).toISOString() };
  }
  const path = input.passkeyStamp ? 'passkeyStamp' : 'prevSessionKeySignature';
  if (!input.passkeyStamp && !input.prevSessionKeySignature) throw new ApiError(400, 'invalid_request', 'challenge: send it with passkeyStamp or prevSessionKeySignature.', 'challenge');
  const stamp = input.passkeyStamp
    ? { header: 'X-Stamp-WebAuthn' as const, value: input.passkeyStamp.stampHeaderValue }
    : await stampOfPreviousKey(ctx, wallet, input.challenge, input.prevSessionKeySignature!);
  await claimChallenge(ctx, auth, input.publicKey, input.challenge);
  // The key lapses as the challenge (issued by createSessionKeyChallenge, so well-formed) says, counted from when it
  // was made: custody counts from its timestampMs, so a challenge used late buys no extra time past the session.
  const challenge = JSON.parse(input.challenge);
  const lapsesAt = Number(challenge.timestampMs) + Number(challenge.parameters.apiKeys[0].expirationSeconds) * 1000;
  await record(Math.max(0, (lapsesAt - ctx.now().getTime()) / 1000));
  await ctx.custody.client.forward('create_api_keys', input.challenge, stamp).catch((error: unknown) => {
    if (error instanceof CustodyError && error.code !== 13) throw new ApiError(400, 'invalid_session_public_key', sessionKeyMessages.refused.replace('{reason}', error.message), path);
    return fromCustody(error);
  });
  await assertSessionStillLive(ctx, auth.session.id, wallet, { publicKey: input.publicKey });
  return { publicKey: input.publicKey, expiresAt: new Date(lapsesAt).toISOString() };
}
