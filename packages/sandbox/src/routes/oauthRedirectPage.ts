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

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export interface RedirectPageInput {
  provider: string;
  code: string | undefined;
  state: string | undefined;
  error: string | undefined;
  /** The app origin that started the attempt; without it nothing is posted. */
  targetOrigin: string | undefined;
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
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head>
<body><main id="oauth-result"${attributes}><p>${text}</p></main><script src="${OAUTH_REDIRECT_SCRIPT_PATH}"></script></body></html>`,
  };
}
