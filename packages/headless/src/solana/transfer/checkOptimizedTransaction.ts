import { ComputeBudgetProgram, VersionedTransaction, type VersionedMessage } from '@solana/web3.js';
import { LatchkeyError } from '../../core/errors/LatchkeyError.js';

/** The refusal: `invalid_response` ('The server answered with an unexpected response.'), the reason in `cause`. */
function refuse(reason: string, cause?: unknown): never {
  throw new LatchkeyError('invalid_response', {
    path: 'optimizedTransaction',
    cause: new Error(`The optimized transaction ${reason}; nothing was signed.`, cause === undefined ? undefined : { cause }),
  });
}

function decode(bytes: Uint8Array, what: string): VersionedMessage {
  try {
    return VersionedTransaction.deserialize(bytes).message;
  } catch (error) {
    return refuse(`does not decode (${what})`, error);
  }
}

/**
 * An account of the message by its index, named so two messages can be compared: a static key by its address, one
 * loaded from an address lookup table by the table and the index in it (keys after the static ones are the tables'
 * writable entries, table by table, then their read-only ones).
 */
function accountName(message: VersionedMessage, index: number): string {
  const { staticAccountKeys, addressTableLookups } = message;
  if (index < staticAccountKeys.length) return staticAccountKeys[index]!.toBase58();
  let rest = index - staticAccountKeys.length;
  for (const kind of ['writableIndexes', 'readonlyIndexes'] as const) {
    for (const lookup of addressTableLookups) {
      const entries = lookup[kind];
      if (rest < entries.length) return `${lookup.accountKey.toBase58()}#${entries[rest]}`;
      rest -= entries.length;
    }
  }
  return refuse(`refers to account ${index}, which it does not list`);
}

const account = (message: VersionedMessage, index: number) =>
  `${accountName(message, index)}${message.isAccountSigner(index) ? ':signer' : ''}${message.isAccountWritable(index) ? ':writable' : ''}`;

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

const isComputeBudget = (message: VersionedMessage, programIdIndex: number) => accountName(message, programIdIndex) === ComputeBudgetProgram.programId.toBase58();

/** The message's instructions other than ComputeBudget ones, each as program, accounts (with their flags) and data. */
function instructionsOf(message: VersionedMessage): string[] {
  const instructions: string[] = [];
  for (const instruction of message.compiledInstructions) {
    if (isComputeBudget(message, instruction.programIdIndex)) {
      // ComputeBudget instructions take no accounts: one with accounts is not a compute budget setting.
      if (instruction.accountKeyIndexes.length > 0) refuse('gives a ComputeBudget instruction accounts');
      continue;
    }
    const accounts = instruction.accountKeyIndexes.map((index) => account(message, index));
    instructions.push(`${accountName(message, instruction.programIdIndex)}(${accounts.join(',')})${hex(instruction.data)}`);
  }
  return instructions;
}

const signersOf = (message: VersionedMessage) =>
  Array.from({ length: message.header.numRequiredSignatures }, (_, index) => account(message, index)).join(',');

const lookupsOf = (message: VersionedMessage) =>
  message.addressTableLookups.map((lookup) => `${lookup.accountKey.toBase58()}[${lookup.writableIndexes.join(',')}|${lookup.readonlyIndexes.join(',')}]`).join(';');

/**
 * Checks the product API's optimizeTransaction answer (SPEC §7) against the transaction the kit built and the user is
 * shown, before its fee is looked up and it is signed: the same fee payer, signers, blockhash and address lookup tables,
 * and the same instructions in the same order — program, accounts with their signer and writable flags, data bytes —
 * once ComputeBudget instructions (compute unit limit and price, heap frame, loaded data size) are left aside. Only
 * those may be added, changed or removed (and a v1 message's compute budget settings), so the transfer's recipient,
 * amount and accounts, and with them what it moves out of the payer besides the fee (`lamportsNeeded`), stay the
 * built ones; the fee is the optimized message's. Anything else is `invalid_response` with the reason in `cause`.
 * Returns `optimized` when it passes.
 */
export function checkOptimizedTransaction(built: Uint8Array, optimized: Uint8Array, payer: string): Uint8Array {
  const original = decode(built, 'the built one');
  const answer = decode(optimized, "the product API's answer");
  const feePayer = answer.staticAccountKeys[0]?.toBase58();
  if (feePayer !== payer || feePayer !== original.staticAccountKeys[0]?.toBase58()) refuse(`has another fee payer (${feePayer ?? 'none'} instead of ${payer})`);
  if (answer.recentBlockhash !== original.recentBlockhash) refuse('has another blockhash');
  if (lookupsOf(answer) !== lookupsOf(original)) refuse('loads accounts from address lookup tables the built transaction does not use');
  if (signersOf(answer) !== signersOf(original)) refuse('asks other signers');
  const expected = instructionsOf(original);
  const actual = instructionsOf(answer);
  if (actual.length !== expected.length) refuse(`has ${actual.length} instructions besides ComputeBudget ones instead of ${expected.length}`);
  const changed = actual.findIndex((instruction, index) => instruction !== expected[index]);
  if (changed !== -1) refuse(`changes instruction ${changed + 1} (its program, accounts or data)`);
  return optimized;
}
