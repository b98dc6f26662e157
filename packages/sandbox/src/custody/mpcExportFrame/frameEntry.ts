import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { ed25519, ed25519_FROST as frost } from '@noble/curves/ed25519.js';

/**
 * The MPC export page's script (bundled by the sandbox with esbuild, served from the custody origin).
 * Protocol with the host page (postMessage, origins checked both ways):
 * 1. it makes a P-256 key pair and posts `{ type: 'latchkey:mpc-export-ready', targetPublicKey }`
 *    (uncompressed, hex) to `parentOrigin`;
 * 2. the host posts `{ type: 'latchkey:mpc-export-shares', shares, public, address }`: every share sealed
 *    to that key (HPKE base mode, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM; info
 *    `latchkey-mpc-export`, AAD the identifier) — the device's by the kit, the server's by the server;
 * 3. it opens them, checks each against the public package, combines them (`combineSecret`), checks
 *    the key is the address's, shows it and posts `{ type: 'latchkey:mpc-export-done' }` — or
 *    `{ type: 'latchkey:mpc-export-error', message }`. Never the key.
 */

interface SealedShare {
  identifier: string;
  encapsulatedKey: string;
  ciphertext: string;
}
interface PublicWire {
  signers: { min: number; max: number };
  commitments: string[];
  verifyingShares: Record<string, string>;
}

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const encoder = new TextEncoder();
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const unhex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes: Uint8Array): string {
  let value = BigInt(`0x${hex(bytes) || '0'}`);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) out = `1${out}`;
  return out;
}

const root = document.getElementById('mpc-export-root');
const status = document.getElementById('mpc-export-status');
const parentOrigin = root?.getAttribute('data-parent-origin') ?? '';

function fail(message: string): void {
  if (status) status.textContent = message;
  root?.setAttribute('data-state', 'failed');
  window.parent.postMessage({ type: 'latchkey:mpc-export-error', message }, parentOrigin);
}

async function main(): Promise<void> {
  if (!root || !status || !parentOrigin) return;
  const pair = await suite.kem.generateKeyPair();
  const targetPublicKey = hex(new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey)));
  window.addEventListener('message', async (event: MessageEvent) => {
    const data = event.data as { type?: unknown; shares?: SealedShare[]; public?: PublicWire; address?: string } | null;
    if (event.origin !== parentOrigin || event.source !== window.parent || data?.type !== 'latchkey:mpc-export-shares') return;
    try {
      const pub = data.public as PublicWire;
      const publicPackage = {
        signers: pub.signers,
        commitments: pub.commitments.map(unhex),
        verifyingShares: Object.fromEntries(Object.entries(pub.verifyingShares).map(([id, point]) => [id, unhex(point)])),
      };
      const secrets = [];
      for (const sealed of data.shares ?? []) {
        const recipient = await suite.createRecipientContext({ recipientKey: pair, enc: unhex(sealed.encapsulatedKey).buffer, info: encoder.encode('latchkey-mpc-export').buffer as ArrayBuffer });
        const share = new Uint8Array(await recipient.open(unhex(sealed.ciphertext).buffer, encoder.encode(sealed.identifier).buffer as ArrayBuffer));
        const secret = { identifier: sealed.identifier, signingShare: share };
        frost.validateSecret(secret, publicPackage as never);
        secrets.push(secret);
      }
      const key = frost.combineSecret(secrets as never, publicPackage.signers);
      for (const secret of secrets) secret.signingShare.fill(0);
      const publicKey = ed25519.Point.BASE.multiply(frost.utils.Fn.fromBytes(key)).toBytes();
      if (hex(publicKey) !== pub.commitments[0] || base58(publicKey) !== data.address) throw new Error('the shares do not combine to this wallet');
      const code = document.getElementById('mpc-export-key');
      if (code) code.textContent = hex(key);
      key.fill(0);
      document.getElementById('mpc-export-secret')?.removeAttribute('hidden');
      status.textContent = `The private key of ${data.address}: anyone who has it controls the wallet.`;
      root.setAttribute('data-state', 'shown');
      window.parent.postMessage({ type: 'latchkey:mpc-export-done' }, parentOrigin);
    } catch (error) {
      fail(`The key could not be put together: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  root.setAttribute('data-state', 'ready');
  window.parent.postMessage({ type: 'latchkey:mpc-export-ready', targetPublicKey }, parentOrigin);
}

main().catch((error: unknown) => fail(String(error)));
