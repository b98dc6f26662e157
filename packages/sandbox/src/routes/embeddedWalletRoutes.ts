import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import * as embedded from '../services/embedded/embeddedWallets.js';
import * as sessionKeys from '../services/embedded/sessionKeys.js';

/** POST /users/embeddedWallets: creates the user's custody sub-organization and Solana wallet; a fresh sign-in response. */
async function createEmbeddedWallet({ ctx, auth, body }: RouteInput<'createEmbeddedWallet', 'session'>) {
  await embedded.createEmbeddedWallet(ctx, { userId: auth.userId, sessionId: auth.session.id, sessionExpiresAt: auth.session.expires_at }, body, 'user');
  return embedded.reissue(ctx, auth.userId, auth.session.id);
}

/** DELETE /users/embeddedWallets: deletes the named wallets (exported first, or `deleteWithoutExport`). */
function deleteEmbeddedWallets({ ctx, auth, body }: RouteInput<'deleteEmbeddedWallets', 'session'>) {
  return embedded.deleteEmbeddedWallets(ctx, auth, body);
}

/** POST /users/embeddedWallets/sessionKey: registers a session key for `sessionKeyDuration` (a passkey-protected wallet: with a proof). */
function registerSessionKey({ ctx, auth, body }: RouteInput<'registerSessionKey', 'session'>) {
  return sessionKeys.registerSessionKey(ctx, auth, body);
}

/** POST /users/embeddedWallets/sessionKey/challenge: the custody request a proof signs for the new key. */
function createSessionKeyChallenge({ ctx, auth, body }: RouteInput<'createSessionKeyChallenge', 'session'>) {
  return sessionKeys.createSessionKeyChallenge(ctx, auth, body);
}

/** POST /users/embeddedWallets/emailAuth: e-mails a recovery credential bundle for the wallet. */
function startEmbeddedWalletEmailAuth({ ctx, auth, body }: RouteInput<'startEmbeddedWalletEmailAuth', 'session'>) {
  return embedded.startEmailRecovery(ctx, auth, body);
}

export const embeddedWalletRoutes: RouteTable = {
  createEmbeddedWallet: { auth: 'session', handler: createEmbeddedWallet },
  deleteEmbeddedWallets: { auth: 'session', handler: deleteEmbeddedWallets },
  registerSessionKey: { auth: 'session', handler: registerSessionKey },
  createSessionKeyChallenge: { auth: 'session', handler: createSessionKeyChallenge },
  startEmbeddedWalletEmailAuth: { auth: 'session', handler: startEmbeddedWalletEmailAuth },
};
