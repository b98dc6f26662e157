import { randomUUID } from 'node:crypto';
import type { EmbeddedWalletCreation, ProjectSettings, SignInResponse, User, WalletDeletion } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import { CustodyError } from '../../custody/CustodyError.js';
import { SOLANA_DEFAULT_PATH } from '../../custody/solanaKeys.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { findSession } from '../session/sessionRepository.js';
import { signInResponse } from '../session/signInResponse.js';
import { loadUser, toWireUser } from '../users/userRepository.js';
import type { EmbeddedWalletRow } from './embeddedWalletRecord.js';
import { assertRecentSecondFactor } from '../mfa/stepUp.js';
import { deleteWithPasskey } from './passkeyWalletDeletion.js';
import { deleteCustodyKeys } from './deleteSessionKeys.js';
import { assertSessionStillLive, recordSessionKey } from './sessionKeyRecords.js';
import { lockUsers } from '../users/userLocks.js';

/**
 * Embedded wallets of the product API: each is a custody sub-organization (created under the
 * sandbox's root organisation through the custody API, stamped with the root key like any
 * caller) holding one Solana HD wallet; the user sees it as a `blockchain` verified credential
 * with the embedded-wallet properties of SPEC §3.
 */

export const embeddedWalletMessages = {
  recoveryDisabled: 'Cannot proceed with your request',
  onlySolana: 'Embedded wallets are available on SOL only.',
  chainDisabled: 'Embedded wallets are not enabled for this chain.',
  provider: 'Embedded wallets use the turnkeyhd provider.',
  tooMany: 'The user already has an embedded wallet on this chain.',
  noWallet: 'The user has no embedded wallet.',
  unknownWallet: 'No embedded wallet of this user has this id.',
  notExported: 'The wallet has not been exported; set deleteWithoutExport to delete it anyway.',
  recoveryEmail: 'This e-mail address cannot recover this wallet.',
  badPrevSignature: 'prevSessionKeySignature is not a signature of the new key by the current session key.',
  passkeyRequired: 'This project requires a passkey to create an embedded wallet.',
  badAttestation: 'The passkey attestation was refused: {reason}',
} as const;

/** The custody provider's transport names for the WebAuthn ones. */
const custodyTransport = (transport: string) => `AUTHENTICATOR_TRANSPORT_${transport.toUpperCase()}`;

/** `sdk.embeddedWallets.sessionKeyDuration` in seconds (default 30 minutes). */
export function sessionKeyDurationSeconds(settings: ProjectSettings): number {
  const duration = settings.sdk.embeddedWallets?.sessionKeyDuration;
  if (!duration) return 30 * 60;
  return duration.amount * { minutes: 60, hours: 3600, days: 86_400 }[duration.unit];
}

/**
 * How long a key registered now for a session lasts: `sessionKeyDuration` (or `seconds`), but never past the end of
 * the session it serves. Custody does not know sessions: a sign-out deletes the session's keys, but a session that
 * simply ends deletes nothing, so a key must lapse with it by itself.
 */
export function keySecondsFor(session: { expiresAt: Date }, now: Date, seconds: number): number {
  return Math.max(1, Math.min(seconds, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000)));
}

export async function embeddedWalletsOf(q: Queryable, environmentId: string, userId: string): Promise<EmbeddedWalletRow[]> {
  return q.query<EmbeddedWalletRow>('SELECT * FROM embedded_wallets WHERE environment_id = $1 AND user_id = $2 ORDER BY created_at', [environmentId, userId]);
}

export function fromCustody(error: unknown): never {
  if (error instanceof CustodyError) throw new ApiError(502, 'internal_error', `Custody refused: ${error.message}`);
  throw error;
}

/**
 * Creates the user's sub-organization and Solana wallet; returns the new credential's id. `sessionPublicKey` becomes
 * an API key of its user, recorded for the session `owner` names (ending that session deletes it).
 */
export async function createEmbeddedWallet(
  ctx: SandboxContext,
  owner: { userId: string; sessionId: string; sessionExpiresAt: Date },
  input: Pick<EmbeddedWalletCreation, 'chains' | 'embeddedWalletProvider' | 'sessionPublicKey' | 'attestation' | 'challenge' | 'passkeyAlias'>,
  source: 'dynamic' | 'user',
): Promise<string> {
  const { userId } = owner;
  const settings = await ctx.settings.get();
  // forceAuthenticatorAtSignup: no wallet without a passkey attached to it.
  if (settings.sdk.embeddedWallets?.forceAuthenticatorAtSignup && !input.attestation) {
    throw new ApiError(400, 'invalid_embedded_wallet_settings', embeddedWalletMessages.passkeyRequired, 'isAuthenticatorAttached');
  }
  if (input.chains.some((chain) => chain !== 'SOL')) throw new ApiError(400, 'invalid_embedded_wallet_chains_configuration', embeddedWalletMessages.onlySolana, 'chains');
  const configured = settings.sdk.embeddedWallets?.chainConfigurations;
  if (configured && !configured.some((chain) => chain.name === 'SOL' && chain.enabled)) {
    throw new ApiError(400, 'invalid_embedded_wallet_chains_configuration', embeddedWalletMessages.chainDisabled, 'chains');
  }
  if (input.embeddedWalletProvider !== 'turnkeyhd' && input.embeddedWalletProvider !== 'turnkey') {
    throw new ApiError(400, 'invalid_embedded_wallet_settings', embeddedWalletMessages.provider, 'embeddedWalletProvider');
  }
  const existing = await embeddedWalletsOf(ctx.db, ctx.environmentId, userId);
  if (existing.some((wallet) => wallet.chain === 'SOL')) throw new ApiError(409, 'too_many_embedded_wallets_per_chain_for_user', embeddedWalletMessages.tooMany, 'chains');
  const record = await loadUser(ctx.db, ctx.environmentId, userId);
  if (!record) throw new ApiError(401, 'unauthorized', 'The session token is invalid.');
  const email = record.credentials.find((credential) => credential.format === 'email')?.identifier;
  // Sized and stamped at one moment, from which custody counts the key's life: it ends by the session's end.
  const keysFrom = ctx.now();
  const keySeconds = keySecondsFor({ expiresAt: owner.sessionExpiresAt }, keysFrom, sessionKeyDurationSeconds(settings));

  const created = await ctx.custody.client
    .submit('create_sub_organization', 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7', ctx.custody.client.rootOrganizationId, {
      subOrganizationName: `user ${userId}`,
      rootQuorumThreshold: 1,
      rootUsers: [
        {
          userName: userId,
          ...(email ? { userEmail: email } : {}),
          apiKeys: input.sessionPublicKey
            ? [{ apiKeyName: 'session', publicKey: input.sessionPublicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: String(keySeconds) }]
            : [],
          // The passkey "with" which the wallet is created: an authenticator of the custody user,
          // whose attestation custody verifies against the challenge (as the custody provider does).
          authenticators:
            input.attestation && input.challenge
              ? [
                  {
                    authenticatorName: input.passkeyAlias ?? 'passkey',
                    challenge: input.challenge,
                    attestation: { ...input.attestation, transports: input.attestation.transports.map(custodyTransport) },
                  },
                ]
              : [],
          oauthProviders: [],
        },
      ],
      wallet: { walletName: 'Solana', accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: SOLANA_DEFAULT_PATH, addressFormat: 'ADDRESS_FORMAT_SOLANA' }] },
    }, keysFrom)
    .catch((error: unknown) => {
      if (error instanceof CustodyError && error.code === 3 && error.message.startsWith('invalid attestation')) {
        throw new ApiError(400, 'invalid_request', embeddedWalletMessages.badAttestation.replace('{reason}', error.message), 'attestation');
      }
      return fromCustody(error);
    });
  const address = created.wallet.addresses[0] as string;
  const custodyUser = { sub_organization_id: created.subOrganizationId as string, custody_user_id: created.rootUserIds[0] as string };
  const sessionKey = input.sessionPublicKey ? { custodyUser, publicKey: input.sessionPublicKey } : undefined;
  const credentialId = randomUUID();
  const now = ctx.now().toISOString();
  await ctx.db
    .transaction(async (tx) => {
      // Checked again under the user's row (custody took a while): a creation beside this one may have added the
      // chain's wallet, or the account may have been deleted meanwhile.
      if ((await lockUsers(tx, userId)).length === 0) throw new ApiError(401, 'unauthorized', 'The session token is invalid.');
      if ((await embeddedWalletsOf(tx, ctx.environmentId, userId)).some((wallet) => wallet.chain === 'SOL')) {
        throw new ApiError(409, 'too_many_embedded_wallets_per_chain_for_user', embeddedWalletMessages.tooMany, 'chains');
      }
      await tx.query(
        `INSERT INTO verified_credentials (id, user_id, environment_id, format, identifier, created_at, last_selected_at) VALUES ($1, $2, $3, 'blockchain', $4, $5, $5)`,
        [credentialId, userId, ctx.environmentId, address, now],
      );
      await tx.query(
        `INSERT INTO embedded_wallets (credential_id, environment_id, user_id, chain, address, sub_organization_id, custody_user_id, hd_wallet_id, is_authenticator_attached, source, created_at)
         VALUES ($1, $2, $3, 'SOL', $4, $5, $6, $7, $8, $9, $10)`,
        [credentialId, ctx.environmentId, userId, address, created.subOrganizationId, created.rootUserIds[0], created.wallet.walletId, input.attestation !== undefined, source, now],
      );
      // With the wallet's own record: the sub-organization did not exist before, so its key could not be recorded first.
      if (sessionKey) await recordSessionKey(ctx, tx, { ...owner, custodyUser: sessionKey.custodyUser, publicKey: sessionKey.publicKey, seconds: keySeconds });
    })
    .catch(async (error: unknown) => {
      // The sub-organization made for it is nobody's wallet: its keys go, so nobody signs with it.
      await deleteCustodyKeys(ctx, custodyUser, () => true).catch((cleanup: unknown) => {
        console.warn(`[sandbox] could not delete the keys of an embedded wallet not kept (${cleanup instanceof Error ? cleanup.message : String(cleanup)}).`);
      });
      throw error;
    });
  if (sessionKey) await assertSessionStillLive(ctx, owner.sessionId, sessionKey.custodyUser, { publicKey: sessionKey.publicKey });
  return credentialId;
}

/** The sign-in response for the session `auth` names, re-issued (the user changed). */
export async function reissue(ctx: SandboxContext, userId: string, sessionId: string, newUser = false): Promise<SignInResponse> {
  const session = await findSession(ctx.db, ctx.environmentId, sessionId);
  if (!session) throw new ApiError(401, 'unauthorized', 'The session token is invalid.');
  return signInResponse(ctx, ctx.db, await ctx.settings.get(), userId, session, { issuedAt: ctx.now(), newUser });
}

/**
 * The automatic-creation seam of sign-up: after a new user's sign-in committed, creates their
 * embedded wallet when `sdk.embeddedWallets.automaticEmbeddedWalletCreation` (or, for users who
 * signed up with an external wallet — `external: true` — `automaticEmbeddedWalletCreationForExternal`)
 * is on — unless `forceAuthenticatorAtSignup` asks for a passkey, which only the kit can register —
 * and answers with the re-issued response. Sign-in routes pass their response through it.
 */
export async function withAutomaticEmbeddedWallet(ctx: SandboxContext, response: SignInResponse, options: { external?: boolean; sessionPublicKey?: string | undefined } = {}): Promise<SignInResponse> {
  if (!response.user.newUser || !response.jwt || !response.user.sessionId) return response;
  const settings = await ctx.settings.get();
  const walletSettings = settings.sdk.embeddedWallets;
  const wanted = options.external ? walletSettings?.automaticEmbeddedWalletCreationForExternal : walletSettings?.automaticEmbeddedWalletCreation ?? settings.sdk.automaticEmbeddedWalletCreation;
  // A wallet that must have a passkey is created by the kit after its registration ceremony, not here.
  if (!wanted || walletSettings?.forceAuthenticatorAtSignup) return response;
  const owner = { userId: response.user.id, sessionId: response.user.sessionId, sessionExpiresAt: new Date(response.expiresAt ?? ctx.now()) };
  await createEmbeddedWallet(ctx, owner, { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', sessionPublicKey: options.sessionPublicKey }, 'dynamic');
  return reissue(ctx, response.user.id, response.user.sessionId, true);
}

export async function onlyWallet(ctx: SandboxContext, userId: string): Promise<EmbeddedWalletRow> {
  const [wallet] = await embeddedWalletsOf(ctx.db, ctx.environmentId, userId);
  if (!wallet) throw new ApiError(400, 'no_hd_wallet_found', embeddedWalletMessages.noWallet);
  return wallet;
}

/**
 * Deletes embedded wallets (by credential id) in custody, then their credentials. Like deleting the account, it needs
 * a second factor passed in the last 5 minutes when the user has one (403 `mfa_invalid_request`): an unexported
 * wallet's key goes with it. A passkey-protected wallet needs its passkey too (`deleteWithPasskey`).
 */
export async function deleteEmbeddedWallets(ctx: SandboxContext, auth: Auth, input: WalletDeletion): Promise<{ user: User }> {
  await assertRecentSecondFactor(ctx, ctx.db, auth);
  const wallets = await embeddedWalletsOf(ctx.db, ctx.environmentId, auth.userId);
  const chosen = input.walletIds.map((id) => {
    const wallet = wallets.find((row) => row.credential_id === id);
    if (!wallet) throw new ApiError(400, 'invalid_wallet_id', embeddedWalletMessages.unknownWallet, 'walletIds');
    return wallet;
  });
  for (const wallet of chosen) {
    const deletion = { walletIds: [wallet.hd_wallet_id], deleteWithoutExport: input.deleteWithoutExport ?? false };
    await (wallet.is_authenticator_attached
      ? deleteWithPasskey(ctx, wallet, deletion, input.turnkeySignedRequest)
      : ctx.custody.client.submit('delete_wallets', 'ACTIVITY_TYPE_DELETE_WALLETS', wallet.sub_organization_id, deletion)
    ).catch((error: unknown) => {
      if (error instanceof CustodyError && error.code === 9) throw new ApiError(400, 'invalid_request', embeddedWalletMessages.notExported, 'deleteWithoutExport');
      fromCustody(error);
    });
    await ctx.db.query('DELETE FROM verified_credentials WHERE id = $1', [wallet.credential_id]);
  }
  const record = await loadUser(ctx.db, ctx.environmentId, auth.userId);
  if (!record) throw new ApiError(401, 'unauthorized', 'The session token is invalid.');
  return { user: toWireUser(record, await ctx.settings.get(), { sessionId: auth.session.id }) };
}

/** How long an e-mail recovery key works (SPEC §4). */
const RECOVERY_KEY_SECONDS = 1800;

/**
 * E-mail recovery (SPEC §4): the custody provider e-mails a credential bundle encrypted to the
 * caller's key; the recovered key works for 1800 s, and only if first used within 900 s.
 */
export async function startEmailRecovery(ctx: SandboxContext, auth: Auth, input: { email: string; sessionPublicKey: string }): Promise<{ ok: true }> {
  const settings = await ctx.settings.get();
  if (!settings.sdk.embeddedWallets?.emailRecoveryEnabled) throw new ApiError(400, 'email_recovery_disabled', embeddedWalletMessages.recoveryDisabled);
  const wallet = await onlyWallet(ctx, auth.userId);
  const keysFrom = ctx.now();
  const seconds = keySecondsFor({ expiresAt: auth.session.expires_at }, keysFrom, RECOVERY_KEY_SECONDS);
  const record = await loadUser(ctx.db, ctx.environmentId, auth.userId);
  const emails = record?.credentials.filter((credential) => credential.format === 'email').map((credential) => credential.identifier.toLowerCase()) ?? [];
  if (!emails.includes(input.email.toLowerCase())) throw new ApiError(400, 'recovery_email_unavailable_or_invalid', embeddedWalletMessages.recoveryEmail, 'email');
  const issued = await ctx.custody.client
    .submit<{ apiKeyId: string }>('email_auth', 'ACTIVITY_TYPE_EMAIL_AUTH_V2', wallet.sub_organization_id, {
      email: input.email,
      targetPublicKey: input.sessionPublicKey,
      expirationSeconds: String(seconds),
      invalidateExisting: true,
    }, keysFrom)
    .catch((error: unknown) => {
      if (error instanceof CustodyError && error.code === 5) throw new ApiError(400, 'recovery_email_unavailable_or_invalid', embeddedWalletMessages.recoveryEmail, 'email');
      return fromCustody(error);
    });
  // The recovered key serves this session's device: ending the session deletes it. Custody names it only once it
  // exists, so it is recorded after (a crash in between leaves it to /revoke/all, or to its expiry).
  await recordSessionKey(ctx, ctx.db, { userId: auth.userId, sessionId: auth.session.id, custodyUser: wallet, apiKeyId: issued.apiKeyId, seconds });
  await assertSessionStillLive(ctx, auth.session.id, wallet, { apiKeyId: issued.apiKeyId });
  return { ok: true };
}
