import { mpcError } from './mpcError.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { fetchText } from '../transport/requestDeadline.js';

/**
 * A cloud drive the kit keeps an encrypted backup in (`googleDrive`, `icloud`): a drive that speaks the
 * sandbox emulator's protocol (packages/sandbox/README.md, "The cloud-drive emulator") — a popup that
 * hands back an access token, then GET and PUT of a file.
 */
export type CloudDriveProvider = 'googleDrive' | 'icloud';

export interface CloudDrive {
  read(provider: CloudDriveProvider, name: string): Promise<string | undefined>;
  write(provider: CloudDriveProvider, name: string, content: string): Promise<void>;
}

export interface PopupCloudDriveOptions {
  /** The drive's origin (the sandbox: `cloudDriveUrl`). */
  url: string;
  /** The account to suggest (the user's e-mail). */
  loginHint?: () => string | undefined;
  /**
   * Whose drive this is now (the signed-in user's id; `loginHint` when not given): a token is used only for the user it
   * was handed out for, so another user signed in on the same page is asked to sign in to their own drive — their
   * backup never goes to the previous user's.
   */
  account?: () => string | undefined;
  window?: Window;
  fetch?: typeof fetch;
  /** How long the sign-in popup may stay open (default 5 minutes). */
  timeoutMs?: number;
}

const NAMES: Record<CloudDriveProvider, string> = { googleDrive: 'Google Drive', icloud: 'iCloud' };
/** How often the sign-in popup is checked for having closed… */
const POLL_MS = 500;
/** …and how long a closed one is waited for, for its message still on the way. */
const CLOSED_GRACE_MS = 1_500;

export function createPopupCloudDrive(options: PopupCloudDriveOptions): CloudDrive {
  const origin = new URL(options.url).origin;
  const tokens = new Map<CloudDriveProvider, { token: string; expiresAt: number; account: string | undefined }>();
  const accountNow = () => (options.account ?? options.loginHint)?.();
  const failed = (provider: CloudDriveProvider, reason: string, cause?: unknown) => mpcError('mpc_cloud_drive_failed', { params: { location: NAMES[provider], reason }, cause });

  function signIn(provider: CloudDriveProvider): Promise<string> {
    const account = accountNow();
    const view = options.window ?? globalThis.window;
    if (!view) return Promise.reject(failed(provider, 'no browser window'));
    const url = new URL('/connect', origin);
    url.searchParams.set('provider', provider);
    url.searchParams.set('origin', view.location.origin);
    const hint = options.loginHint?.();
    if (hint) url.searchParams.set('login_hint', hint);
    const popup = view.open(url.href, `latchkey-${provider}`, 'popup,width=500,height=600');
    if (!popup) return Promise.reject(failed(provider, 'the sign-in window was blocked; allow popups and try again'));
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        view.removeEventListener('message', onMessage);
        clearInterval(poll);
        clearTimeout(timer);
      };
      const onMessage = (event: MessageEvent) => {
        const data = event.data as { type?: unknown; provider?: unknown; accessToken?: unknown; expiresIn?: unknown; error?: unknown } | null;
        if (event.origin !== origin || event.source !== popup || data?.type !== 'latchkey:cloud-drive-token' || data.provider !== provider) return;
        cleanup();
        if (typeof data.accessToken !== 'string') {
          reject(failed(provider, String(data.error ?? 'access was denied')));
          return;
        }
        const expiresIn = typeof data.expiresIn === 'number' ? data.expiresIn : 3600;
        tokens.set(provider, { token: data.accessToken, expiresAt: Date.now() + (expiresIn - 30) * 1000, account });
        resolve(data.accessToken);
      };
      // The person closed the window without signing in. The drive's page posts its token and closes itself, and the
      // close can reach this page before the message does (another process, a busy machine): a closed popup is given
      // CLOSED_GRACE_MS for its message before the sign-in counts as abandoned.
      let closedSince: number | undefined;
      const poll = setInterval(() => {
        if (!popup.closed) return;
        closedSince ??= Date.now();
        if (Date.now() - closedSince >= CLOSED_GRACE_MS) {
          cleanup();
          reject(failed(provider, 'the sign-in window was closed'));
        }
      }, POLL_MS);
      const timer = setTimeout(() => {
        cleanup();
        popup.close();
        reject(failed(provider, 'the sign-in timed out'));
      }, options.timeoutMs ?? 5 * 60_000);
      view.addEventListener('message', onMessage);
    });
  }

  const token = async (provider: CloudDriveProvider) => {
    const cached = tokens.get(provider);
    return cached && cached.expiresAt > Date.now() && cached.account === accountNow() ? cached.token : signIn(provider);
  };
  /** One file request, its answer read in full within `REQUEST_TIMEOUT_MS` (a drive that never answers is a failure). */
  const request = async (provider: CloudDriveProvider, name: string, init: RequestInit): Promise<{ response: Response; text: string }> => {
    const doFetch = options.fetch ?? globalThis.fetch;
    const send = (bearer: string) =>
      fetchText(doFetch, `${origin}/drive/v1/${provider}/files/${encodeURIComponent(name)}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${bearer}` } });
    try {
      let answer = await send(await token(provider));
      if (answer.response.status === 401) {
        tokens.delete(provider);
        answer = await send(await signIn(provider));
      }
      return answer;
    } catch (cause) {
      if (cause instanceof LatchkeyError) throw cause;
      throw failed(provider, cause instanceof DOMException && cause.name === 'TimeoutError' ? 'it did not answer in time' : 'the network failed', cause);
    }
  };

  return {
    async read(provider, name) {
      const { response, text } = await request(provider, name, { method: 'GET' });
      if (response.status === 404) return undefined;
      if (!response.ok) throw failed(provider, `it answered ${response.status}`);
      return text;
    },
    async write(provider, name, content) {
      const { response } = await request(provider, name, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: content });
      if (!response.ok) throw failed(provider, `it answered ${response.status}`);
    },
  };
}
