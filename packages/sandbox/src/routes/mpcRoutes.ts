import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import * as mpc from '../services/mpc/mpcWallets.js';

/** POST /waas/create: opens a keygen room (`roomId`, `serverKeygenIds`); the ceremony runs over the MPC socket. */
function createMpcWallet({ ctx, auth, body }: RouteInput<'createMpcWallet', 'session'>) {
  return mpc.openKeygen(ctx, auth, body);
}

/** POST /waas/{walletId}/signMessage: opens a signing room for the hex message. */
function signMpcMessage({ ctx, auth, body, c }: RouteInput<'signMpcMessage', 'session'>) {
  return mpc.openSign(ctx, auth, c.req.param('walletId') ?? '', body.message);
}

/** POST /waas/{walletId}/keyShares/backup: records a password-encrypted backup of a client share. */
function backupKeyShares({ ctx, auth, body, c }: RouteInput<'backupKeyShares', 'session'>) {
  return mpc.backupKeyShare(ctx, auth, c.req.param('walletId') ?? '', body);
}

/** POST /waas/{walletId}/keyShares/recover: the encrypted backups the product API keeps. */
function recoverKeyShares({ ctx, auth, body, c }: RouteInput<'recoverKeyShares', 'session'>) {
  return mpc.recoverKeyShares(ctx, auth, c.req.param('walletId') ?? '', body.keyShareIds);
}

/** POST /waas/{walletId}/refresh: opens a refresh room (new shares, same scheme and key). */
function refreshMpcWallet({ ctx, auth, c }: RouteInput<'refreshMpcWallet', 'session'>) {
  return mpc.openRefresh(ctx, auth, c.req.param('walletId') ?? '');
}

/** POST /waas/{walletId}/reshare: opens a reshare room to another scheme (same key). */
function reshareMpcWallet({ ctx, auth, body, c }: RouteInput<'reshareMpcWallet', 'session'>) {
  return mpc.openReshare(ctx, auth, c.req.param('walletId') ?? '', body);
}

/** POST /waas/{walletId}/privateKey/export: opens an export room (server shares sealed to the export frame). */
function exportMpcPrivateKey({ ctx, auth, c }: RouteInput<'exportMpcPrivateKey', 'session'>) {
  return mpc.openExport(ctx, auth, c.req.param('walletId') ?? '');
}

export const mpcRoutes: RouteTable = {
  createMpcWallet: { auth: 'session', handler: createMpcWallet },
  signMpcMessage: { auth: 'session', handler: signMpcMessage },
  backupKeyShares: { auth: 'session', handler: backupKeyShares },
  recoverKeyShares: { auth: 'session', handler: recoverKeyShares },
  refreshMpcWallet: { auth: 'session', handler: refreshMpcWallet },
  reshareMpcWallet: { auth: 'session', handler: reshareMpcWallet },
  exportMpcPrivateKey: { auth: 'session', handler: exportMpcPrivateKey },
};
