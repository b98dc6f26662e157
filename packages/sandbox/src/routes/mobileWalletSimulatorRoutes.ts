import type { Hono } from 'hono';
import { ApiError } from '../errors/ApiError.js';
import { isLoopbackOrigin } from '../net/loopbackOrigin.js';
import { createMobileWalletSimulator, type MobileWalletSimulator, type SimulatorRequest } from '../services/mobileWallet/mobileWalletSimulator.js';
import { escapeHtml } from '../html/escapeHtml.js';
import { REDIRECT_WALLET_KEYS, walletCatalogue } from '../static/walletCatalogue.js';

/** Where the simulator's universal links live: `{apiBaseUrl}/sandbox/mobile-wallet/ul/v1/{method}`. */
export const MOBILE_WALLET_SIMULATOR_PATH = '/sandbox/mobile-wallet';

const TITLES: Record<SimulatorRequest['method'], string> = {
  connect: 'Connect to this app?',
  signMessage: 'Sign this message?',
  signTransaction: 'Sign this transaction?',
};

/** Connect: which account to connect, when the wallet has more than one (the first is chosen); signatures: the connection's. */
function accountPart(request: SimulatorRequest, accounts: readonly string[]): string {
  if (request.method !== 'connect' || accounts.length < 2) return `<p>Account <code data-testid="wallet-address">${escapeHtml(request.account ?? accounts[0] ?? '')}</code></p>`;
  const choices = accounts
    .map((account, index) => `<label class="account"><input type="radio" name="account" value="${escapeHtml(account)}"${index === 0 ? ' checked' : ''}> <code>${escapeHtml(account)}</code></label>`)
    .join('\n');
  return `<fieldset><legend>Account</legend>\n${choices}</fieldset>`;
}

function page(request: SimulatorRequest, accounts: readonly string[], action: string, label: string): string {
  const origin = request.appUrl ?? new URL(request.redirectLink).origin;
  const detail =
    request.method === 'signMessage'
      ? `<pre data-testid="message">${escapeHtml(request.messageText ?? '')}</pre>`
      : request.method === 'signTransaction'
        ? `<p>A transaction of ${request.transactionBytes ?? 0} bytes.</p>`
        : '<p>The app will see your address and can ask you to sign.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox mobile wallet</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;display:grid;place-items:center;min-height:100vh;background:Canvas;color:CanvasText}
main{max-width:22rem;width:100%;padding:1.5rem;box-sizing:border-box}
h1{font-size:1.25rem;margin:0 0 .5rem} .app{color:GrayText;word-break:break-all}
pre{white-space:pre-wrap;word-break:break-word;border:1px solid GrayText;border-radius:.5rem;padding:.75rem;font-size:.8rem}
.actions{display:flex;gap:.75rem;margin-top:1.25rem} button{flex:1;font:inherit;padding:.75rem;border-radius:.5rem;border:1px solid GrayText;cursor:pointer}
button[value=approve]{background:#6d4aff;color:#fff;border-color:#6d4aff}
code{font-size:.75rem;word-break:break-all}
fieldset{border:1px solid GrayText;border-radius:.5rem;padding:.5rem .75rem;margin:0} .account{display:flex;gap:.5rem;align-items:center;padding:.25rem 0}
</style></head>
<body><main data-method="${request.method}">
<p data-testid="wallet-name">${escapeHtml(label)}</p>
<h1>${TITLES[request.method]}</h1>
<p class="app">${escapeHtml(origin)}</p>
${detail}
<form method="post" action="${escapeHtml(action)}">
${accountPart(request, accounts)}
<div class="actions">
<button type="submit" name="decision" value="reject">Reject</button>
<button type="submit" name="decision" value="approve">Approve</button>
</div></form></main></body></html>`;
}

/**
 * The sandbox's mobile wallets: `GET …/ul/v1/{connect|signMessage|signTransaction}` shows an approve/reject page (plain
 * HTML form, no script); the POST answers the way a deep-link wallet does — a 303 back to the dapp's redirect link with
 * the encrypted `data` and `nonce` (and, on connect, `{walletKey}_encryption_public_key`), or `errorCode=4001` on
 * reject. `GET /sandbox/mobile-wallet` tells tests the wallet's address and keys; `POST /sandbox/mobile-wallet/accounts`
 * adds an account (its connect page then lets the user pick it), for a test that needs an address nobody used yet.
 * The same simulator, with keys of its own, also plays every redirect-experience wallet of the sandbox catalogue under
 * `/sandbox/mobile-wallet/{key}/…`.
 */
export function mountMobileWalletSimulatorRoutes(app: Hono, simulator: MobileWalletSimulator = createMobileWalletSimulator()): MobileWalletSimulator {
  mountSimulator(app, MOBILE_WALLET_SIMULATOR_PATH, simulator);
  for (const key of REDIRECT_WALLET_KEYS) {
    const name = walletCatalogue.wallets[key as keyof typeof walletCatalogue.wallets]?.name ?? key;
    mountSimulator(app, `${MOBILE_WALLET_SIMULATOR_PATH}/${key}`, createMobileWalletSimulator(key), `${name} — sandbox mobile wallet`);
  }
  return simulator;
}

function mountSimulator(app: Hono, base: string, simulator: MobileWalletSimulator, label = 'Sandbox mobile wallet'): void {
  const headers = {
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://127.0.0.1:* http://localhost:*",
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  };
  app.get(base, (c) =>
    c.json({
      walletKey: simulator.walletKey,
      address: simulator.address,
      accounts: simulator.accounts(),
      encryptionPublicKey: simulator.encryptionPublicKey,
      universal: new URL(`${base}/ul/`, c.req.url).href,
    }),
  );
  app.post(`${base}/accounts`, (c) => c.json({ address: simulator.addAccount() }, 201));
  // The in-app browser link: the wallet would open the dapp inside itself; the simulator offers the page (loopback only).
  app.get(`${base}/ul/browse/:target`, (c) => {
    let target: URL | undefined;
    try {
      target = new URL(decodeURIComponent(c.req.param('target')));
    } catch {
      target = undefined;
    }
    if (!target || !isLoopbackOrigin(target.origin)) throw new ApiError(400, 'invalid_request', 'The browse link must name an http URL on a loopback host.', 'url');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox mobile wallet</title></head>
<body><main><p>Sandbox mobile wallet — in-app browser</p><p><a href="${escapeHtml(target.href)}">Open ${escapeHtml(target.href)}</a></p></main></body></html>`,
      200,
      headers,
    );
  });
  app.get(`${base}/ul/v1/:method`, (c) => {
    const url = new URL(c.req.url);
    const request = simulator.describe(c.req.param('method'), url.searchParams);
    return c.html(page(request, simulator.accounts(), `${url.pathname}${url.search}`, label), 200, headers);
  });
  app.post(`${base}/ul/v1/:method`, async (c) => {
    const form = await c.req.parseBody();
    const decision = form['decision'];
    if (decision !== 'approve' && decision !== 'reject') throw new ApiError(400, 'invalid_request', 'decision must be approve or reject.', 'decision');
    const account = form['account'];
    if (account !== undefined && typeof account !== 'string') throw new ApiError(400, 'invalid_request', 'account must be an address.', 'account');
    const url = new URL(c.req.url);
    return c.redirect(simulator.respond(c.req.param('method'), url.searchParams, decision, account), 303);
  });
}
