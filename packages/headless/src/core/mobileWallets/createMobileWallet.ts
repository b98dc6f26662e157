import { randomBytes } from '@noble/hashes/utils.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { Store } from '../storage/createStore.js';
import { createEncryptionKeyPair, decodeBase58, decryptPayload, deriveSharedSecret, encodeBase58, encryptPayload } from './deepLinkCrypto.js';
import { mobileWalletError } from './mobileWalletError.js';
import {
  MOBILE_WALLET_CONNECTION_KEY,
  MOBILE_WALLET_PENDING_KEY,
  MOBILE_WALLET_RESULT_KEY,
  mobileWalletConnectionParser,
  mobileWalletPendingParser,
  mobileWalletResultParser,
  type MobileWalletConnection,
  type MobileWalletPendingRequest,
  type MobileWalletStoredResult,
} from './mobileWalletRecords.js';
import { MOBILE_WALLET_REQUEST_PARAM, readMobileWalletReturn } from './readMobileWalletReturn.js';
import { isSignedBy, verifyEd25519 } from './transactionSignature.js';

/** A redirect wallet's links (from its catalogue entry): `{universal}v1/connect`, `{universal}browse/…`. */
export interface MobileWalletLinks {
  /** Short key; also the prefix of the return's encryption-key parameter (`phantom` → `phantom_encryption_public_key`). */
  key: string;
  name: string;
  /** The universal-link base, e.g. `https://phantom.app/ul/`. */
  universal: string;
  /** Template for opening a URL in the wallet's in-app browser (`{url}` replaced); default `{universal}browse/{url}?ref=…`. */
  inAppBrowser?: string;
}

/** The page features the protocol uses, injected so tests and SSR need no `window`. */
export interface MobileWalletBrowser {
  currentUrl(): string;
  /** Full-page navigation to the wallet. */
  redirect(url: string): void;
  /** Drops the return's parameters from the address bar without reloading. */
  replaceUrl(url: string): void;
}

export function createMobileWalletBrowser(win: Window = window): MobileWalletBrowser {
  return {
    currentUrl: () => win.location.href,
    redirect: (url) => win.location.assign(url),
    replaceUrl: (url) => win.history.replaceState(win.history.state, '', url),
  };
}

export interface CreateMobileWalletOptions {
  wallet: MobileWalletLinks;
  /** The client's store (`client.storage`): keys, session and address survive the full-page round trips there. */
  storage: Store;
  browser: MobileWalletBrowser;
  /** The dapp's URL the wallet shows (`app_url`). Default: the current page's origin. */
  appUrl?: string;
  /** `cluster` sent with connect (e.g. `mainnet-beta`, `devnet`). */
  cluster?: string;
  now?: () => number;
  /** A return older than this (from its request) is refused as expired. Default `MOBILE_WALLET_REQUEST_MAX_AGE_MS`. */
  maxRequestAgeMs?: number;
}

/** How long a request sent to the wallet may stay unanswered: a later return is stale and refused. */
export const MOBILE_WALLET_REQUEST_MAX_AGE_MS = 10 * 60 * 1000;

/** What a completed return brought back. */
export type MobileWalletResult =
  | { kind: 'connect'; address: string }
  | { kind: 'signMessage'; message: Uint8Array; signature: Uint8Array }
  | { kind: 'signTransaction'; transaction: Uint8Array; signedTransaction: Uint8Array };

export interface MobileWallet {
  readonly wallet: MobileWalletLinks;
  /** The stored connection, or undefined. */
  getConnection(): MobileWalletConnection | undefined;
  /** Stores a fresh encryption key pair with a new request and leaves for the wallet's connect link. */
  connect(): void;
  /** Encrypts the message for the connected wallet and leaves for its signMessage link. */
  signMessage(message: Uint8Array): void;
  /** Encrypts the serialized transaction for the connected wallet and leaves for its signTransaction link. */
  signTransaction(transaction: Uint8Array): void;
  /** Clears every stored value (connection, keys, session, pending request, unread result). */
  disconnect(): void;
  /**
   * Drops the request under way (the page never left, or the user came back without answering and cancelled): its
   * reply, should the wallet still send one, is refused as not awaited (`mobile_wallet_return_replayed`).
   */
  cancelRequest(): void;
  /**
   * Checks and decrypts the return in the address bar, clears its parameters and answers the pending request:
   * a connect stores session and address; a signature is verified, then kept for `takeResult`. Undefined when the
   * page is not a return. A tampered, replayed or foreign return throws and changes no stored connection.
   */
  completeReturn(): MobileWalletResult | undefined;
  /** The stored signature for exactly `input` (base58 bytes of the message or transaction), removed as it is read. */
  takeResult(kind: 'signMessage' | 'signTransaction', input: Uint8Array): Uint8Array | undefined;
  /** The link that opens `url` inside the wallet's in-app browser. */
  browseUrl(url: string, ref?: string): string;
}

function randomId(): string {
  return encodeBase58(randomBytes(16));
}

function tampered(reason: string): LatchkeyError {
  return new LatchkeyError('mobile_wallet_return_tampered', { params: { reason } });
}

function isBase58Key(value: unknown, length: number): value is string {
  return typeof value === 'string' && decodeBase58(value)?.length === length;
}

/** The deep-link protocol of SPEC §4 for one redirect wallet (x25519 + nacl box, 24-byte nonces, base58). */
export function createMobileWallet(options: CreateMobileWalletOptions): MobileWallet {
  const { wallet, storage, browser } = options;
  const now = options.now ?? Date.now;
  const linkBase = wallet.universal.endsWith('/') ? wallet.universal : `${wallet.universal}/`;

  const getConnection = () => {
    const connection = storage.get(MOBILE_WALLET_CONNECTION_KEY, mobileWalletConnectionParser);
    return connection?.wallet === wallet.key ? connection : undefined;
  };
  const requireConnection = () => {
    const connection = getConnection();
    if (!connection) throw new LatchkeyError('mobile_wallet_not_connected');
    return connection;
  };
  const sharedSecretOf = (connection: MobileWalletConnection) =>
    deriveSharedSecret(decodeBase58(connection.walletEncryptionPublicKey)!, decodeBase58(connection.dappSecretKey)!);

  /** The page the wallet sends the user back to: this page, with the request id. */
  const redirectLink = (requestId: string) => {
    const url = new URL(browser.currentUrl());
    url.hash = '';
    url.searchParams.set(MOBILE_WALLET_REQUEST_PARAM, requestId);
    return url.href;
  };
  const walletUrl = (method: string, params: Record<string, string>) => `${linkBase}v1/${method}?${new URLSearchParams(params).toString()}`;

  const startSigning = (kind: 'signMessage' | 'signTransaction', bytes: Uint8Array) => {
    const connection = requireConnection();
    const request: MobileWalletPendingRequest = { id: randomId(), kind, wallet: wallet.key, createdAt: now(), input: encodeBase58(bytes) };
    const body =
      kind === 'signMessage'
        ? { message: request.input, session: connection.session, display: 'utf8' }
        : { transaction: request.input, session: connection.session };
    const encrypted = encryptPayload(body, sharedSecretOf(connection));
    storage.set(MOBILE_WALLET_PENDING_KEY, request);
    browser.redirect(
      walletUrl(kind, {
        dapp_encryption_public_key: connection.dappPublicKey,
        nonce: encrypted.nonce,
        redirect_link: redirectLink(request.id),
        payload: encrypted.payload,
      }),
    );
  };

  const completeConnect = (request: MobileWalletPendingRequest, walletKey: string | undefined, nonce: string, data: string): MobileWalletResult => {
    if (!isBase58Key(walletKey, 32)) throw tampered("the wallet's encryption public key is missing or malformed");
    if (!request.dappSecretKey || !request.dappPublicKey) throw tampered('the connect request lost its key pair');
    const sharedSecret = deriveSharedSecret(decodeBase58(walletKey)!, decodeBase58(request.dappSecretKey)!);
    const payload = decryptPayload(data, nonce, sharedSecret);
    if (!payload) throw tampered('the data does not decrypt');
    const address = payload['public_key'];
    const session = payload['session'];
    if (!isBase58Key(address, 32) || typeof session !== 'string' || session.length === 0) throw tampered('the data lacks an address or a session');
    const connection: MobileWalletConnection = {
      wallet: wallet.key,
      address,
      session,
      dappPublicKey: request.dappPublicKey,
      dappSecretKey: request.dappSecretKey,
      walletEncryptionPublicKey: walletKey,
      connectedAt: now(),
    };
    storage.set(MOBILE_WALLET_CONNECTION_KEY, connection);
    return { kind: 'connect', address };
  };

  const completeSigning = (request: MobileWalletPendingRequest, nonce: string, data: string): MobileWalletResult => {
    const connection = getConnection();
    if (!connection) throw new LatchkeyError('mobile_wallet_not_connected');
    const payload = decryptPayload(data, nonce, sharedSecretOf(connection));
    if (!payload) throw tampered('the data does not decrypt');
    const inputText = request.input ?? '';
    const input = decodeBase58(inputText);
    if (!input) throw tampered('the request lost what it asked to sign');
    const signer = decodeBase58(connection.address)!;
    if (request.kind === 'signMessage') {
      const signature = typeof payload['signature'] === 'string' ? decodeBase58(payload['signature']) : undefined;
      if (!signature || signature.length !== 64 || !verifyEd25519(signature, input, signer)) {
        throw tampered(`the signature does not verify for ${connection.address}`);
      }
      storage.set(MOBILE_WALLET_RESULT_KEY, { id: request.id, kind: 'signMessage', input: inputText, output: encodeBase58(signature) } satisfies MobileWalletStoredResult);
      return { kind: 'signMessage', message: input, signature };
    }
    const signed = typeof payload['transaction'] === 'string' ? decodeBase58(payload['transaction']) : undefined;
    if (!signed || !isSignedBy(input, signed, signer)) throw tampered(`the transaction is not the one sent, signed by ${connection.address}`);
    storage.set(MOBILE_WALLET_RESULT_KEY, { id: request.id, kind: 'signTransaction', input: inputText, output: encodeBase58(signed) } satisfies MobileWalletStoredResult);
    return { kind: 'signTransaction', transaction: input, signedTransaction: signed };
  };

  return {
    wallet,
    getConnection,
    connect() {
      const keyPair = createEncryptionKeyPair();
      const request: MobileWalletPendingRequest = {
        id: randomId(),
        kind: 'connect',
        wallet: wallet.key,
        createdAt: now(),
        dappPublicKey: encodeBase58(keyPair.publicKey),
        dappSecretKey: encodeBase58(keyPair.secretKey),
      };
      storage.set(MOBILE_WALLET_PENDING_KEY, request);
      browser.redirect(
        walletUrl('connect', {
          app_url: options.appUrl ?? new URL(browser.currentUrl()).origin,
          dapp_encryption_public_key: request.dappPublicKey!,
          redirect_link: redirectLink(request.id),
          ...(options.cluster ? { cluster: options.cluster } : {}),
        }),
      );
    },
    signMessage: (message) => startSigning('signMessage', message),
    signTransaction: (transaction) => startSigning('signTransaction', transaction),
    disconnect() {
      storage.remove(MOBILE_WALLET_CONNECTION_KEY);
      storage.remove(MOBILE_WALLET_PENDING_KEY);
      storage.remove(MOBILE_WALLET_RESULT_KEY);
    },
    cancelRequest() {
      storage.remove(MOBILE_WALLET_PENDING_KEY);
    },
    completeReturn() {
      const returned = readMobileWalletReturn(browser.currentUrl(), wallet.key);
      if (!returned) return undefined;
      // Whatever happens next, the return's parameters leave the address bar (a reload must not replay them).
      browser.replaceUrl(returned.cleanUrl);
      const pending = storage.get(MOBILE_WALLET_PENDING_KEY, mobileWalletPendingParser);
      // Not the request under way (already answered, never sent, another wallet's): nothing is touched.
      if (!pending || pending.id !== returned.requestId || pending.wallet !== wallet.key) throw new LatchkeyError('mobile_wallet_return_replayed');
      // Single use: the request is answered by its first return, valid or not.
      storage.remove(MOBILE_WALLET_PENDING_KEY);
      if (now() - pending.createdAt > (options.maxRequestAgeMs ?? MOBILE_WALLET_REQUEST_MAX_AGE_MS)) throw new LatchkeyError('mobile_wallet_return_expired');
      if (returned.errorCode !== undefined) throw mobileWalletError(returned.errorCode, returned.errorMessage);
      if (!returned.nonce || !returned.data) throw tampered('the nonce or the data is missing');
      return pending.kind === 'connect'
        ? completeConnect(pending, returned.walletEncryptionPublicKey, returned.nonce, returned.data)
        : completeSigning(pending, returned.nonce, returned.data);
    },
    takeResult(kind, input) {
      const stored = storage.get(MOBILE_WALLET_RESULT_KEY, mobileWalletResultParser);
      if (!stored || stored.kind !== kind || stored.input !== encodeBase58(input)) return undefined;
      storage.remove(MOBILE_WALLET_RESULT_KEY);
      return decodeBase58(stored.output);
    },
    browseUrl(url, ref) {
      const target = encodeURIComponent(url);
      if (wallet.inAppBrowser) return wallet.inAppBrowser.replace('{url}', target);
      return `${linkBase}browse/${target}?ref=${encodeURIComponent(ref ?? new URL(url).origin)}`;
    },
  };
}
