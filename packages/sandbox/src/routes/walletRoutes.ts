import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import { assertCaptcha } from '../services/captcha/assertCaptcha.js';
import { withAutomaticEmbeddedWallet } from '../services/embedded/embeddedWallets.js';
import { unlinkCredential } from '../services/users/unlinkCredential.js';
import * as wallets from '../services/wallets/walletSignIn.js';
import { createWalletNonce } from '../services/wallets/walletSignature.js';

/** GET /nonce: a single-use nonce for the Sign-In-With-Solana message. */
function getNonce({ ctx }: RouteInput<'getNonce'>) {
  return createWalletNonce(ctx);
}

/** POST /verify: a signed message signs the wallet's owner in; a wallet sign-up gets an embedded wallet when `automaticEmbeddedWalletCreationForExternal` asks for it. */
async function verifyWalletSignature({ ctx, body }: RouteInput<'verifyWalletSignature'>) {
  await assertCaptcha(ctx, body.captchaToken);
  return withAutomaticEmbeddedWallet(ctx, await wallets.signInWithWallet(ctx, body), { external: true, sessionPublicKey: body.sessionPublicKey });
}

/** POST /verify/link: links the signing wallet to the signed-in user. */
function linkWallet({ ctx, auth, body }: RouteInput<'linkWallet', 'session'>) {
  return wallets.linkWallet(ctx, auth, body);
}

/** POST /verify/unlink: unlinks one of the user's credentials (a wallet, or any other kind). */
function unlinkWallet({ ctx, auth, body }: RouteInput<'unlinkWallet', 'session'>) {
  return unlinkCredential(ctx, auth, body);
}

/** POST /verify/merge: the wallet's account merges into the signed-in one. */
function mergeAccounts({ ctx, auth, body }: RouteInput<'mergeAccounts', 'session'>) {
  return wallets.mergeAccounts(ctx, auth, body);
}

/** POST /verify/transfer: only the wallet moves to the signed-in account. */
function transferWallet({ ctx, auth, body }: RouteInput<'transferWallet', 'session'>) {
  return wallets.transferWallet(ctx, auth, body);
}

/** Wallet-signature sign-in and the linking of wallets. */
export const walletRoutes: RouteTable = {
  getNonce: { auth: 'public', handler: getNonce },
  verifyWalletSignature: { auth: 'public', handler: verifyWalletSignature },
  linkWallet: { auth: 'session', handler: linkWallet },
  unlinkWallet: { auth: 'session', handler: unlinkWallet },
  mergeAccounts: { auth: 'session', handler: mergeAccounts },
  transferWallet: { auth: 'session', handler: transferWallet },
};
