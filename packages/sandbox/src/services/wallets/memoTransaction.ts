import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import { STRICT_ED25519 } from './strictEd25519.js';

/** The SPL Memo program (v2 and v1): a hardware wallet "signs a message" as a transaction carrying a memo. */
export const MEMO_PROGRAM_IDS = ['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'] as const;

class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.offset >= this.bytes.length) throw new Error('truncated');
    return this.bytes[this.offset++]!;
  }
  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new Error('truncated');
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
  /** Solana's compact-u16 (1 to 3 bytes). */
  shortVec(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.byte();
      value |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('bad length');
  }
}

export interface MemoTransaction {
  /** The fee payer, whose signature is first. */
  feePayer: string;
  memos: string[];
  /** True when the fee payer's signature over the message bytes verifies. */
  signedByFeePayer: boolean;
}

/** Reads a serialized legacy transaction (signatures + message); undefined when the bytes are not one. */
export function readMemoTransaction(bytes: Uint8Array): MemoTransaction | undefined {
  try {
    const reader = new Reader(bytes);
    const signatureCount = reader.shortVec();
    if (signatureCount < 1 || signatureCount > 16) return undefined;
    const signatures: Uint8Array[] = [];
    for (let index = 0; index < signatureCount; index += 1) signatures.push(reader.take(64));
    const messageStart = reader.offset;
    const requiredSignatures = reader.byte();
    if (requiredSignatures & 0x80) return undefined; // versioned messages are not used for sign-in
    reader.byte();
    reader.byte();
    const accountCount = reader.shortVec();
    const accounts: Uint8Array[] = [];
    for (let index = 0; index < accountCount; index += 1) accounts.push(reader.take(32));
    reader.take(32); // recent blockhash
    const instructionCount = reader.shortVec();
    const memos: string[] = [];
    for (let index = 0; index < instructionCount; index += 1) {
      const programIndex = reader.byte();
      const accountIndexes = reader.shortVec();
      reader.take(accountIndexes);
      const data = reader.take(reader.shortVec());
      const program = accounts[programIndex];
      if (program && (MEMO_PROGRAM_IDS as readonly string[]).includes(bs58.encode(program))) memos.push(new TextDecoder('utf-8', { fatal: true }).decode(data));
    }
    if (reader.offset !== bytes.length || accounts.length === 0 || requiredSignatures !== signatureCount) return undefined;
    const message = bytes.subarray(messageStart);
    const feePayer = accounts[0]!;
    return { feePayer: bs58.encode(feePayer), memos, signedByFeePayer: ed25519.verify(signatures[0]!, message, feePayer, STRICT_ED25519) };
  } catch {
    return undefined;
  }
}
