import { embeddedError } from './embeddedError.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { EmbeddedWalletClient } from './createEmbeddedWalletClient.js';

/** The custody origin's isolated export page (served next to the custody API). */
export const EXPORT_FRAME_PATH = '/export';

export interface ExportFrame {
  readonly iframe: HTMLIFrameElement;
  /** Resolves when the page shows the key; rejects with the page's reason. */
  readonly done: Promise<void>;
  /** Removes the frame and stops listening. */
  destroy(): void;
}

/**
 * Shows the embedded wallet's private key inside an iframe on the custody origin: the page makes
 * a key pair, the host asks custody to encrypt the account key to it, and only the page decrypts
 * and shows it. The host never sees the key; messages are accepted only from the frame's origin
 * and window.
 */
export function mountExportFrame(options: { wallet: EmbeddedWalletClient; container: HTMLElement; title?: string }): ExportFrame {
  const { wallet, container } = options;
  const account = wallet.getAccount();
  if (!account) throw new LatchkeyError('no_custody_account');
  const view = container.ownerDocument.defaultView;
  if (!view) throw new LatchkeyError('invalid_config', { params: { reason: 'the export container is not in a window' } });
  const frameUrl = new URL(EXPORT_FRAME_PATH, wallet.baseUrl);
  frameUrl.searchParams.set('parentOrigin', view.location.origin);
  const custodyOrigin = frameUrl.origin;
  const iframe = container.ownerDocument.createElement('iframe');
  iframe.src = frameUrl.href;
  iframe.title = options.title ?? 'Your wallet key';
  iframe.setAttribute('data-testid', 'export-frame');
  iframe.style.border = '0';
  iframe.style.width = '100%';
  iframe.style.minHeight = '240px'; // the status line, the address and the key, wrapped, at a menu's width

  let settle: { resolve: () => void; reject: (error: LatchkeyError) => void } | undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== custodyOrigin || event.source !== iframe.contentWindow) return;
    const data = event.data as { type?: unknown; targetPublicKey?: unknown; message?: unknown } | null;
    if (data?.type === 'latchkey:export-ready' && typeof data.targetPublicKey === 'string') {
      wallet.exportAccount(data.targetPublicKey).then(
        (bundle) => iframe.contentWindow?.postMessage({ type: 'latchkey:export-bundle', bundle, address: account.address }, custodyOrigin),
        (error: unknown) => settle?.reject(error instanceof LatchkeyError ? error : embeddedError('custody_request_failed', { params: { reason: String(error) }, cause: error })),
      );
    } else if (data?.type === 'latchkey:export-done') {
      settle?.resolve();
    } else if (data?.type === 'latchkey:export-error') {
      settle?.reject(embeddedError('custody_request_failed', { params: { reason: String(data.message) } }));
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
