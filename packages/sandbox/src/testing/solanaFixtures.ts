import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToCheckedInstruction,
  getAssociatedTokenAddressSync,
  getMinimumBalanceForRentExemptMint,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, type Signer, type TransactionSignature } from '@solana/web3.js';
import { MAX_AIRDROP_LAMPORTS } from '../solana/localCluster.js';
import { tokenDescriptionFieldsSchema } from '../solana/tokenRegistry.js';

/**
 * Node-side fixtures for tests that need funded wallets and SPL tokens on the sandbox's local cluster (the e2e setup,
 * the kit's own sandbox tests). They talk to the cluster only through its JSON-RPC URL (`solanaRpcUrl` of
 * GET /sandbox/info), with the unmodified `@solana/web3.js` Connection and `@solana/spl-token` instructions, exactly
 * as they would talk to any cluster that grants airdrops. Confirmation is polled over HTTP (getSignatureStatuses), so
 * no websocket URL is needed.
 */

/** How long a fixture waits for its transaction to reach `confirmed`. */
export const FIXTURE_CONFIRM_TIMEOUT_MS = 30_000;
const POLL_MS = 100;
const MAX_U64 = 2n ** 64n - 1n;
/** What the mint's payer is given: rent for the mint and one token account, plus fees, with room to spare. */
const PAYER_LAMPORTS = LAMPORTS_PER_SOL / 10;

function publicKeyOf(value: string, name: string): PublicKey {
  const problem = new TypeError(`${name} must be a base58 Solana address, got ${JSON.stringify(value)}`);
  if (typeof value !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) throw problem;
  try {
    const key = new PublicKey(value);
    if (key.toBase58() === value) return key;
  } catch {
    // not 32 bytes
  }
  throw problem;
}

function wholeAmount(value: number | bigint, name: string, max: bigint): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number, got ${value}`);
  if (typeof value !== 'number' && typeof value !== 'bigint') throw new TypeError(`${name} must be a number or a bigint`);
  const amount = BigInt(value);
  if (amount <= 0n || amount > max) throw new RangeError(`${name} must be between 1 and ${max}, got ${amount}`);
  return amount;
}

function connectionTo(rpcUrl: string): Connection {
  try {
    new URL(rpcUrl);
  } catch (cause) {
    throw new TypeError(`rpcUrl must be a URL, got ${JSON.stringify(rpcUrl)}`, { cause });
  }
  return new Connection(rpcUrl, 'confirmed');
}

/** Waits until `signature` is confirmed; throws with the program error when it landed failed, or on timeout. */
async function confirmed(connection: Connection, signature: TransactionSignature): Promise<void> {
  const deadline = Date.now() + FIXTURE_CONFIRM_TIMEOUT_MS;
  for (;;) {
    const { value } = await connection.getSignatureStatuses([signature]);
    const status = value[0];
    if (status?.err) throw new Error(`Transaction ${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    if (Date.now() > deadline) throw new Error(`Transaction ${signature} was not confirmed within ${FIXTURE_CONFIRM_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Waits until `signature` is `confirmed` on the cluster at `rpcUrl`, polling getSignatureStatuses (bounded by
 * FIXTURE_CONFIRM_TIMEOUT_MS); throws with the program error when it landed failed. Unlike web3.js's
 * `confirmTransaction`, a missed websocket notification cannot leave it waiting for the blockhash to expire.
 */
export function confirmSignature(rpcUrl: string, signature: TransactionSignature): Promise<void> {
  return confirmed(connectionTo(rpcUrl), signature);
}

async function airdropTo(connection: Connection, address: PublicKey, lamports: bigint): Promise<TransactionSignature> {
  const signature = await connection.requestAirdrop(address, Number(lamports));
  await confirmed(connection, signature);
  return signature;
}

/**
 * Funds `address` with `lamports` (1 to 1e12, the cluster's airdrop limit) through the cluster's `requestAirdrop`
 * and waits for `confirmed`. Resolves to the airdrop's signature.
 */
export async function airdrop(rpcUrl: string, address: string, lamports: number | bigint): Promise<TransactionSignature> {
  const connection = connectionTo(rpcUrl);
  return airdropTo(connection, publicKeyOf(address, 'address'), wholeAmount(lamports, 'lamports', MAX_AIRDROP_LAMPORTS));
}

export interface MintTokenToParameters {
  /** The wallet that receives the tokens (in its associated token account, created here). */
  owner: string;
  /** In base units (`amount` / 10^decimals tokens). */
  amount: number | bigint;
  /** The new mint's decimals, 0 to 255 (SPL's u8); 6 is common, 9 is SOL's. */
  decimals: number;
  /**
   * Registers the new token in the sandbox's token registry (PUT /sandbox/admin/tokens) once it is minted, so the
   * balances route describes and prices it. `name` and `symbol` are then required, `sandboxUrl` is the sandbox's
   * origin (`url` of the sandbox, e.g. `http://127.0.0.1:4010`); `logoURI` (https, or http on loopback) and
   * `usdPrice` (per whole token) are optional. Without any of these the token is minted only.
   */
  name?: string;
  symbol?: string;
  logoURI?: string;
  usdPrice?: number;
  sandboxUrl?: string;
}

export interface MintTokenToResult {
  /** The new mint's address. */
  mint: string;
  /** The owner's associated token account holding `amount`. */
  tokenAccount: string;
  /** The mint authority: a fresh keypair funded by airdrop, kept so a test can mint more (`mintTo` from spl-token). */
  mintAuthority: Keypair;
  /** The signature of the transaction that created the mint and minted. */
  signature: TransactionSignature;
}

interface Registration {
  sandboxUrl: string;
  fields: { name: string; symbol: string; logoURI?: string | undefined; usdPrice?: number | undefined };
}

/** The registry part of `mintTokenTo`'s parameters, checked before anything is minted; undefined when none is given. */
function registrationOf(parameters: MintTokenToParameters): Registration | undefined {
  const { name, symbol, logoURI, usdPrice, sandboxUrl } = parameters;
  if ([name, symbol, logoURI, usdPrice, sandboxUrl].every((value) => value === undefined)) return undefined;
  if (typeof sandboxUrl !== 'string') throw new TypeError('sandboxUrl is required to register the token (name, symbol, logoURI, usdPrice)');
  try {
    new URL(sandboxUrl);
  } catch (cause) {
    throw new TypeError(`sandboxUrl must be a URL, got ${JSON.stringify(sandboxUrl)}`, { cause });
  }
  const parsed = tokenDescriptionFieldsSchema.safeParse({ name, symbol, logoURI, usdPrice, decimals: parameters.decimals });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TypeError(`${issue?.path.join('.') || 'description'} ${issue?.message ?? 'is invalid'}`);
  }
  return { sandboxUrl: sandboxUrl.replace(/\/+$/, ''), fields: { name: parsed.data.name, symbol: parsed.data.symbol, logoURI: parsed.data.logoURI, usdPrice: parsed.data.usdPrice } };
}

async function register(registration: Registration, address: string, decimals: number): Promise<void> {
  const response = await fetch(`${registration.sandboxUrl}/sandbox/admin/tokens`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, decimals, ...registration.fields }),
  });
  if (!response.ok) {
    const text = await response.text();
    throw new Error(`Registering token ${address} failed with ${response.status}: ${text}`);
  }
}

/**
 * Creates a new SPL token (classic Token program) and mints `amount` of it to `owner`'s associated token account,
 * in one transaction paid by a fresh keypair that is funded by airdrop first. Resolves once it is `confirmed` (and,
 * with `name`/`symbol`/`sandboxUrl`, once the token is registered with the sandbox). Bad parameters throw before
 * anything is sent.
 */
export async function mintTokenTo(rpcUrl: string, parameters: MintTokenToParameters): Promise<MintTokenToResult> {
  const { owner, amount, decimals } = parameters;
  const connection = connectionTo(rpcUrl);
  const ownerKey = publicKeyOf(owner, 'owner');
  const units = wholeAmount(amount, 'amount', MAX_U64);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) throw new RangeError(`decimals must be a whole number from 0 to 255, got ${decimals}`);
  const registration = registrationOf(parameters);

  const payer = Keypair.generate();
  const mint = Keypair.generate();
  await airdropTo(connection, payer.publicKey, BigInt(PAYER_LAMPORTS));
  const tokenAccount = getAssociatedTokenAddressSync(mint.publicKey, ownerKey, true, TOKEN_PROGRAM_ID);
  const [rent, latest] = await Promise.all([getMinimumBalanceForRentExemptMint(connection, 'confirmed'), connection.getLatestBlockhash('confirmed')]);
  const transaction = new Transaction({ feePayer: payer.publicKey, ...latest }).add(
    SystemProgram.createAccount({ fromPubkey: payer.publicKey, newAccountPubkey: mint.publicKey, space: MINT_SIZE, lamports: rent, programId: TOKEN_PROGRAM_ID }),
    createInitializeMint2Instruction(mint.publicKey, decimals, payer.publicKey, null, TOKEN_PROGRAM_ID),
    createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, tokenAccount, ownerKey, mint.publicKey, TOKEN_PROGRAM_ID),
    createMintToCheckedInstruction(mint.publicKey, tokenAccount, payer.publicKey, units, decimals, [], TOKEN_PROGRAM_ID),
  );
  const signers: Signer[] = [payer, mint];
  transaction.sign(...signers);
  const signature = await connection.sendRawTransaction(transaction.serialize(), { preflightCommitment: 'confirmed' });
  await confirmed(connection, signature);
  if (registration) await register(registration, mint.publicKey.toBase58(), decimals);
  return { mint: mint.publicKey.toBase58(), tokenAccount: tokenAccount.toBase58(), mintAuthority: payer, signature };
}
