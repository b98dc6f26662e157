import { escapeHtml } from '../../html/escapeHtml.js';

/**
 * Sign in with Apple JS, emulated: a test double of Apple's `appleid.auth.js`, served by the sandbox's
 * OIDC provider (its own loopback origin, API port + 4) at the path Apple's CDN uses, so a project
 * points the kit at it with the Apple provider entry's `baseAuthUrl` (the sandbox fills it in).
 *
 * Same global API as Apple's: `AppleID.auth.init({ clientId, scope, redirectURI, state, nonce, usePopup })`
 * and `AppleID.auth.signIn()`. With `usePopup: true` it opens the provider's sign-in page in a popup
 * with `response_mode=web_message` and resolves with `{ authorization: { code, id_token, state } }`,
 * or rejects with `{ error }`: 'popup_closed_by_user', 'popup_blocked_by_browser',
 * 'user_cancelled_authorize' (Cancel on the page), 'invalid_request' (init missing or incomplete).
 * With `usePopup: false` (Apple's redirect mode) it navigates the top window to the same page with
 * `response_mode=query` and never settles: the provider sends the browser to `redirectURI` with
 * `code` and `state` (Apple posts them with `form_post`; the sandbox's redirect page reads a query).
 * As with Apple there is no PKCE: the ID token carries the `nonce`.
 */

/** Where Apple's CDN serves the script (after `https://appleid.cdn-apple.com`). */
export const APPLE_SDK_PATH = '/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';
/** The popup's last page: posts the result to the opener. */
export const APPLE_WEB_MESSAGE_PATH = '/appleid/web-message';
export const APPLE_WEB_MESSAGE_SCRIPT_PATH = '/appleid/web-message.js';
/** The `type` of the message the web-message page posts (the emulated SDK accepts nothing else). */
export const APPLE_WEB_MESSAGE_TYPE = 'appleid_auth_response';

/** The SDK script for the provider on `issuer` (its origin is written in: messages from anywhere else are ignored). */
export function appleSdkScript(issuer: string): string {
  return `/* Sign in with Apple JS — sandbox emulation (not Apple's code). */
(function () {
  'use strict';
  var PROVIDER_ORIGIN = ${JSON.stringify(new URL(issuer).origin)};
  var config;
  function init(options) {
    config = Object.assign({}, options);
  }
  function signIn(options) {
    var c = Object.assign({}, config, options);
    return new Promise(function (resolve, reject) {
      if (!config || !c.clientId || !c.redirectURI) {
        reject({ error: 'invalid_request' });
        return;
      }
      var url = new URL('/signin', PROVIDER_ORIGIN);
      var popupMode = c.usePopup === true;
      var params = { provider: 'apple', client_id: c.clientId, redirect_uri: c.redirectURI, response_type: 'code id_token',
        scope: c.scope || '', state: c.state || '', nonce: c.nonce || '', response_mode: popupMode ? 'web_message' : 'query',
        web_message_origin: popupMode ? location.origin : '' };
      Object.keys(params).forEach(function (key) { if (params[key]) url.searchParams.set(key, params[key]); });
      // The mock provider issues codes for response_type=code; Apple's "code id_token" is what the page asks for.
      url.searchParams.set('response_type', 'code');
      if (!popupMode) {
        // Apple's redirect mode: the whole page goes to Apple and comes back on redirectURI; nothing settles here.
        (window.top || window).location.assign(url.href);
        return;
      }
      var popup = window.open(url.href, 'AppleAuthentication', 'popup,width=500,height=600');
      if (!popup) {
        reject({ error: 'popup_blocked_by_browser' });
        return;
      }
      var settled = false;
      function finish(settle, value) {
        if (settled) return;
        settled = true;
        clearInterval(poll);
        window.removeEventListener('message', onMessage);
        settle(value);
      }
      function onMessage(event) {
        if (event.origin !== PROVIDER_ORIGIN || !event.data || event.data.type !== ${JSON.stringify(APPLE_WEB_MESSAGE_TYPE)}) return;
        if (event.data.error) finish(reject, { error: event.data.error });
        else finish(resolve, { authorization: event.data.authorization });
      }
      window.addEventListener('message', onMessage);
      var poll = setInterval(function () {
        // A message posted just before the close is still delivered: give it a moment.
        if (popup.closed) setTimeout(function () { finish(reject, { error: 'popup_closed_by_user' }); }, 300);
      }, 500);
    });
  }
  window.AppleID = { auth: { init: init, signIn: signIn } };
})();
`;
}

/** Reads the page's data-* and posts the result to the opener on the origin named there, then closes. */
export const APPLE_WEB_MESSAGE_SCRIPT = `(function () {
  var root = document.getElementById('appleid-result');
  if (!root || !window.opener || !root.dataset.origin) return;
  var data = root.dataset;
  var message = data.error
    ? { type: ${JSON.stringify(APPLE_WEB_MESSAGE_TYPE)}, error: data.error }
    : { type: ${JSON.stringify(APPLE_WEB_MESSAGE_TYPE)}, authorization: { code: data.code, id_token: data.idToken, state: data.state } };
  window.opener.postMessage(message, data.origin);
  window.close();
})();
`;

export interface AppleWebMessageInput {
  /** The opener's origin (loopback, checked by the caller); without it nothing is posted. */
  origin: string | undefined;
  code: string | undefined;
  idToken: string | undefined;
  state: string | undefined;
  error: string | undefined;
}

export function appleWebMessagePage(input: AppleWebMessageInput): { status: 200 | 400; html: string } {
  const ok = input.origin !== undefined && (input.error !== undefined || input.code !== undefined);
  const attributes = [
    ['origin', input.origin],
    ['code', input.code],
    ['id-token', input.idToken],
    ['state', input.state],
    ['error', input.error],
  ]
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  const text = ok ? 'Finishing Sign in with Apple… you can close this window.' : 'This Sign in with Apple answer has no origin to go back to. Close this window and try again.';
  return {
    status: ok && input.error === undefined ? 200 : 400,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in with Apple (sandbox)</title></head>
<body><main id="appleid-result"${ok ? attributes : ''}><p>${text}</p></main><script src="${APPLE_WEB_MESSAGE_SCRIPT_PATH}"></script></body></html>`,
  };
}
