import { embeddedError } from './embeddedError.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { mountKeyFrame, type KeyFrame } from '../keyFrame/mountKeyFrame.js';
import type { EmbeddedWalletClient } from './createEmbeddedWalletClient.js';

/** The custody origin's isolated export page (served next to the custody API). */
export const EXPORT_FRAME_PATH = '/export';

export type ExportFrame = KeyFrame;

/**
 * Shows the embedded wallet's private key inside an iframe on the custody origin: the page makes
 * a key pair, the host asks custody to encrypt the account key to it, and only the page decrypts
 * and shows it. The host never sees the key; messages are accepted only from the frame's origin
 * and window.
 */
export function mountExportFrame(options: { wallet: EmbeddedWalletClient; container: HTMLElement; title?: string }): ExportFrame {
  const { wallet } = options;
  const account = wallet.getAccount();
  if (!account) throw new LatchkeyError('no_custody_account');
  return mountKeyFrame({
    container: options.container,
    url: new URL(EXPORT_FRAME_PATH, wallet.baseUrl),
    title: options.title ?? 'Your wallet key',
    testId: 'export-frame',
    minHeight: '240px', // the status line, the address and the key, wrapped, at a menu's width
    messagePrefix: 'latchkey:export',
    seal: async (targetPublicKey) => ({ type: 'latchkey:export-bundle', bundle: await wallet.exportAccount(targetPublicKey), address: account.address }),
    toError: (reason, cause) => embeddedError('custody_request_failed', { params: { reason }, cause }),
  });
}
