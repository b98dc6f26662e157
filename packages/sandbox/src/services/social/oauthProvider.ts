import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';
import { closeServer, listenPreferring } from '../../net/listen.js';
import { isLoopbackOrigin } from '../../net/loopbackOrigin.js';
import { APPLE_SDK_PATH, APPLE_WEB_MESSAGE_PATH, APPLE_WEB_MESSAGE_SCRIPT, APPLE_WEB_MESSAGE_SCRIPT_PATH, appleSdkScript, appleWebMessagePage } from './appleSdkEmulation.js';
import { escapeHtml } from '../../html/escapeHtml.js';

/**
 * The sandbox's OAuth / OpenID Connect provider: a real OIDC server (oauth2-mock-server) on its own
 * loopback origin, with a small sign-in page in front of `/authorize` (the mock redirects straight
 * back, so the page is where a person — or an e2e test — picks the account). The provider records
 * each code it hands out (client, redirect URI, state, account) so the sandbox can enforce what the
 * mock does not: exact redirect URI, state binding, single use.
 */

/** What the provider issued a code for. */
export interface OAuthGrant {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string | undefined;
  readonly codeChallenge: string | undefined;
  /** The `nonce` of the authorization request (Apple: the SHA-256 hex of the kit's raw nonce); the ID tokens carry it. */
  readonly nonce: string | undefined;
  readonly account: OAuthAccount;
}

export interface OAuthAccount {
  /** Stable per (provider, e-mail). */
  readonly sub: string;
  readonly email: string;
  readonly name: string;
  readonly username: string;
  /** What the tokens' `email_verified` says (the sign-in page's 'not verified' box unticks it, for tests). */
  readonly emailVerified: boolean;
}

export interface OAuthProvider {
  /** e.g. `http://127.0.0.1:4014` */
  readonly issuer: string;
  /** The grant behind a code the provider issued and nobody redeemed yet. */
  grant(code: string): OAuthGrant | undefined;
  close(): Promise<void>;
}

/** Codes the provider remembers at most (oldest dropped first). */
const MAX_GRANTS = 1000;
export const DEFAULT_OAUTH_ACCOUNT_EMAIL = 'ada@example.test';

/** The account a provider shows for an e-mail: the same e-mail always gives the same `sub`. */
export function oauthAccount(provider: string, email: string, emailVerified = true): OAuthAccount {
  const normalized = email.trim().toLowerCase();
  const local = normalized.split('@')[0] ?? normalized;
  return {
    sub: createHash('sha256').update(`${provider}\n${normalized}`).digest('hex').slice(0, 24),
    email: normalized,
    name: local.replace(/[._-]+/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase()),
    username: local.replace(/[^a-z0-9_]/g, '_'),
    emailVerified,
  };
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    // No form-action: Chrome applies it to the redirect back to the client too.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'cache-control': 'no-store',
  });
  res.end(html);
}

/** Parameters the sign-in page forwards to `/authorize` untouched. */
const FORWARDED = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'nonce', 'provider', 'response_mode', 'web_message_origin'];

/**
 * Apple's `response_mode=web_message`: instead of navigating to `redirect_uri`, the popup goes to
 * the provider's own web-message page, which posts the result to the opener on
 * `web_message_origin` (loopback only). Undefined when the request is not one.
 */
function webMessageTarget(query: Record<string, string | string[] | undefined>, issuer: string): URL | undefined {
  if (first(query['response_mode']) !== 'web_message') return undefined;
  const origin = first(query['web_message_origin']) ?? '';
  const url = new URL(APPLE_WEB_MESSAGE_PATH, issuer);
  if (isLoopbackOrigin(origin)) url.searchParams.set('origin', new URL(origin).origin);
  return url;
}

function signInPage(query: Record<string, string | string[] | undefined>): string {
  const provider = first(query['provider']) ?? 'oauth';
  const hidden = FORWARDED.map((name) => {
    const value = first(query[name]);
    return value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  }).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in with ${escapeHtml(provider)} (sandbox)</title>
<style>body{font:16px system-ui;margin:2rem;max-width:24rem}label,input,button{display:block;width:100%;margin:.4rem 0}input,button{padding:.5rem;font:inherit}</style></head>
<body><h1>${escapeHtml(provider)} (sandbox)</h1><p>Choose the account to continue with.</p>
<form method="get" action="/authorize">${hidden}<label for="login_hint">Email</label>
<input id="login_hint" name="login_hint" type="email" required value="${escapeHtml(first(query['login_hint']) || DEFAULT_OAUTH_ACCOUNT_EMAIL)}">
<label><input name="email_unverified" type="checkbox" value="1" style="display:inline;width:auto"> This e-mail is not verified</label><button type="submit">Continue</button></form>
<form method="get" action="/deny">${hidden}<button type="submit">Cancel</button></form></body></html>`;
}

/** Starts the provider on `host:port` (`0`: a free port). */
export async function startOAuthProvider(options: { host: string; port: number }): Promise<OAuthProvider> {
  // The mock's issuer and routes, on an HTTP server of ours: every sandbox server answers only loopback names
  // (listenPreferring, net/hostGuard.ts), and the mock's own server is not open to that.
  const oauthIssuer = new OAuth2Issuer();
  await oauthIssuer.keys.generate('RS256');
  const service = new OAuth2Service(oauthIssuer);
  const grants = new Map<string, OAuthGrant>();
  const issuerOf = () => oauthIssuer.url ?? '';

  service.addRoute('GET', '/signin', (req, res) => sendHtml(res, 200, signInPage(req.query)));
  // The person refused: back to the client with `error`, as a provider does.
  service.addRoute('GET', '/deny', (req, res) => {
    const redirectUri = first(req.query['redirect_uri']);
    let url: URL;
    try {
      url = new URL(redirectUri ?? '');
    } catch {
      sendHtml(res, 400, '<!doctype html><title>Bad request</title><p>redirect_uri is missing or invalid.</p>');
      return;
    }
    const webMessage = webMessageTarget(req.query, issuerOf());
    if (webMessage) url = webMessage;
    // Apple's name for a refusal; everyone else's.
    url.searchParams.set('error', webMessage ? 'user_cancelled_authorize' : 'access_denied');
    const state = first(req.query['state']);
    if (state) url.searchParams.set('state', state);
    res.writeHead(302, { location: url.href });
    res.end();
  });

  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { query?: Record<string, string | string[] | undefined> }) => {
    const code = redirect.url.searchParams.get('code');
    const query = req.query ?? {};
    if (!code) return;
    const provider = first(query['provider']) ?? 'oauth';
    grants.set(code, {
      clientId: first(query['client_id']) ?? '',
      redirectUri: first(query['redirect_uri']) ?? '',
      state: first(query['state']),
      codeChallenge: first(query['code_challenge']),
      nonce: first(query['nonce']),
      account: oauthAccount(provider, first(query['login_hint']) || DEFAULT_OAUTH_ACCOUNT_EMAIL, first(query['email_unverified']) !== '1'),
    });
    while (grants.size > MAX_GRANTS) grants.delete(grants.keys().next().value!);
    // Apple's popup: the code (and state) go to the web-message page, not to redirect_uri.
    const webMessage = webMessageTarget(query, issuerOf());
    if (webMessage) {
      for (const [key, value] of redirect.url.searchParams) webMessage.searchParams.set(key, value);
      redirect.url.href = webMessage.href;
    }
  });
  // Sign in with Apple JS, emulated (appleSdkEmulation.ts): the script, and the page that posts to the opener.
  service.addRoute('GET', APPLE_SDK_PATH, (_req, res) => {
    // The kit loads it with crossorigin="anonymous", as Apple's CDN allows.
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
    res.end(appleSdkScript(issuerOf()));
  });
  service.addRoute('GET', APPLE_WEB_MESSAGE_SCRIPT_PATH, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(APPLE_WEB_MESSAGE_SCRIPT);
  });
  service.addRoute('GET', APPLE_WEB_MESSAGE_PATH, (req, res) => {
    const code = first(req.query['code']);
    const grant = code === undefined ? undefined : grants.get(code);
    // Apple's popup answer carries an ID token beside the code, bound to the request's nonce.
    const idToken = grant
      ? oauthIssuer.buildToken({
          scopesOrTransform: (_header, payload) => {
            Object.assign(payload, { sub: grant.account.sub, aud: grant.clientId, email: grant.account.email, email_verified: grant.account.emailVerified });
            if (grant.nonce !== undefined) payload['nonce'] = grant.nonce;
          },
        })
      : Promise.resolve(undefined);
    idToken.then(
      (token) => {
        const page = appleWebMessagePage({ origin: first(req.query['origin']), code: grant ? code : undefined, idToken: token, state: first(req.query['state']), error: first(req.query['error']) ?? (grant ? undefined : 'invalid_grant') });
        res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'", 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
        res.end(page.html);
      },
      () => sendHtml(res, 500, '<!doctype html><title>Error</title><p>The ID token could not be signed.</p>'),
    );
  });
  // Tokens for a code carry that code's account (the mock would say "johndoe" for everyone).
  service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: { body?: { code?: string; grant_type?: string } }) => {
    const code = req.body?.grant_type === 'authorization_code' ? req.body.code : undefined;
    const grant = code === undefined ? undefined : grants.get(code);
    if (!grant) return;
    Object.assign(token.payload, { sub: grant.account.sub, email: grant.account.email, email_verified: grant.account.emailVerified, name: grant.account.name, preferred_username: grant.account.username });
  });
  // A code is redeemed once.
  service.on('beforeResponse', (_response: unknown, req: { body?: { code?: string } }) => {
    if (req.body?.code) grants.delete(req.body.code);
  });

  // The planned port (API + 4), or any free one when it is taken (GET /sandbox/info tells where).
  const server = createServer(service.requestHandler);
  const port = await listenPreferring(server, options.port, options.host);
  const issuer = `http://${options.host}:${port}`;
  oauthIssuer.url = issuer;
  return {
    issuer,
    grant: (code) => grants.get(code),
    close: () => closeServer(server),
  };
}
