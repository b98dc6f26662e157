import { escapeHtml } from '../html/escapeHtml.js';

/** Headers of the popup pages (OAuth redirect, Telegram return): their own script only, never cached, no referrer. */
export const POPUP_PAGE_HEADERS = {
  'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'`,
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
} as const;

/** Where the redirect page's script is served (no inline scripts: the page runs under a strict CSP). */
export const OAUTH_REDIRECT_SCRIPT_PATH = '/sandbox/assets/oauth-redirect.js';

/**
 * Reads the page's `data-*` and posts SPEC §7's message `{ type, provider, code, error, state }` to
 * the opener — only on the origin that started the attempt — then closes the popup.
 */
export const OAUTH_REDIRECT_SCRIPT = `(function () {
  var root = document.getElementById('oauth-result');
  if (!root || !window.opener || !root.dataset.targetOrigin) return;
  var message = { type: 'authorization_response', provider: root.dataset.provider };
  if (root.dataset.code) message.code = root.dataset.code;
  if (root.dataset.state) message.state = root.dataset.state;
  if (root.dataset.error) message.error = root.dataset.error;
  window.opener.postMessage(message, root.dataset.targetOrigin);
  window.close();
})();
`;

export interface RedirectPageInput {
  provider: string;
  code: string | undefined;
  state: string | undefined;
  error: string | undefined;
  /** The app origin that started the attempt; without it nothing is posted. */
  targetOrigin: string | undefined;
  /** The popup's title: branding `popupPageTitle`; "Signing in" without it. */
  title?: string | undefined;
}

export function oauthRedirectPage(input: RedirectPageInput): { status: 200 | 400; html: string } {
  const known = input.targetOrigin !== undefined;
  const attributes = [
    ['provider', input.provider],
    ['code', input.code],
    ['state', input.state],
    ['error', input.error],
    ['target-origin', input.targetOrigin],
  ]
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  const text = known ? 'Finishing sign-in… you can close this window.' : 'This sign-in attempt is unknown, expired or already used. Close this window and try again.';
  return {
    status: known ? 200 : 400,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.title?.trim() || 'Signing in')}</title></head>
<body><main id="oauth-result"${attributes}><p>${text}</p></main><script src="${OAUTH_REDIRECT_SCRIPT_PATH}"></script></body></html>`,
  };
}

/** Where the Telegram return page's script is served. */
export const TELEGRAM_RETURN_SCRIPT_PATH = '/sandbox/assets/telegram-return.js';

/**
 * Reads Telegram's `#tgAuthResult` (base64url JSON of the widget data) and posts
 * `{ type: 'telegram_auth_response', state, telegramAuth }` to the opener on the app's origin.
 */
export const TELEGRAM_RETURN_SCRIPT = `(function () {
  var root = document.getElementById('telegram-result');
  var match = /tgAuthResult=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (!root || !match || !window.opener || !root.dataset.targetOrigin) return;
  var json = atob(match[1].replace(/-/g, '+').replace(/_/g, '/'));
  var data = JSON.parse(decodeURIComponent(escape(json)));
  var auth = { id: data.id, firstName: data.first_name, authDate: data.auth_date, hash: data.hash };
  if (data.last_name) auth.lastName = data.last_name;
  if (data.username) auth.username = data.username;
  if (data.photo_url) auth.photoURL = data.photo_url;
  window.opener.postMessage({ type: 'telegram_auth_response', state: root.dataset.state, telegramAuth: auth }, root.dataset.targetOrigin);
  window.close();
})();
`;

export function telegramReturnPage(input: { state: string; targetOrigin: string | undefined }): { status: 200 | 400; html: string } {
  const known = input.targetOrigin !== undefined;
  const attributes = known ? ` data-state="${escapeHtml(input.state)}" data-target-origin="${escapeHtml(input.targetOrigin!)}"` : '';
  const text = known ? 'Finishing Telegram sign-in… you can close this window.' : 'This Telegram sign-in attempt is unknown, expired or already used.';
  return {
    status: known ? 200 : 400,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Telegram</title></head>
<body><main id="telegram-result"${attributes}><p>${text}</p></main><script src="${TELEGRAM_RETURN_SCRIPT_PATH}"></script></body></html>`,
  };
}
