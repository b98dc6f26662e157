import type { DKG_Round1, FrostPublic, NonceCommitments } from '@noble/curves/abstract/frost.js';
import { FrostWireError } from './FrostWireError.js';

/**
 * The byte encodings of the MPC wire protocol (packages/sandbox/README.md, "MPC wallets"): every
 * byte string travels as lowercase hex; points are 32-byte compressed Edwards points, scalars 32
 * bytes little-endian, identifiers as @noble/curves serialises them (a 32-byte scalar in hex).
 */

export type Hex = string;

const HEX = /^(?:[0-9a-f]{2})*$/;

export function toHex(bytes: Uint8Array): Hex {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** Lowercase hex of `length` bytes (any length when omitted) → bytes; anything else throws `FrostWireError`. */
export function fromHex(text: unknown, field: string, length?: number): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string' || !HEX.test(text)) throw new FrostWireError(`${field} must be lowercase hex`);
  if (length !== undefined && text.length !== length * 2) throw new FrostWireError(`${field} must be ${length} bytes`);
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** A DKG round-1 package on the wire. */
export interface Round1Wire {
  identifier: Hex;
  commitment: Hex[];
  proofOfKnowledge: Hex;
}

/** A DKG round-2 package (or a reshare sub-share) on the wire: `from`'s share for `to`. */
export interface SecretShareWire {
  from: Hex;
  to: Hex;
  signingShare: Hex;
}

/** A signer's nonce commitments on the wire. */
export interface NonceCommitmentWire {
  identifier: Hex;
  hiding: Hex;
  binding: Hex;
}

/** A signature share on the wire. */
export interface SignatureShareWire {
  identifier: Hex;
  share: Hex;
}

/** A reshare dealer's commitments on the wire (one point per coefficient of its new polynomial). */
export interface DealerWire {
  identifier: Hex;
  commitment: Hex[];
  /** A client dealer's proof that it holds its share (shareProof.ts). */
  proof?: Hex;
}

/** The group's public package on the wire. */
export interface PublicPackageWire {
  signers: { min: number; max: number };
  commitments: Hex[];
  verifyingShares: Record<Hex, Hex>;
}

const identifier = (value: unknown, field: string): Hex => toHex(fromHex(value, field, 32));

export function encodeRound1(pkg: DKG_Round1): Round1Wire {
  return { identifier: pkg.identifier, commitment: pkg.commitment.map(toHex), proofOfKnowledge: toHex(pkg.proofOfKnowledge) };
}

export function decodeRound1(wire: Round1Wire, field = 'packages'): DKG_Round1 {
  if (!Array.isArray(wire.commitment)) throw new FrostWireError(`${field}.commitment must be an array`);
  return {
    identifier: identifier(wire.identifier, `${field}.identifier`),
    commitment: wire.commitment.map((point, i) => fromHex(point, `${field}.commitment[${i}]`, 32)),
    proofOfKnowledge: fromHex(wire.proofOfKnowledge, `${field}.proofOfKnowledge`, 64),
  };
}

export function encodeCommitments(commitments: NonceCommitments): NonceCommitmentWire {
  return { identifier: commitments.identifier, hiding: toHex(commitments.hiding), binding: toHex(commitments.binding) };
}

export function decodeCommitments(wire: NonceCommitmentWire, field = 'commitments'): NonceCommitments {
  return {
    identifier: identifier(wire.identifier, `${field}.identifier`),
    hiding: fromHex(wire.hiding, `${field}.hiding`, 32),
    binding: fromHex(wire.binding, `${field}.binding`, 32),
  };
}

export function encodePublic(pub: FrostPublic): PublicPackageWire {
  return {
    signers: { min: pub.signers.min, max: pub.signers.max },
    commitments: pub.commitments.map(toHex),
    verifyingShares: Object.fromEntries(Object.entries(pub.verifyingShares).map(([id, point]) => [id, toHex(point)])),
  };
}

export function decodePublic(wire: PublicPackageWire, field = 'public'): FrostPublic {
  if (!wire || typeof wire !== 'object' || !Array.isArray(wire.commitments) || typeof wire.verifyingShares !== 'object' || wire.verifyingShares === null) {
    throw new FrostWireError(`${field} must be a public package`);
  }
  return {
    signers: { min: Number(wire.signers?.min), max: Number(wire.signers?.max) },
    commitments: wire.commitments.map((point, i) => fromHex(point, `${field}.commitments[${i}]`, 32)),
    verifyingShares: Object.fromEntries(
      Object.entries(wire.verifyingShares).map(([id, point]) => [identifier(id, `${field}.verifyingShares`), fromHex(point, `${field}.verifyingShares[${id}]`, 32)]),
    ),
  };
}
