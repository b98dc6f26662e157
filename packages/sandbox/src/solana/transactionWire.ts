import {
  address,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type Transaction,
} from '@solana/kit';
import { InvalidTransactionError } from './clusterTypes.js';

/** The base fee of each signature, in lamports (the cluster default). */
export const LAMPORTS_PER_SIGNATURE = 5000n;
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const DEFAULT_COMPUTE_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_COMPUTE_UNITS = 1_400_000n;

const base58 = getBase58Decoder();
type ReadonlyBytes = { readonly buffer: ArrayBufferLike; readonly byteOffset: number; readonly byteLength: number };
const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

function readU32(bytes: ReadonlyBytes, offset: number): bigint {
  return BigInt(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset, true));
}
function readU64(bytes: ReadonlyBytes, offset: number): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(offset, true);
}

function minBigint(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** A base58 address, or `InvalidTransactionError` (the RPC's -32602) naming the bad value. */
export function toAddress(value: string): Address {
  try {
    return address(value);
  } catch (cause) {
    throw new InvalidTransactionError(`Invalid param: ${JSON.stringify(value)} is not a valid public key`, { cause });
  }
}

/** A wire-format transaction, its blockhash and its first signature (base58), or `InvalidTransactionError`. */
export function decodeTransaction(wire: Uint8Array): { transaction: Transaction; blockhash: string; signature: string } {
  try {
    const transaction = transactionDecoder.decode(wire);
    const message = messageDecoder.decode(transaction.messageBytes);
    const slots = Object.values(transaction.signatures);
    if (slots.length === 0) throw new Error('no signature slot');
    // An unsigned fee payer slot (a transaction to simulate) reads as the all-zero signature, as the RPC shows it.
    const first = slots[0] ?? new Uint8Array(64);
    return { transaction, blockhash: message.lifetimeToken, signature: base58.decode(first) };
  } catch (cause) {
    if (cause instanceof InvalidTransactionError) throw cause;
    throw new InvalidTransactionError('invalid transaction: failed to deserialize the transaction', { cause });
  }
}

/**
 * The blockhash of a compiled message and its fee: the base fee per signature plus the compute-unit price it asks
 * for (its compute-unit limit, or 200k units per other instruction up to 1.4M). `InvalidTransactionError` when the
 * bytes are not a compiled message.
 */
export function messageFee(messageBytes: Uint8Array): { blockhash: string; fee: bigint } {
  let message: ReturnType<typeof messageDecoder.decode>;
  try {
    message = messageDecoder.decode(messageBytes);
  } catch (cause) {
    throw new InvalidTransactionError('invalid message: the bytes are not a compiled transaction message', { cause });
  }
  let unitLimit: bigint | undefined;
  let microLamportsPerUnit = 0n;
  let otherInstructions = 0n;
  const instructions = 'instructions' in message ? message.instructions : [];
  for (const instruction of instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex];
    const data = instruction.data ?? new Uint8Array();
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 2 && data.length >= 5) unitLimit = readU32(data, 1);
    else if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 3 && data.length >= 9) microLamportsPerUnit = readU64(data, 1);
    else if (program !== COMPUTE_BUDGET_PROGRAM) otherInstructions += 1n;
  }
  const units = unitLimit ?? minBigint(otherInstructions * DEFAULT_COMPUTE_UNITS_PER_INSTRUCTION, MAX_COMPUTE_UNITS);
  const priorityFee = (microLamportsPerUnit * units + 999_999n) / 1_000_000n;
  return { blockhash: message.lifetimeToken, fee: BigInt(message.header.numSignerAccounts) * LAMPORTS_PER_SIGNATURE + priorityFee };
}
