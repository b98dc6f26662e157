import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { ApiError } from '../../errors/ApiError.js';
import { isLoopbackOrigin } from '../../net/loopbackOrigin.js';

/** The wallet key the simulator answers as: its return carries `simulator_encryption_public_key`. */
export const SIMULATOR_WALLET_KEY = 'simulator';
const NONCE_BYTES = 24;
/** What a session's MAC covers before its claims: nothing else the simulator authenticates starts so. */
const SESSION_DOMAIN = 'latchkey-mobile-wallet-simulator/session/v1\n';
const SESSION_MAC_BYTES = 32;

export type SimulatorMethod = 'connect' | 'signMessage' | 'signTransaction';

/** What the approve/reject page shows. */
export interface SimulatorRequest {
  method: SimulatorMethod;
  appUrl: string | undefined;
  redirectLink: string;
  /** signMessage, signTransaction: the account the connection was made with (the one that signs). */
  account?: string;
  /** signMessage: the message as UTF-8 text (or hex when not text). */
  messageText?: string;
  /** signTransaction: the transaction's size in bytes. */
  transactionBytes?: number;
}

export interface MobileWalletSimulator {
  /** The wallet key it answers as: its connect return carries `{walletKey}_encryption_public_key`. */
  readonly walletKey: string;
  /** The wallet's first account: its ed25519 public key (the wallet address), base58. */
  readonly address: string;
  /** The x25519 box public key, base58. */
  readonly encryptionPublicKey: string;
  /** Every account the wallet holds, the first one first. */
  accounts(): string[];
  /**
   * A new account (a fresh ed25519 keypair), as a wallet user adds one: the connect page then offers it. Tests that
   * need an address no other test has signed in with take one. At most MAX_ACCOUNTS per wallet.
   */
  addAccount(): string;
  /** Checks and decrypts a request (its query); throws ApiError 400 with the reason when it is not a valid one. */
  describe(method: string, query: URLSearchParams): SimulatorRequest;
  /**
   * The URL the user goes back to after approving (encrypted `data` + `nonce`) or rejecting (`errorCode=4001`). A
   * connect is approved with `account` (default the first); a signature is always made by the connection's account.
   */
  respond(method: string, query: URLSearchParams, decision: 'approve' | 'reject', account?: string): string;
}

/** How many accounts one simulated wallet may hold (its first included). */
export const MAX_ACCOUNTS = 50;

const bad = (message: string, path?: string) => new ApiError(400, 'invalid_request', message, path);

function decodeKey(value: string | null, name: string, length: number): Uint8Array {
  let bytes: Uint8Array | undefined;
  try {
    bytes = value ? bs58.decode(value) : undefined;
  } catch {
    bytes = undefined;
  }
  if (!bytes || bytes.length !== length) throw bad(`${name} must be ${length} base58-encoded bytes.`, name);
  return bytes;
}

/** A base58 field of a request, or a 400 naming it (`path`). */
function base58Field(value: string, what: string, path: string): Uint8Array {
  try {
    return bs58.decode(value);
  } catch {
    throw bad(`${what} must be base58.`, path);
  }
}

function signMessageBytes(body: Record<string, unknown>): Uint8Array {
  if (typeof body['message'] !== 'string') throw bad('The payload has no message.', 'payload');
  return base58Field(body['message'], 'The message', 'message');
}

function transactionBytes(body: Record<string, unknown>): Uint8Array {
  if (typeof body['transaction'] !== 'string') throw bad('The payload has no transaction.', 'payload');
  return base58Field(body['transaction'], 'The transaction', 'transaction');
}

/** The decrypted payload: a JSON object, or a 400 (a dapp can seal anything to the wallet's public key). */
function payloadObject(bytes: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('The payload is not a JSON object.', 'payload');
  return value as Record<string, unknown>;
}

/**
 * The wallet's side of the deep-link protocol with a real ed25519 keypair (signatures) and a real x25519 box key
 * (encryption), made fresh per sandbox. The session handed to the dapp on connect is authenticated by the wallet and
 * bound to the dapp's encryption key, so a later request with another key, or a forged session, is refused. It is
 * authenticated with a secret of its own (HMAC-SHA256 over a domain prefix and the claims), never an account's key:
 * that key signs whatever message a dapp asks, so a dapp could have it sign claims for an account never connected.
 */
export function createMobileWalletSimulator(walletKey: string = SIMULATOR_WALLET_KEY): MobileWalletSimulator {
  const first = nacl.sign.keyPair();
  const box = nacl.box.keyPair();
  const address = bs58.encode(first.publicKey);
  const sessionSecret = randomBytes(32);
  const sessionMac = (claims: Uint8Array) => new Uint8Array(createHmac('sha256', sessionSecret).update(SESSION_DOMAIN).update(claims).digest());
  // The wallet's accounts by address.
  const accounts = new Map<string, nacl.SignKeyPair>([[address, first]]);
  const accountOf = (account: string | undefined): nacl.SignKeyPair => {
    const keys = accounts.get(account ?? address);
    if (!keys) throw bad('This wallet has no such account.', 'account');
    return keys;
  };

  const checkRedirect = (query: URLSearchParams): URL => {
    const link = query.get('redirect_link');
    let url: URL | undefined;
    try {
      url = link ? new URL(link) : undefined;
    } catch {
      url = undefined;
    }
    // Only back to a loopback app: the simulator never sends keys or signatures anywhere else.
    if (!url || !isLoopbackOrigin(url.origin)) throw bad('redirect_link must be an http URL on a loopback host.', 'redirect_link');
    return url;
  };

  const sharedSecretWith = (query: URLSearchParams) => nacl.box.before(decodeKey(query.get('dapp_encryption_public_key'), 'dapp_encryption_public_key', 32), box.secretKey);

  /** The request's payload, decrypted, with the account its session was made for. */
  const openPayload = (query: URLSearchParams): Record<string, unknown> & { account: string } => {
    const nonce = decodeKey(query.get('nonce'), 'nonce', NONCE_BYTES);
    const sealed = base58Field(query.get('payload') ?? '', 'payload', 'payload');
    const opened = nacl.box.open.after(sealed, nonce, sharedSecretWith(query));
    if (!opened) throw bad('The payload does not decrypt with this dapp key.', 'payload');
    const body = payloadObject(opened);
    return { ...body, account: checkSession(body['session'], query.get('dapp_encryption_public_key')!) };
  };

  const makeSession = (dappKey: string, appUrl: string | undefined, account: string): string => {
    const claims = new TextEncoder().encode(JSON.stringify({ dappKey, appUrl, account, issuedAt: Date.now() }));
    return bs58.encode(new Uint8Array([...sessionMac(claims), ...claims]));
  };

  /** Checks the session the dapp sent back (issued here, for this dapp key); returns the account it connected. */
  const checkSession = (session: unknown, dappKey: string): string => {
    if (typeof session !== 'string') throw bad('The payload has no session.', 'session');
    const bytes = base58Field(session, 'The session', 'session');
    if (bytes.length <= SESSION_MAC_BYTES) throw bad('The session was not issued by this wallet.', 'session');
    const claims = bytes.slice(SESSION_MAC_BYTES);
    if (!timingSafeEqual(bytes.slice(0, SESSION_MAC_BYTES), sessionMac(claims))) throw bad('The session was not issued by this wallet.', 'session');
    let parsed: { dappKey?: unknown; account?: unknown } | undefined;
    try {
      parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(claims)) as typeof parsed;
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null) throw bad('The session was not issued by this wallet.', 'session');
    if (parsed.dappKey !== dappKey) throw bad('The session belongs to another dapp key.', 'session');
    if (parsed.account !== undefined && typeof parsed.account !== 'string') throw bad('The session was not issued by this wallet.', 'session');
    const account = parsed.account ?? address;
    accountOf(account);
    return account;
  };

  const checkMethod = (method: string): SimulatorMethod => {
    if (method === 'connect' || method === 'signMessage' || method === 'signTransaction') return method;
    throw new ApiError(404, 'not_found', `Unknown wallet method "${method}".`);
  };

  const describe = (rawMethod: string, query: URLSearchParams): SimulatorRequest => {
    const method = checkMethod(rawMethod);
    const redirectLink = checkRedirect(query).href;
    const appUrl = query.get('app_url') ?? undefined;
    if (method === 'connect') {
      decodeKey(query.get('dapp_encryption_public_key'), 'dapp_encryption_public_key', 32);
      return { method, appUrl, redirectLink };
    }
    const body = openPayload(query);
    if (method === 'signMessage') {
      const message = signMessageBytes(body);
      let messageText: string;
      try {
        messageText = new TextDecoder('utf-8', { fatal: true }).decode(message);
      } catch {
        messageText = Buffer.from(message).toString('hex');
      }
      return { method, appUrl, redirectLink, account: body.account, messageText };
    }
    return { method, appUrl, redirectLink, account: body.account, transactionBytes: transactionBytes(body).length };
  };

  const seal = (query: URLSearchParams, value: unknown) => {
    const nonce = nacl.randomBytes(NONCE_BYTES);
    const data = nacl.box.after(new TextEncoder().encode(JSON.stringify(value)), nonce, sharedSecretWith(query));
    return { nonce: bs58.encode(nonce), data: bs58.encode(data) };
  };

  return {
    walletKey,
    address,
    encryptionPublicKey: bs58.encode(box.publicKey),
    accounts: () => [...accounts.keys()],
    addAccount() {
      if (accounts.size >= MAX_ACCOUNTS) throw new ApiError(400, 'invalid_request', `This wallet holds ${MAX_ACCOUNTS} accounts already.`, 'account');
      const keys = nacl.sign.keyPair();
      const added = bs58.encode(keys.publicKey);
      accounts.set(added, keys);
      return added;
    },
    describe,
    respond(rawMethod, query, decision, account) {
      const request = describe(rawMethod, query);
      const back = new URL(request.redirectLink);
      if (decision === 'reject') {
        back.searchParams.set('errorCode', '4001');
        back.searchParams.set('errorMessage', 'User rejected the request.');
        return back.href;
      }
      if (request.method === 'connect') {
        const chosen = account ?? address;
        accountOf(chosen);
        const sealed = seal(query, { public_key: chosen, session: makeSession(query.get('dapp_encryption_public_key')!, request.appUrl, chosen) });
        back.searchParams.set(`${walletKey}_encryption_public_key`, bs58.encode(box.publicKey));
        back.searchParams.set('nonce', sealed.nonce);
        back.searchParams.set('data', sealed.data);
        return back.href;
      }
      const body = openPayload(query);
      const signing = accountOf(body.account);
      if (request.method === 'signMessage') {
        const sealed = seal(query, { signature: bs58.encode(nacl.sign.detached(signMessageBytes(body), signing.secretKey)) });
        back.searchParams.set('nonce', sealed.nonce);
        back.searchParams.set('data', sealed.data);
        return back.href;
      }
      const sealed = seal(query, { transaction: bs58.encode(signTransaction(transactionBytes(body), signing)) });
      back.searchParams.set('nonce', sealed.nonce);
      back.searchParams.set('data', sealed.data);
      return back.href;
    },
  };
}

function readCompactU16(bytes: Uint8Array, offset: number): { value: number; next: number } {
  let value = 0;
  for (let index = 0; index < 3; index += 1) {
    const byte = bytes[offset + index];
    if (byte === undefined) break;
    value |= (byte & 0x7f) << (7 * index);
    if ((byte & 0x80) === 0) return { value, next: offset + index + 1 };
  }
  throw bad('The transaction is malformed.', 'transaction');
}

/** Puts the wallet's ed25519 signature of the message into its slot of a serialized (legacy or v0) transaction. */
function signTransaction(transaction: Uint8Array, signing: nacl.SignKeyPair): Uint8Array {
  const count = readCompactU16(transaction, 0);
  const messageStart = count.next + count.value * 64;
  const message = transaction.slice(messageStart);
  if (message.length === 0) throw bad('The transaction is malformed.', 'transaction');
  const headerAt = (message[0]! & 0x80) !== 0 ? 1 : 0;
  const required = message[headerAt] ?? 0;
  const keys = readCompactU16(message, headerAt + 3);
  let slot = -1;
  for (let index = 0; index < Math.min(required, keys.value); index += 1) {
    const key = message.slice(keys.next + index * 32, keys.next + (index + 1) * 32);
    if (key.every((byte, at) => byte === signing.publicKey[at])) slot = index;
  }
  if (slot === -1 || slot >= count.value) throw bad('This wallet is not a signer of the transaction.', 'transaction');
  const signed = transaction.slice();
  signed.set(nacl.sign.detached(message, signing.secretKey), count.next + slot * 64);
  return signed;
}
