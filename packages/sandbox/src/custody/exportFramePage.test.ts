import { randomBytes } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { describe, expect, it } from 'vitest';
import { sealBundle } from './bundle.js';
import { EXPORT_SCRIPT, exportPage } from './exportFramePage.js';
import { solanaAccount } from './solanaKeys.js';

/** The page's script, run in this realm with a stand-in global (no document: only its helpers). */
function pageHelpers() {
  const global: any = { crypto: globalThis.crypto, atob };
  new Function(EXPORT_SCRIPT).call(global);
  return global.__latchkeyExport as {
    openBundle(bundle: string, pair: CryptoKeyPair, recipientPublic: Uint8Array, enclaveKey: string): Promise<Uint8Array>;
    solanaSecret(privateKey: Uint8Array): Promise<{ address: string; secret: string }>;
  };
}

async function pageKey() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const recipientPublic = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { pair, recipientPublic, targetPublicKey: Buffer.from(recipientPublic).toString('hex') };
}

describe('export page', () => {
  it("default: the page's own HPKE opens the emulator's bundle (interoperates with @hpke/core) and shows the account's Solana secret", async () => {
    const helpers = pageHelpers();
    const enclave = p256.utils.randomSecretKey();
    const enclaveKey = Buffer.from(p256.getPublicKey(enclave, false)).toString('hex');
    const key = await pageKey();
    const accountKey = new Uint8Array(randomBytes(32));
    const bundle = await sealBundle({ targetPublicKey: key.targetPublicKey, plaintext: accountKey, organizationId: 'org', createdAt: new Date(), enclavePrivateKey: enclave });
    const opened = await helpers.openBundle(bundle, key.pair, key.recipientPublic, enclaveKey);
    expect(Buffer.from(opened)).toEqual(Buffer.from(accountKey));
    const shown = await helpers.solanaSecret(opened);
    expect(shown.address).toBe(solanaAccount(accountKey).address);
    expect(shown.secret.length).toBeGreaterThanOrEqual(86);
  });

  it('error: a bundle signed by another enclave, or for another key, is refused', async () => {
    const helpers = pageHelpers();
    const enclave = p256.utils.randomSecretKey();
    const key = await pageKey();
    const bundle = await sealBundle({ targetPublicKey: key.targetPublicKey, plaintext: new Uint8Array(32).fill(1), organizationId: 'org', createdAt: new Date(), enclavePrivateKey: enclave });
    const otherEnclave = Buffer.from(p256.getPublicKey(p256.utils.randomSecretKey(), false)).toString('hex');
    await expect(helpers.openBundle(bundle, key.pair, key.recipientPublic, otherEnclave)).rejects.toThrow('not made by this custody provider');
    const forged = JSON.stringify({ ...JSON.parse(bundle), dataSignature: Buffer.from(p256.sign(new Uint8Array([1]), enclave, { format: 'der' })).toString('hex') });
    await expect(helpers.openBundle(forged, key.pair, key.recipientPublic, '')).rejects.toThrow('signature');
    const other = await pageKey();
    await expect(helpers.openBundle(bundle, other.pair, other.recipientPublic, '')).rejects.toThrow();
  });

  it('error: a parent origin that is missing or not loopback gets no page; the page may only be framed by its parent', () => {
    expect(exportPage(undefined, 'ab').status).toBe(400);
    expect(exportPage('https://evil.example', 'ab').status).toBe(400);
    const page = exportPage('http://localhost:5173', 'ab');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors http://localhost:5173');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.html).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('error: a parent origin that is more than an origin (a path, spaces, a second directive) gets no page; the CSP names only the origin', () => {
    for (const parentOrigin of ['http://localhost:5173/ https://evil.example', 'http://localhost:5173/; script-src *', 'http://localhost:5173/é', 'http://localhost:5173/', 'http://LOCALHOST:5173']) {
      expect(exportPage(parentOrigin, 'ab').status, parentOrigin).toBe(400);
    }
    expect(exportPage('http://[::1]:3000', 'ab').headers['content-security-policy']).toMatch(/frame-ancestors http:\/\/\[::1\]:3000$/);
  });
});
