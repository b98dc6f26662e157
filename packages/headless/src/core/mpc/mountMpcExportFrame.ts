import { mountKeyFrame, type KeyFrame } from '../keyFrame/mountKeyFrame.js';
import type { MpcWalletClient } from './createMpcWalletClient.js';
import { mpcError } from './mpcError.js';

/** The custody origin's isolated MPC export page. */
export const MPC_EXPORT_FRAME_PATH = '/mpc-export';

export type MpcExportFrame = KeyFrame;

/**
 * Shows the MPC wallet's private key inside an iframe on the custody origin: the page makes a P-256
 * key pair, the host has the server seal its shares to it and seals the device's own the same way,
 * and only the page opens them and combines the key (`combineSecret`). The host relays ciphertext;
 * messages are accepted only from the frame's origin and window.
 */
export function mountMpcExportFrame(options: { wallet: MpcWalletClient; frameOrigin: string; container: HTMLElement; title?: string }): MpcExportFrame {
  const { wallet } = options;
  return mountKeyFrame({
    container: options.container,
    url: new URL(MPC_EXPORT_FRAME_PATH, options.frameOrigin),
    title: options.title ?? 'Your wallet key',
    testId: 'mpc-export-frame',
    minHeight: '260px',
    messagePrefix: 'latchkey:mpc-export',
    seal: async (targetPublicKey) => ({ type: 'latchkey:mpc-export-shares', ...(await wallet.sealForExport(targetPublicKey)) }),
    toError: (reason, cause) => mpcError('mpc_export_failed', { params: { reason }, cause }),
  });
}
