import type { FrostPublic, FrostSecret } from '@noble/curves/abstract/frost.js';
import { ed25519, ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import { fromHex } from './codec.js';
import { FrostCulpritError } from './FrostWireError.js';
import type { FrostSigners } from './scheme.js';

/**
 * Resharing a FROST key to a new threshold scheme (and refreshing it) without ever assembling it,
 * composed only of @noble/curves calls: `utils.generateSecretPolynomial`, `validateSecret`, the
 * scalar field `utils.Fn` and `ed25519.Point`.
 *
 * A set of `min` old shares deals (the dealers): dealer i draws a polynomial f_i of the new degree
 * with f_i(0) = s_i (its share), publishes the commitments C_i = [a_ik·G] and sends f_i(x_j) to each
 * new receiver j. Everyone checks C_i[0] = Y_i (dealer i's old verifying share). With λ_i the
 * Lagrange coefficient of i at 0 over the dealers, receiver j's new share is Σ λ_i f_i(x_j), the new
 * commitments are Σ λ_i C_i, and the new group key Σ λ_i s_i·G is the old one: same address, new
 * shares. Old shares do not combine with new ones.
 */

const Fn = frost.utils.Fn;
const Point = ed25519.Point;
type EdPoint = InstanceType<typeof Point>;
/** Bytes as @noble/curves returns them. */
type Bytes = Uint8Array<ArrayBuffer>;
const bytes = (value: Uint8Array): Bytes => value as Bytes;

const scalarOf = (identifier: string): bigint => Fn.fromBytes(fromHex(identifier, 'identifier', 32));

function evaluate(coefficients: readonly bigint[], x: bigint): bigint {
  let result = Fn.ZERO;
  for (let k = coefficients.length - 1; k >= 0; k--) result = Fn.add(Fn.mul(result, x), coefficients[k] as bigint);
  return result;
}

/** The Lagrange coefficient of `identifier` at 0 over `identifiers` (RFC 9591 §4.2 `derive_interpolating_value`). */
export function lagrangeAtZero(identifiers: readonly string[], identifier: string): bigint {
  if (new Set(identifiers).size !== identifiers.length || !identifiers.includes(identifier)) throw new Error('lagrangeAtZero: identifiers must be distinct and include the identifier');
  const xi = scalarOf(identifier);
  let numerator = Fn.ONE;
  let denominator = Fn.ONE;
  for (const other of identifiers) {
    if (other === identifier) continue;
    const xj = scalarOf(other);
    numerator = Fn.mul(numerator, xj);
    denominator = Fn.mul(denominator, Fn.sub(xj, xi));
  }
  return Fn.div(numerator, denominator);
}

/** One dealer's public part: its old identifier and the commitments to its new polynomial. */
export interface ReshareDealer {
  identifier: string;
  commitment: Uint8Array[];
}

export interface ReshareDealing extends ReshareDealer {
  /** f_i(x_j) per receiver identifier: secret, for receiver j only. */
  subShares: Record<string, Uint8Array>;
}

/** An old share deals itself to the receivers of the new scheme. */
export function dealReshare(share: FrostSecret, newSigners: FrostSigners, receivers: readonly string[]): ReshareDealing {
  const { coefficients, commitment } = frost.utils.generateSecretPolynomial(newSigners, share.signingShare);
  const subShares: Record<string, Uint8Array> = {};
  for (const receiver of receivers) subShares[receiver] = Fn.toBytes(evaluate(coefficients, scalarOf(receiver)));
  // Best effort: bigints cannot be wiped, but the array stops referencing them.
  coefficients.fill(Fn.ZERO);
  return { identifier: share.identifier, commitment, subShares };
}

function parsePoint(bytes: Uint8Array, culprit: string): EdPoint {
  try {
    const point = Point.fromBytes(bytes);
    point.assertValidity();
    if (point.is0() || !point.isTorsionFree()) throw new Error('not a prime-order point');
    return point;
  } catch {
    throw new FrostCulpritError(culprit, 'a dealer commitment is not a valid point');
  }
}

/** Checks a dealer's commitments: one per coefficient, valid points, and C[0] = its old verifying share. */
export function checkDealer(oldPublic: FrostPublic, newSigners: FrostSigners, dealer: ReshareDealer): void {
  const verifyingShare = oldPublic.verifyingShares[dealer.identifier];
  if (!verifyingShare) throw new FrostCulpritError(dealer.identifier, 'the dealer holds no share of this wallet');
  if (dealer.commitment.length !== newSigners.min) throw new FrostCulpritError(dealer.identifier, `the dealer must commit to ${newSigners.min} coefficients`);
  const points = dealer.commitment.map((bytes) => parsePoint(bytes, dealer.identifier));
  if (!(points[0] as EdPoint).equals(parsePoint(verifyingShare, dealer.identifier))) {
    throw new FrostCulpritError(dealer.identifier, "the dealer's commitment does not match its share");
  }
}

/** Checks the sub-share `dealer` sent to `receiver` against the dealer's commitments (VSS, `validateSecret`). */
export function checkSubShare(newSigners: FrostSigners, dealer: ReshareDealer, receiver: string, signingShare: Uint8Array): void {
  try {
    frost.validateSecret({ identifier: receiver, signingShare }, { signers: newSigners, commitments: dealer.commitment, verifyingShares: {} });
  } catch {
    throw new FrostCulpritError(dealer.identifier, "the dealer's share does not match its commitments");
  }
}

/** The new public package: commitments Σ λ_i C_i, a verifying share per receiver; the group key must not change. */
export function resharedPublic(oldPublic: FrostPublic, newSigners: FrostSigners, dealers: readonly ReshareDealer[], receivers: readonly string[]): FrostPublic {
  if (dealers.length !== oldPublic.signers.min) throw new Error(`resharing needs exactly ${oldPublic.signers.min} dealers`);
  if (receivers.length !== newSigners.max || new Set(receivers).size !== receivers.length) throw new Error(`resharing needs ${newSigners.max} distinct receivers`);
  const dealerIds = dealers.map((dealer) => dealer.identifier);
  const commitments: EdPoint[] = Array.from({ length: newSigners.min }, () => Point.ZERO);
  for (const dealer of dealers) {
    checkDealer(oldPublic, newSigners, dealer);
    const lambda = lagrangeAtZero(dealerIds, dealer.identifier);
    dealer.commitment.forEach((bytes, k) => {
      commitments[k] = (commitments[k] as EdPoint).add(Point.fromBytes(bytes).multiplyUnsafe(lambda));
    });
  }
  const groupKey = commitments[0] as EdPoint;
  if (!groupKey.equals(Point.fromBytes(oldPublic.commitments[0] as Uint8Array))) throw new Error('the reshared key differs from the wallet key');
  const verifyingShares: Record<string, Bytes> = {};
  for (const receiver of receivers) {
    const x = scalarOf(receiver);
    let power = Fn.ONE;
    let share = Point.ZERO;
    for (const commitment of commitments) {
      share = share.add(commitment.multiplyUnsafe(power));
      power = Fn.mul(power, x);
    }
    verifyingShares[receiver] = bytes(share.toBytes());
  }
  return { signers: { min: newSigners.min, max: newSigners.max }, commitments: commitments.map((point) => bytes(point.toBytes())), verifyingShares };
}

/**
 * Receiver `receiver`'s new share from the sub-shares every dealer sent it (each checked against its
 * dealer's commitments first), checked against the new public package.
 */
export function receiveReshare(newPublic: FrostPublic, dealers: readonly ReshareDealer[], receiver: string, subShares: Readonly<Record<string, Uint8Array>>): FrostSecret {
  const dealerIds = dealers.map((dealer) => dealer.identifier);
  let share = Fn.ZERO;
  for (const dealer of dealers) {
    const subShare = subShares[dealer.identifier];
    if (!subShare) throw new FrostCulpritError(dealer.identifier, 'the dealer sent no share');
    checkSubShare(newPublic.signers, dealer, receiver, subShare);
    share = Fn.add(share, Fn.mul(lagrangeAtZero(dealerIds, dealer.identifier), Fn.fromBytes(subShare)));
  }
  const secret: FrostSecret = { identifier: receiver, signingShare: bytes(Fn.toBytes(share)) };
  frost.validateSecret(secret, newPublic);
  const expected = newPublic.verifyingShares[receiver];
  if (!expected || !Point.BASE.multiply(share).equals(Point.fromBytes(expected))) throw new Error('the new share does not match its verifying share');
  return secret;
}
