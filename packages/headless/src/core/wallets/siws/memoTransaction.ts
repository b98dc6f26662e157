import { base58 } from '@scure/base';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { nonceOfMessage } from './createSiwsMessage.js';

/** The SPL Memo program. */
export const MEMO_PROGRAM_ID = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

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
 * memo instruction carrying the nonce taken from the message text ('Nonce missing' without one). It never goes to a
 * cluster: the recent blockhash is zero bytes.
 */
export function createMemoTransaction(address: string, message: string): Uint8Array {
  const nonce = nonceOfMessage(message);
  if (!nonce) throw new LatchkeyError('nonce_missing');
  const payer = base58.decode(address);
  if (payer.length !== 32) throw new LatchkeyError('address_missing');
  const data = new TextEncoder().encode(nonce);
  const body = [1, 0, 1, ...shortVec(2), ...payer, ...base58.decode(MEMO_PROGRAM_ID), ...new Uint8Array(32), ...shortVec(1), 1, ...shortVec(1), 0, ...shortVec(data.length), ...data];
  return Uint8Array.from([...shortVec(1), ...new Uint8Array(64), ...body]);
}
