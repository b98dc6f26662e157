import { randomBytes } from 'node:crypto';
import { isLoopbackHost, type ProjectSettings, type VerifyRequest } from '@latchkey/protocol';
import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import type { SandboxContext } from '../../context.js';
import { ApiError } from '../../errors/ApiError.js';
import { readMemoTransaction } from './memoTransaction.js';
import { parseSiwsMessage } from './siwsMessage.js';
import { storeOneTimeState } from '../retention/sweepExpired.js';
import { STRICT_ED25519 } from './strictEd25519.js';

/** A nonce from GET /nonce is good for this long, and for one verification. */
export const WALLET_NONCE_TTL_MS = 10 * 60_000;
/** How far the message's `Issued At` may be from the server's clock. */
export const ISSUED_AT_SKEW_MS = 10 * 60_000;

export const walletMessages = {
  malformedMessage: (reason: string) => `The message to sign is not a Sign-In-With-Solana message. ${reason}`,
  invalidNonce: 'The nonce is invalid, expired or already used.',
  domainNotAllowed: (domain: string) => `The domain ${domain} is not allowed for this project.`,
  uriMismatch: 'The message URI must be on the message domain.',
  version: 'The message version must be 1.',
  addressMismatch: 'The message is not for this wallet address.',
  issuedAt: 'The message Issued At time is missing, malformed or too far from now.',
  expired: 'The message has expired.',
  notYetValid: 'The message is not valid yet.',
  otherChain: (chainId: string) => `The message is for another chain (${chainId}): this sandbox's cluster is localnet.`,
  badSignature: 'The signature does not match the message and the wallet address.',
  /** SPEC §8's wording, for a memo transaction whose one memo is not the whole message (a bare nonce included). */
  nonceMissing: 'Nonce missing',
} as const;

/** The Chain ID a Sign-In-With-Solana message may name here: the sandbox's cluster, bare or as a wallet-standard chain. */
const SANDBOX_CHAIN_IDS = new Set(['localnet', 'solana:localnet']);

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** GET /nonce: a fresh single-use nonce (32 letters and digits) that expires after `WALLET_NONCE_TTL_MS`. */
export async function createWalletNonce(ctx: SandboxContext): Promise<{ nonce: string }> {
  const bytes = randomBytes(32);
  const nonce = Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
  const now = ctx.now();
  await storeOneTimeState(
    ctx,
    'wallet_nonces',
    (q) =>
      q.query('INSERT INTO wallet_nonces (nonce, environment_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        nonce,
        ctx.environmentId,
        now.toISOString(),
        new Date(now.getTime() + WALLET_NONCE_TTL_MS).toISOString(),
      ]),
    { anonymous: true },
  );
  return { nonce };
}

/** Marks the nonce used; true when it was pending and unexpired. Committed at once: a nonce dies on its first use. */
async function consumeNonce(ctx: SandboxContext, nonce: string): Promise<boolean> {
  const now = ctx.now().toISOString();
  const rows = await ctx.db.query<{ expires_at: Date }>(
    `UPDATE wallet_nonces SET used_at = $3 WHERE environment_id = $1 AND nonce = $2 AND used_at IS NULL RETURNING expires_at`,
    [ctx.environmentId, nonce, now],
  );
  const row = rows[0];
  return row !== undefined && row.expires_at.getTime() > ctx.now().getTime();
}

function isAllowedDomain(settings: ProjectSettings, domain: string): boolean {
  let hostname: string;
  try {
    const url = new URL(`http://${domain}`);
    if (url.host !== domain.toLowerCase()) return false;
    hostname = url.hostname;
  } catch {
    return false;
  }
  return isLoopbackHost(hostname) || (settings.security.allowedDomains ?? []).includes(hostname);
}

function decodeBase58(value: string): Uint8Array | undefined {
  try {
    return bs58.decode(value);
  } catch {
    return undefined;
  }
}

export interface VerifiedWallet {
  address: string;
  chain: VerifyRequest['chain'];
  walletName: string;
  walletProvider: string;
  /** Set when the wallet signed a memo transaction instead of the message (SPEC §5). */
  hardwareWallet: 'ledger' | undefined;
}

const bad = (message: string, path?: string) => new ApiError(400, 'invalid_verification', message, path);

/**
 * The checks of a Verify request (SPEC §3) before anything is stored: a Sign-In-With-Solana message on an allowed
 * domain, for `publicWalletAddress`, whose nonce is consumed here — by its first use, valid or not — and whose
 * `signedMessage` is the base58 ed25519 signature of the UTF-8 message by the address. A hardware wallet instead
 * sends a base58 serialized transaction signed by the address whose one memo is the whole message, byte for byte (as
 * the kit's createMemoTransaction builds it). A memo of the nonce alone is refused: anyone can fetch a nonce, so a
 * Ledger that signed one on another site has agreed to no domain, and the checks above would read unsigned text.
 */
export async function verifyWalletSignature(ctx: SandboxContext, settings: ProjectSettings, input: VerifyRequest): Promise<VerifiedWallet> {
  if (input.chain !== 'SOL') throw new ApiError(400, 'invalid_chain_address_match', 'Only Solana wallets sign in on this project.', 'chain');
  const parsed = parseSiwsMessage(input.messageToSign);
  if (!parsed.ok) throw bad(walletMessages.malformedMessage(parsed.reason), 'messageToSign');
  const message = parsed.message;
  if (!(await consumeNonce(ctx, message.nonce))) throw bad(walletMessages.invalidNonce, 'messageToSign');

  if (!isAllowedDomain(settings, message.domain)) throw bad(walletMessages.domainNotAllowed(message.domain), 'messageToSign');
  let uriHost: string | undefined;
  try {
    uriHost = new URL(message.uri).host;
  } catch {
    uriHost = undefined;
  }
  if (uriHost !== message.domain.toLowerCase()) throw bad(walletMessages.uriMismatch, 'messageToSign');
  if (message.version !== '1') throw bad(walletMessages.version, 'messageToSign');
  // A message bound to a chain is bound to this one: the sandbox runs one local cluster (the kit names none).
  if (message.chainId !== undefined && !SANDBOX_CHAIN_IDS.has(message.chainId)) throw bad(walletMessages.otherChain(message.chainId), 'messageToSign');
  if (message.address !== input.publicWalletAddress) throw bad(walletMessages.addressMismatch, 'publicWalletAddress');
  const now = ctx.now().getTime();
  const issuedAt = Date.parse(message.issuedAt);
  if (Number.isNaN(issuedAt) || Math.abs(issuedAt - now) > ISSUED_AT_SKEW_MS) throw bad(walletMessages.issuedAt, 'messageToSign');
  if (message.expirationTime !== undefined && !(Date.parse(message.expirationTime) > now)) throw bad(walletMessages.expired, 'messageToSign');
  if (message.notBefore !== undefined && !(Date.parse(message.notBefore) <= now)) throw bad(walletMessages.notYetValid, 'messageToSign');

  const publicKey = decodeBase58(input.publicWalletAddress);
  const signed = decodeBase58(input.signedMessage);
  if (!publicKey || publicKey.length !== 32 || !signed) throw bad(walletMessages.badSignature, 'signedMessage');
  let hardwareWallet: 'ledger' | undefined;
  if (signed.length === 64) {
    let valid = false;
    try {
      valid = ed25519.verify(signed, new TextEncoder().encode(input.messageToSign), publicKey, STRICT_ED25519);
    } catch {
      valid = false;
    }
    if (!valid) throw bad(walletMessages.badSignature, 'signedMessage');
  } else {
    const transaction = readMemoTransaction(signed);
    if (!transaction || transaction.feePayer !== input.publicWalletAddress || !transaction.signedByFeePayer) throw bad(walletMessages.badSignature, 'signedMessage');
    if (transaction.memos.length !== 1 || transaction.memos[0] !== input.messageToSign) throw bad(walletMessages.nonceMissing, 'signedMessage');
    hardwareWallet = 'ledger';
  }
  return { address: input.publicWalletAddress, chain: input.chain, walletName: input.walletName, walletProvider: input.walletProvider, hardwareWallet };
}
