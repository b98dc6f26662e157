import type { FrostPublic, FrostSecret, NonceCommitments, Nonces } from '@noble/curves/abstract/frost.js';
import { ed25519, ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import { FrostCulpritError } from './FrostWireError.js';

/**
 * FROST signing (RFC 9591 §5) for one party holding one or more shares — the kit (device, backup
 * shares) and the sandbox (server shares) both sign through these, and the RFC 9591 Appendix E
 * vectors are fed through them too (`signing.vectors.test.ts`). Round one: `commitShares`; round
 * two: `signCommitted`, which consumes the nonces (a second use throws); then `verifySignatureShares`
 * and `aggregateSignature` (a plain 64-byte Ed25519 signature, checked with `ed25519.verify`).
 */

/** Randomness for `commit`, as @noble/curves takes it (tests replay the RFC's). */
export type RandomBytes = (length?: number) => Uint8Array;

/** The secret half of round one: nonces per identifier, usable once. */
export interface CommittedNonces {
  /** Whether the nonces were used or discarded. */
  readonly spent: boolean;
  readonly identifiers: readonly string[];
  /** Zeroes every nonce; later signing with them throws. */
  discard(): void;
  /** @internal Hands the nonces of `identifier` to `signCommitted` once. */
  take(identifier: string): Nonces;
}

/** Round one for `secrets`: fresh nonces (kept in the returned box) and the public commitments. */
export function commitShares(secrets: readonly FrostSecret[], random?: RandomBytes): { nonces: CommittedNonces; commitments: NonceCommitments[] } {
  const byId = new Map<string, Nonces>();
  const commitments = secrets.map((secret) => {
    const generated = random ? frost.commit(secret, random as never) : frost.commit(secret);
    byId.set(secret.identifier, generated.nonces);
    return generated.commitments;
  });
  let spent = false;
  const discard = () => {
    spent = true;
    for (const nonces of byId.values()) {
      nonces.hiding.fill(0);
      nonces.binding.fill(0);
    }
  };
  return {
    commitments,
    nonces: {
      get spent() {
        return spent;
      },
      identifiers: [...byId.keys()],
      discard,
      take(identifier) {
        const nonces = byId.get(identifier);
        if (spent || !nonces) throw new Error('These signing nonces were already used or discarded.');
        byId.delete(identifier);
        if (byId.size === 0) spent = true;
        return nonces;
      },
    },
  };
}

/** Round two: a signature share per secret, with the nonces of round one (consumed: never again). */
export function signCommitted(
  secrets: readonly FrostSecret[],
  pub: FrostPublic,
  nonces: CommittedNonces,
  commitmentList: readonly NonceCommitments[],
  message: Uint8Array,
): Record<string, Uint8Array> {
  const shares: Record<string, Uint8Array> = {};
  try {
    for (const secret of secrets) shares[secret.identifier] = frost.signShare(secret, pub, nonces.take(secret.identifier), [...commitmentList], message);
  } finally {
    // Whatever happened, these nonces are done with.
    nonces.discard();
  }
  return shares;
}

/** Checks other parties' signature shares (RFC 9591 §5.4); the first bad one is the culprit. */
export function verifySignatureShares(pub: FrostPublic, commitmentList: readonly NonceCommitments[], message: Uint8Array, shares: Readonly<Record<string, Uint8Array>>): void {
  for (const [identifier, share] of Object.entries(shares)) {
    let valid = false;
    try {
      valid = frost.verifyShare(pub, [...commitmentList], message, identifier, share);
    } catch {
      valid = false;
    }
    if (!valid) throw new FrostCulpritError(identifier, 'the signature share does not verify');
  }
}

/** RFC 9591 §5.3: the group signature, which must verify as a plain Ed25519 signature under the group key. */
export function aggregateSignature(pub: FrostPublic, commitmentList: readonly NonceCommitments[], message: Uint8Array, shares: Readonly<Record<string, Uint8Array>>): Uint8Array {
  let signature: Uint8Array;
  try {
    signature = frost.aggregate(pub, [...commitmentList], message, { ...shares });
  } catch (error) {
    const cheaters = (error as { cheaters?: unknown }).cheaters;
    if (Array.isArray(cheaters) && typeof cheaters[0] === 'string') throw new FrostCulpritError(cheaters[0], 'the signature share does not verify');
    throw error;
  }
  if (!ed25519.verify(signature, message, pub.commitments[0] as Uint8Array)) throw new Error('The aggregated signature does not verify under the wallet key.');
  return signature;
}
