import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { createEncryptionKeyPair, decryptPayload, deriveSharedSecret, encryptPayload } from './deepLinkCrypto.js';

// Wallets speak NaCl box through tweetnacl; the kit's implementation (@noble/curves x25519, @noble/ciphers HSalsa20 +
// XSalsa20-Poly1305) must interoperate with it byte for byte.
describe('deep-link crypto (NaCl box)', () => {
  it('default: the shared key equals tweetnacl box.before on both sides', () => {
    const dapp = createEncryptionKeyPair();
    const wallet = nacl.box.keyPair();
    const ours = deriveSharedSecret(wallet.publicKey, dapp.secretKey);
    expect(Array.from(ours)).toEqual(Array.from(nacl.box.before(wallet.publicKey, dapp.secretKey)));
    expect(Array.from(ours)).toEqual(Array.from(nacl.box.before(dapp.publicKey, wallet.secretKey)));
  });

  it('behavior: what the kit encrypts tweetnacl opens, and what tweetnacl encrypts the kit opens', () => {
    const dapp = createEncryptionKeyPair();
    const wallet = nacl.box.keyPair();
    const key = deriveSharedSecret(wallet.publicKey, dapp.secretKey);
    const sent = encryptPayload({ hello: 'wallet' }, key);
    const opened = nacl.box.open.after(bs58.decode(sent.payload), bs58.decode(sent.nonce), nacl.box.before(dapp.publicKey, wallet.secretKey));
    expect(JSON.parse(new TextDecoder().decode(opened!))).toEqual({ hello: 'wallet' });

    const nonce = nacl.randomBytes(24);
    const reply = nacl.box(new TextEncoder().encode(JSON.stringify({ public_key: 'abc' })), nonce, dapp.publicKey, wallet.secretKey);
    expect(decryptPayload(bs58.encode(reply), bs58.encode(nonce), key)).toEqual({ public_key: 'abc' });
  });

  it('error: a tampered box, a wrong key, a short nonce or non-base58 text open to undefined', () => {
    const key = deriveSharedSecret(nacl.box.keyPair().publicKey, createEncryptionKeyPair().secretKey);
    const sent = encryptPayload({ a: 1 }, key);
    const tampered = bs58.decode(sent.payload);
    tampered[tampered.length - 1]! ^= 1;
    expect(decryptPayload(bs58.encode(tampered), sent.nonce, key)).toBeUndefined();
    expect(decryptPayload(sent.payload, sent.nonce, new Uint8Array(32))).toBeUndefined();
    expect(decryptPayload(sent.payload, bs58.encode(new Uint8Array(23)), key)).toBeUndefined();
    expect(decryptPayload('0OIl', sent.nonce, key)).toBeUndefined();
    expect(decryptPayload(sent.payload, sent.nonce, key)).toEqual({ a: 1 });
  });
});
