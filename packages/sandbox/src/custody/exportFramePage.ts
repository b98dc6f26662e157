import { isLoopbackOrigin } from '../net/loopbackOrigin.js';
import { escapeHtml } from '../html/escapeHtml.js';

/**
 * The isolated export page, served by the custody origin and embedded by the kit as an iframe: the
 * exported key is decrypted and shown only here, so the host page never holds it (DESIGN.md
 * "Security rules"). Protocol (postMessage, origins checked both ways):
 * 1. the page makes a P-256 ECDH key pair (private half non-extractable) and posts
 *    `{ type: 'latchkey:export-ready', targetPublicKey }` (uncompressed hex) to `parentOrigin`;
 * 2. the host asks custody for `export_wallet_account` to that key and posts
 *    `{ type: 'latchkey:export-bundle', bundle, address }` back;
 * 3. the page checks the enclave signature, opens the HPKE bundle (RFC 9180 base mode,
 *    DHKEM-P256/HKDF-SHA256/AES-256-GCM, info `turnkey_hpke`), checks the key is the address's, shows
 *    the Solana secret key (base58 of private ‖ public) and posts `{ type: 'latchkey:export-done' }`
 *    or `{ type: 'latchkey:export-error', message }` — never the key.
 */
export const EXPORT_PAGE_PATH = '/export';
export const EXPORT_SCRIPT_PATH = '/export/export.js';

export const EXPORT_SCRIPT = `(function (global) {
  'use strict';
  var subtle = global.crypto.subtle;
  var enc = new TextEncoder();
  function hex(bytes) { return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? '0' : '') + b.toString(16); }).join(''); }
  function unhex(text) { var out = new Uint8Array(text.length / 2); for (var i = 0; i < out.length; i++) out[i] = parseInt(text.substr(i * 2, 2), 16); return out; }
  function concat() { var parts = Array.prototype.slice.call(arguments); var length = parts.reduce(function (n, p) { return n + p.length; }, 0); var out = new Uint8Array(length); var at = 0; parts.forEach(function (p) { out.set(p, at); at += p.length; }); return out; }
  function i2osp(value, length) { var out = new Uint8Array(length); for (var i = length - 1; i >= 0; i--) { out[i] = value & 255; value = value >> 8; } return out; }
  var ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  function base58(bytes) { var value = BigInt('0x' + (hex(bytes) || '0')); var out = ''; while (value > 0n) { out = ALPHABET[Number(value % 58n)] + out; value = value / 58n; } for (var i = 0; i < bytes.length && bytes[i] === 0; i++) out = '1' + out; return out; }
  async function hmac(key, data) { var k = await subtle.importKey('raw', key.length ? key : new Uint8Array(32), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']); return new Uint8Array(await subtle.sign('HMAC', k, data)); }
  async function labeledExtract(suite, salt, label, ikm) { return hmac(salt, concat(enc.encode('HPKE-v1'), suite, enc.encode(label), ikm)); }
  async function labeledExpand(suite, prk, label, info, length) { var t = await hmac(prk, concat(i2osp(length, 2), enc.encode('HPKE-v1'), suite, enc.encode(label), info, new Uint8Array([1]))); return t.slice(0, length); }
  /** RFC 9180 base-mode open: DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM, first message. */
  async function hpkeOpen(privateKey, recipientPublic, encapsulated, ciphertext, info, aad) {
    var pkE = await subtle.importKey('raw', encapsulated, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    var dh = new Uint8Array(await subtle.deriveBits({ name: 'ECDH', public: pkE }, privateKey, 256));
    var kemSuite = concat(enc.encode('KEM'), i2osp(16, 2));
    var eaePrk = await labeledExtract(kemSuite, new Uint8Array(0), 'eae_prk', dh);
    var shared = await labeledExpand(kemSuite, eaePrk, 'shared_secret', concat(encapsulated, recipientPublic), 32);
    var suite = concat(enc.encode('HPKE'), i2osp(16, 2), i2osp(1, 2), i2osp(2, 2));
    var pskIdHash = await labeledExtract(suite, new Uint8Array(0), 'psk_id_hash', new Uint8Array(0));
    var infoHash = await labeledExtract(suite, new Uint8Array(0), 'info_hash', info);
    var context = concat(new Uint8Array([0]), pskIdHash, infoHash);
    var secret = await labeledExtract(suite, shared, 'secret', new Uint8Array(0));
    var key = await labeledExpand(suite, secret, 'key', context, 32);
    var nonce = await labeledExpand(suite, secret, 'base_nonce', context, 12);
    var aesKey = await subtle.importKey('raw', key, 'AES-GCM', false, ['decrypt']);
    return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv: nonce, additionalData: aad }, aesKey, ciphertext));
  }
  function derToRaw(der) {
    var at = 2; var parts = [];
    for (var n = 0; n < 2; n++) { var length = der[at + 1]; var value = der.slice(at + 2, at + 2 + length); at += 2 + length; while (value.length > 32 && value[0] === 0) value = value.slice(1); var padded = new Uint8Array(32); padded.set(value, 32 - value.length); parts.push(padded); }
    return concat(parts[0], parts[1]);
  }
  /** Opens a custody bundle with the page's key pair; the enclave signature must verify against enclaveKey (hex). */
  async function openBundle(bundleText, pair, recipientPublic, enclaveKey) {
    var bundle = JSON.parse(bundleText);
    if (enclaveKey && bundle.enclaveQuorumPublic !== enclaveKey) throw new Error('The bundle was not made by this custody provider.');
    var verifyKey = await subtle.importKey('raw', unhex(bundle.enclaveQuorumPublic), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    var data = unhex(bundle.data);
    if (!(await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, verifyKey, derToRaw(unhex(bundle.dataSignature)), data))) throw new Error('The bundle signature does not verify.');
    var inner = JSON.parse(new TextDecoder().decode(data));
    var encapsulated = unhex(inner.encappedPublic);
    var context = enc.encode(JSON.stringify([inner.organizationId, inner.createdAtMs]));
    return hpkeOpen(pair.privateKey, recipientPublic, encapsulated, unhex(inner.ciphertext), enc.encode('turnkey_hpke'), concat(encapsulated, recipientPublic, context));
  }
  async function solanaSecret(privateKey) {
    var pkcs8 = concat(unhex('302e020100300506032b657004220420'), privateKey);
    var key = await subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign']);
    var jwk = await subtle.exportKey('jwk', key);
    var publicKey = Uint8Array.from(atob(jwk.x.replace(/-/g, '+').replace(/_/g, '/')), function (c) { return c.charCodeAt(0); });
    return { address: base58(publicKey), secret: base58(concat(privateKey, publicKey)) };
  }
  global.__latchkeyExport = { hpkeOpen: hpkeOpen, openBundle: openBundle, solanaSecret: solanaSecret };
  var root = global.document && global.document.getElementById('export-root');
  if (!root) return;
  var parentOrigin = root.getAttribute('data-parent-origin');
  var enclaveKey = root.getAttribute('data-enclave-key');
  var status = global.document.getElementById('export-status');
  function fail(message) { status.textContent = message; root.setAttribute('data-state', 'failed'); global.parent.postMessage({ type: 'latchkey:export-error', message: message }, parentOrigin); }
  subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']).then(async function (pair) {
    var recipientPublic = new Uint8Array(await subtle.exportKey('raw', pair.publicKey));
    global.addEventListener('message', async function (event) {
      if (event.origin !== parentOrigin || event.source !== global.parent || !event.data || event.data.type !== 'latchkey:export-bundle') return;
      try {
        var privateKey = await openBundle(String(event.data.bundle), pair, recipientPublic, enclaveKey);
        var account = await solanaSecret(privateKey);
        privateKey.fill(0);
        if (account.address !== event.data.address) throw new Error('The exported key does not belong to this wallet.');
        var code = global.document.getElementById('export-key');
        code.textContent = account.secret;
        global.document.getElementById('export-secret').hidden = false;
        status.textContent = 'Your private key for ' + account.address + '. Anyone who has it controls the wallet.';
        root.setAttribute('data-state', 'shown');
        global.parent.postMessage({ type: 'latchkey:export-done' }, parentOrigin);
      } catch (error) {
        fail('The key could not be decrypted: ' + (error && error.message ? error.message : String(error)));
      }
    });
    root.setAttribute('data-state', 'ready');
    global.parent.postMessage({ type: 'latchkey:export-ready', targetPublicKey: hex(recipientPublic) }, parentOrigin);
  }, function (error) { fail(String(error)); });
})(this);
`;

export interface ExportFramePage {
  status: 200 | 400;
  html: string;
  headers: Record<string, string>;
}

/** `value` when it is exactly a URL's origin as the browser writes it (scheme, host, port: no path, no spaces), else undefined. */
function exactOrigin(value: string | undefined): string | undefined {
  try {
    return value !== undefined && new URL(value).origin === value ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What both export frames (custody's and the MPC wallet's) share: a 400 page unless `parentOrigin` is exactly a
 * loopback origin (it goes into the CSP as is: anything more — a path, a space, a `;` — would add sources or
 * directives), else a page only that parent may frame (CSP `frame-ancestors`), never cached, no referrer, in the
 * frames' own light/dark style; `extraStyle` and `body` (the `<main>` and the page's script) are the frame's own.
 */
export function exportFramePage(requestedOrigin: string | undefined, render: (parentOrigin: string) => { extraStyle?: string; body: string }): ExportFramePage {
  const parentOrigin = exactOrigin(requestedOrigin);
  if (!parentOrigin || !isLoopbackOrigin(parentOrigin)) {
    return {
      status: 400,
      html: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Export</title></head><body><p>parentOrigin is missing or not allowed.</p></body></html>',
      headers: { 'content-security-policy': "default-src 'none'", 'cache-control': 'no-store' },
    };
  }
  const { extraStyle = '', body } = render(parentOrigin);
  return {
    status: 200,
    headers: {
      'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${parentOrigin}`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Export your wallet key</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0;padding:12px;color:#111827;background:#fff;overflow-wrap:anywhere}
@media (prefers-color-scheme: dark){body{color:#f3f4f6;background:#111827}code{background:#1f2937!important}}
code{display:block;word-break:break-all;padding:8px;border-radius:8px;background:#f3f4f6;font:13px ui-monospace,monospace;user-select:all}
${extraStyle}</style></head>
${body}`,
  };
}

/** The page for `parentOrigin` (a loopback origin in the sandbox), or a 400 page. */
export function exportPage(parentOrigin: string | undefined, enclavePublicKey: string): ExportFramePage {
  return exportFramePage(parentOrigin, (origin) => ({
    body: `<body><main id="export-root" data-state="loading" data-parent-origin="${escapeHtml(origin)}" data-enclave-key="${escapeHtml(enclavePublicKey)}">
<p id="export-status" role="status">Preparing a secure channel…</p>
<div id="export-secret" hidden><code id="export-key" data-testid="exported-key"></code></div>
</main><script src="${EXPORT_SCRIPT_PATH}"></script></body></html>`,
  }));
}
