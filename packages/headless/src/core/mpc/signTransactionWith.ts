import { base58 } from '@scure/base';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { splitTransaction } from '../mobileWallets/transactionSignature.js';

/**
 * Signs a serialized Solana transaction (legacy or v0) for `address`: its message bytes signed by
 * `sign`, the signature written into the address's slot; the rest of the bytes unchanged.
 */
export async function signTransactionWith(address: string, transaction: Uint8Array, sign: (message: Uint8Array) => Promise<Uint8Array>): Promise<Uint8Array> {
  const split = splitTransaction(transaction);
  if (!split) throw new LatchkeyError('transaction_and_connection_required');
  const key = base58.decode(address);
  const slot = split.signerKeys.findIndex((signer) => signer.length === key.length && signer.every((byte, i) => byte === key[i]));
  if (slot === -1) throw new LatchkeyError('signer_not_found');
  const signature = await sign(split.message);
  const signed = transaction.slice();
  const offset = transaction.length - split.message.length - (split.signatures.length - slot) * 64;
  signed.set(signature, offset);
  return signed;
}
