/**
 * What anything that signs for a Solana address offers the kit: an external wallet's connector, a mobile
 * deep-link wallet, an embedded (custody) wallet, a test keypair. Byte-based on purpose — the wallet-standard
 * `solana:signTransaction` feature, the mobile deep-link protocol and the custody `sign_transaction` activity all
 * take serialized transactions — so this file needs no @solana/web3.js and the send-and-confirm machine can take
 * any signer.
 */
export interface SolanaSigner {
  /** The base58 address whose key signs. */
  readonly address: string;
  /** The 64-byte ed25519 signature of `message`. */
  signMessage(message: Uint8Array): Promise<Uint8Array>;
  /**
   * Takes a serialized transaction (legacy or v0 wire format; unsigned or partially signed) and resolves to the same
   * transaction serialized with this signer's signature in its slot. Rejects with a typed LatchkeyError when the
   * user refuses or the signer cannot sign.
   */
  signTransaction(transaction: Uint8Array): Promise<Uint8Array>;
}
