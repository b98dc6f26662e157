import { ed25519 } from '@noble/curves/ed25519.js';
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import type { SolanaSigner } from '../core/signer/SolanaSigner.js';

/**
 * A `SolanaSigner` backed by a keypair held in memory: for tests, scripts and the sandbox's demo wallet. Signs legacy
 * and v0 transactions (the bytes are parsed, this key's signature put in its slot, the rest kept) and raw messages
 * (ed25519).
 */
export function createKeypairSigner(keypair: Keypair): SolanaSigner {
  const address = keypair.publicKey.toBase58();
  return {
    address,
    async signMessage(message) {
      return ed25519.sign(message, keypair.secretKey.slice(0, 32));
    },
    async signTransaction(bytes) {
      let transaction: VersionedTransaction;
      try {
        transaction = VersionedTransaction.deserialize(bytes);
      } catch (cause) {
        throw new LatchkeyError('INVALID_PARAMETERS', { message: 'The bytes are not a serialized Solana transaction.', cause });
      }
      const signers = transaction.message.staticAccountKeys.slice(0, transaction.message.header.numRequiredSignatures);
      if (!signers.some((key) => key.equals(keypair.publicKey))) throw new LatchkeyError('signer_not_found', { message: `${address} is not a signer of this transaction.` });
      transaction.sign([keypair]);
      return transaction.serialize();
    },
  };
}

