import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { MpcWalletClient } from './createMpcWalletClient.js';
import { mpcError } from './mpcError.js';

/** The custody origin's isolated MPC export page. */
export const MPC_EXPORT_FRAME_PATH = '/mpc-export';

export interface MpcExportFrame {
  readonly iframe: HTMLIFrameElement;
  /** Resolves when the page shows the key; rejects with the page's reason. */
  readonly done: Promise<void>;
  destroy(): void;
}

/**
 * Shows the MPC wallet's private key inside an iframe on the custody origin: the page makes a P-256
 * key pair, the host has the server seal its shares to it and seals the device's own the same way,
 * and only the page opens them and combines the key (`combineSecret`). The host relays ciphertext;
 * messages are accepted only from the frame's origin and window.
 */
export function mountMpcExportFrame(options: { wallet: MpcWalletClient; frameOrigin: string; container: HTMLElement; title?: string }): MpcExportFrame {
  const { wallet, container } = options;
  const view = container.ownerDocument.defaultView;
  if (!view) throw new LatchkeyError('invalid_config', { params: { reason: 'the export container is not in a window' } });
  const frameUrl = new URL(MPC_EXPORT_FRAME_PATH, options.frameOrigin);
  frameUrl.searchParams.set('parentOrigin', view.location.origin);
  const origin = frameUrl.origin;
  const iframe = container.ownerDocument.createElement('iframe');
  iframe.src = frameUrl.href;
  iframe.title = options.title ?? 'Your wallet key';
  iframe.setAttribute('data-testid', 'mpc-export-frame');
  iframe.style.border = '0';
  iframe.style.width = '100%';
  iframe.style.minHeight = '260px';
  let settle: { resolve: () => void; reject: (error: LatchkeyError) => void } | undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const fail = (error: unknown) =>
    settle?.reject(error instanceof LatchkeyError ? error : mpcError('mpc_export_failed', { params: { reason: error instanceof Error ? error.message : String(error) }, cause: error }));
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== iframe.contentWindow) return;
    const data = event.data as { type?: unknown; targetPublicKey?: unknown; message?: unknown } | null;
    if (data?.type === 'latchkey:mpc-export-ready' && typeof data.targetPublicKey === 'string') {
      wallet.sealForExport(data.targetPublicKey).then(
        (sealed) => iframe.contentWindow?.postMessage({ type: 'latchkey:mpc-export-shares', ...sealed }, origin),
        fail,
      );
    } else if (data?.type === 'latchkey:mpc-export-done') {
      settle?.resolve();
    } else if (data?.type === 'latchkey:mpc-export-error') {
      fail(mpcError('mpc_export_failed', { params: { reason: String(data.message) } }));
    }
  };
  view.addEventListener('message', onMessage);
  container.appendChild(iframe);
  return {
    iframe,
    done,
    destroy() {
      view.removeEventListener('message', onMessage);
      iframe.remove();
    },
  };
}
