import { base58 } from '@scure/base';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { nonceOfMessage } from './createSiwsMessage.js';

/** The SPL Memo program. */
export const MEMO_PROGRAM_ID = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/**
 * The longest sign-in message a memo carries, in UTF-8 bytes: the Memo program's documented ceiling for one memo
 * (566 single-byte characters, its "Compute Limits" notes). The transaction is then at most 566 + 171 = 737 bytes,
 * well under Solana's 1232-byte packet. The kit's messages measure 248 bytes (`localhost:5173`, default statement)
 * to 444 (a 46-character domain, its https URI and a 156-character statement).
 */
export const MEMO_MAX_BYTES = 566;

function shortVec(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  for (let index = 0; index < 3; index += 1) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
  throw new RangeError('length too large');
}

/**
 * The unsigned legacy transaction a hardware wallet signs instead of a message (SPEC §5): fee payer `address`, one
 * memo instruction (signed by the payer) whose text is the whole Sign-In-With-Solana `message`, byte for byte. The
 * server accepts exactly that memo, so the signature covers the domain, URI and times the user agreed to; a memo of
 * the nonce alone (anyone can fetch one) would let another site relay a Ledger's signature. The nonce is still taken
 * from the message text: 'Nonce missing' without one. A message over `MEMO_MAX_BYTES` is 'Failed to sign message'.
 * It never goes to a cluster: the recent blockhash is zero bytes.
 */
export function createMemoTransaction(address: string, message: string): Uint8Array {
  if (!nonceOfMessage(message)) throw new LatchkeyError('nonce_missing');
  const payer = base58.decode(address);
  if (payer.length !== 32) throw new LatchkeyError('address_missing');
  const data = new TextEncoder().encode(message);
  if (data.length > MEMO_MAX_BYTES) {
    throw new LatchkeyError('failed_to_sign_message', { cause: new RangeError(`The sign-in message is ${data.length} bytes; a memo carries at most ${MEMO_MAX_BYTES}: shorten the statement.`) });
  }
  const body = [1, 0, 1, ...shortVec(2), ...payer, ...base58.decode(MEMO_PROGRAM_ID), ...new Uint8Array(32), ...shortVec(1), 1, ...shortVec(1), 0, ...shortVec(data.length), ...data];
  return Uint8Array.from([...shortVec(1), ...new Uint8Array(64), ...body]);
}
