import { LatchkeyError } from '../errors/LatchkeyError.js';

/**
 * How long the page may take to say `-ready` once mounted, and to say `-done` once the sealed key is posted to it:
 * past either, `done` rejects with `timeout` ('Timeout') instead of "Preparing…" for good (a page that did not load,
 * a blocked frame). Sealing the key in between (custody requests, a step-up) is bounded on its own.
 */
export const KEY_FRAME_STEP_TIMEOUT_MS = 30_000;

/** An export page in an iframe on the custody origin, showing a wallet key the host never sees. */
export interface KeyFrame {
  readonly iframe: HTMLIFrameElement;
  /** Resolves when the page shows the key; rejects with the page's reason. */
  readonly done: Promise<void>;
  /** Removes the frame and stops listening; `done`, if still pending, rejects with `aborted`. */
  destroy(): void;
}

export interface KeyFrameOptions {
  container: HTMLElement;
  /** The page's address on the custody origin; the host's origin is added as `parentOrigin`. */
  url: URL;
  title: string;
  testId: string;
  minHeight: string;
  /** The page's message types: `<prefix>-ready`, `<prefix>-done`, `<prefix>-error`. */
  messagePrefix: string;
  /** Answers the page's `-ready` (its one-time public key) with the message to post back: the sealed key. */
  seal(targetPublicKey: string): Promise<Record<string, unknown>>;
  /** The kit's error for a failure the page or the seal reports. */
  toError(reason: string, cause?: unknown): LatchkeyError;
}

/**
 * Mounts an export page: the page makes a key pair and says `-ready` with its public key, the host has the
 * secret sealed to that key and posts the ciphertext, only the page opens it. Messages are accepted only from
 * the frame's origin and window.
 */
export function mountKeyFrame(options: KeyFrameOptions): KeyFrame {
  const { container, messagePrefix: prefix } = options;
  const view = container.ownerDocument.defaultView;
  if (!view) throw new LatchkeyError('invalid_config', { params: { reason: 'the export container is not in a window' } });
  const frameUrl = new URL(options.url);
  frameUrl.searchParams.set('parentOrigin', view.location.origin);
  const origin = frameUrl.origin;
  const iframe = container.ownerDocument.createElement('iframe');
  iframe.src = frameUrl.href;
  iframe.title = options.title;
  iframe.setAttribute('data-testid', options.testId);
  iframe.style.border = '0';
  iframe.style.width = '100%';
  iframe.style.minHeight = options.minHeight;

  let settle: { resolve: () => void; reject: (error: LatchkeyError) => void } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const end = (outcome: { error?: LatchkeyError }) => {
    clearTimeout(timer);
    const settled = settle;
    settle = undefined;
    if (outcome.error) settled?.reject(outcome.error);
    else settled?.resolve();
  };
  const fail = (error: unknown) =>
    end({ error: error instanceof LatchkeyError ? error : options.toError(error instanceof Error ? error.message : String(error), error) });
  /** The page has this long for its next word (`-ready`, then `-done`); the clock is off while the key is sealed. */
  const awaitPage = () => {
    clearTimeout(timer);
    timer = setTimeout(() => end({ error: new LatchkeyError('timeout') }), KEY_FRAME_STEP_TIMEOUT_MS);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== iframe.contentWindow) return;
    const data = event.data as { type?: unknown; targetPublicKey?: unknown; message?: unknown } | null;
    if (data?.type === `${prefix}-ready` && typeof data.targetPublicKey === 'string') {
      clearTimeout(timer);
      options.seal(data.targetPublicKey).then((message) => {
        if (!settle) return;
        iframe.contentWindow?.postMessage(message, origin);
        awaitPage();
      }, fail);
    } else if (data?.type === `${prefix}-done`) {
      end({});
    } else if (data?.type === `${prefix}-error`) {
      fail(options.toError(String(data.message)));
    }
  };
  view.addEventListener('message', onMessage);
  container.appendChild(iframe);
  awaitPage();
  return {
    iframe,
    done,
    destroy() {
      view.removeEventListener('message', onMessage);
      iframe.remove();
      end({ error: new LatchkeyError('aborted') });
    },
  };
}
