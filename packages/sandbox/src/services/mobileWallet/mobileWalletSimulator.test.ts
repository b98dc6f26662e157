import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { createMobileWalletSimulator, type MobileWalletSimulator } from './mobileWalletSimulator.js';

/** A dapp of the deep-link protocol: its box key, and the requests it sends to the simulated wallet. */
function dappOf(wallet: MobileWalletSimulator) {
  const keys = nacl.box.keyPair();
  const shared = nacl.box.before(bs58.decode(wallet.encryptionPublicKey), keys.secretKey);
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ dapp_encryption_public_key: bs58.encode(keys.publicKey), redirect_link: 'http://127.0.0.1:9/back', ...extra });
  const sealed = (value: unknown) => {
    const nonce = nacl.randomBytes(24);
    return query({ nonce: bs58.encode(nonce), payload: bs58.encode(nacl.box.after(new TextEncoder().encode(JSON.stringify(value)), nonce, shared)) });
  };
  const opened = (href: string) => {
    const back = new URL(href).searchParams;
    const data = nacl.box.open.after(bs58.decode(back.get('data')!), bs58.decode(back.get('nonce')!), shared);
    return JSON.parse(new TextDecoder().decode(data!)) as { public_key?: string; session?: string; signature?: string };
  };
  const connect = () => opened(wallet.respond('connect', query(), 'approve')).session!;
  const signMessage = (message: Uint8Array, session: string) => opened(wallet.respond('signMessage', sealed({ message: bs58.encode(message), session }), 'approve')).signature!;
  return { publicKey: bs58.encode(keys.publicKey), connect, signMessage, sealed };
}

/** A session made of the wallet's signature (by signMessage) over claims the dapp chose. */
function sessionSignedBySignMessage(dapp: ReturnType<typeof dappOf>, session: string, claims: Uint8Array): string {
  return bs58.encode(new Uint8Array([...bs58.decode(dapp.signMessage(claims, session)), ...claims]));
}

describe('mobile wallet simulator sessions', () => {
  it('default: the session handed out on connect lets the dapp ask for a signature by the connected account', () => {
    const wallet = createMobileWalletSimulator();
    const dapp = dappOf(wallet);
    const message = new TextEncoder().encode('hello');
    expect(nacl.sign.detached.verify(message, bs58.decode(dapp.signMessage(message, dapp.connect())), bs58.decode(wallet.address))).toBe(true);
  });

  it("error: a session forged with signMessage's signature for another account is refused (400 at session)", () => {
    const wallet = createMobileWalletSimulator();
    const second = wallet.addAccount();
    const dapp = dappOf(wallet);
    const claims = new TextEncoder().encode(JSON.stringify({ dappKey: dapp.publicKey, account: second, issuedAt: Date.now() }));
    const forged = sessionSignedBySignMessage(dapp, dapp.connect(), claims);
    expect(() => wallet.describe('signMessage', dapp.sealed({ message: bs58.encode(new Uint8Array([1])), session: forged }))).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_request', path: 'session' }),
    );
  });

  it('error: a session whose claims are not JSON is a 400 at session, not a 500', () => {
    const wallet = createMobileWalletSimulator();
    const dapp = dappOf(wallet);
    const forged = sessionSignedBySignMessage(dapp, dapp.connect(), new TextEncoder().encode('not json at all'));
    expect(() => wallet.describe('signMessage', dapp.sealed({ message: bs58.encode(new Uint8Array([1])), session: forged }))).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_request', path: 'session' }),
    );
  });
});
