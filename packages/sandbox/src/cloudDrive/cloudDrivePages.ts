import { escapeHtml } from '../html/escapeHtml.js';

/** The callback page's script: posts the token to the opener on the app's origin, then closes. */
export const CALLBACK_SCRIPT_PATH = '/callback.js';
export const CALLBACK_SCRIPT = `(function () {
  'use strict';
  var root = document.getElementById('drive-callback');
  var origin = root.getAttribute('data-origin');
  var message = { type: 'latchkey:cloud-drive-token', provider: root.getAttribute('data-provider') };
  var token = root.getAttribute('data-token');
  if (token) { message.accessToken = token; message.expiresIn = Number(root.getAttribute('data-expires-in')); }
  else { message.error = root.getAttribute('data-error') || 'access_denied'; }
  if (window.opener && origin) window.opener.postMessage(message, origin);
  window.close();
})();
`;

const HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

/** The page the OIDC provider returns to: it hands the access token (or the error) to the app that opened it. */
export function callbackPage(values: { origin: string; provider: string; accessToken?: string; expiresIn?: number; error?: string }): { html: string; headers: Record<string, string> } {
  const attributes = [
    `data-origin="${escapeHtml(values.origin)}"`,
    `data-provider="${escapeHtml(values.provider)}"`,
    values.accessToken ? `data-token="${escapeHtml(values.accessToken)}" data-expires-in="${values.expiresIn ?? 3600}"` : `data-error="${escapeHtml(values.error ?? 'access_denied')}"`,
  ].join(' ');
  return {
    headers: HEADERS,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cloud drive (sandbox)</title></head>
<body><main id="drive-callback" ${attributes}><p>${values.accessToken ? 'Connected. You can close this window.' : 'Not connected.'}</p></main>
<script src="${CALLBACK_SCRIPT_PATH}"></script></body></html>`,
  };
}

export function errorPage(message: string): { html: string; headers: Record<string, string> } {
  return { headers: HEADERS, html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cloud drive (sandbox)</title></head><body><p>${escapeHtml(message)}</p></body></html>` };
}
