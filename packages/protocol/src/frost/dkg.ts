import type { DKG_Round1, DKG_Secret, FrostPublic, Key } from '@noble/curves/abstract/frost.js';
import { ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import { toHex } from './codec.js';
import { FrostCulpritError } from './FrostWireError.js';
import type { FrostSigners } from './scheme.js';

/**
 * Distributed key generation (the split-round DKG of @noble/curves, interoperable with frost-rs) for
 * one party that holds several participants: the kit's device and backup shares, or the sandbox's
 * server shares. The whole key is never assembled; each participant ends with its own share.
 */

/** A round-2 package addressed to one participant. */
export interface DkgShare {
  from: string;
  to: string;
  signingShare: Uint8Array;
}

/** This party's participants, mid-ceremony (secret: polynomial coefficients). */
export interface DkgParty {
  readonly signers: FrostSigners;
  readonly members: Map<string, DKG_Secret>;
}

export function startDkg(identifiers: readonly string[], signers: FrostSigners): { party: DkgParty; round1: DKG_Round1[] } {
  const members = new Map<string, DKG_Secret>();
  const round1 = identifiers.map((identifier) => {
    const { public: pkg, secret } = frost.DKG.round1(identifier, { min: signers.min, max: signers.max });
    members.set(identifier, secret);
    return pkg;
  });
  return { party: { signers, members }, round1 };
}

/**
 * Finds the package whose proof of knowledge (or shape) fails: each one is put through a round 2 of
 * throw-away participants, which verifies it the way @noble/curves verifies every package.
 */
export function findRound1Culprit(signers: FrostSigners, packages: readonly DKG_Round1[]): string | undefined {
  const scratchSigners = { min: signers.min, max: signers.min };
  for (const pkg of packages) {
    const scratch = Array.from({ length: scratchSigners.max - 1 }, () => frost.DKG.round1(frost.Identifier.derive(toHex(frost.utils.randomScalar())), scratchSigners));
    const [judge, ...helpers] = scratch;
    try {
      if (!judge) return pkg.identifier;
      frost.DKG.round2(judge.secret, [pkg, ...helpers.map((helper) => helper.public)]);
    } catch {
      return pkg.identifier;
    } finally {
      for (const participant of scratch) frost.DKG.clean(participant.secret);
    }
  }
  return undefined;
}

/** Round 2: every member's shares for every other participant (local ones included). */
export function dkgShares(party: DkgParty, round1: readonly DKG_Round1[]): DkgShare[] {
  const shares: DkgShare[] = [];
  for (const [identifier, secret] of party.members) {
    const others = round1.filter((pkg) => pkg.identifier !== identifier);
    let out: Record<string, { identifier: string; signingShare: Uint8Array }>;
    try {
      out = frost.DKG.round2(secret, others);
    } catch (error) {
      const culprit = findRound1Culprit(party.signers, others);
      if (culprit) throw new FrostCulpritError(culprit, 'the round 1 package does not verify');
      throw error;
    }
    for (const [to, pkg] of Object.entries(out)) shares.push({ from: identifier, to, signingShare: pkg.signingShare });
  }
  return shares;
}

/** Checks a round-2 share against its sender's round-1 commitments (VSS); the sender is the culprit. */
export function checkDkgShare(signers: FrostSigners, round1: readonly DKG_Round1[], share: DkgShare): void {
  const sender = round1.find((pkg) => pkg.identifier === share.from);
  if (!sender) throw new FrostCulpritError(share.from, 'the share comes from no participant of this ceremony');
  try {
    frost.validateSecret({ identifier: share.to, signingShare: share.signingShare as Uint8Array<ArrayBuffer> }, { signers, commitments: sender.commitment, verifyingShares: {} });
  } catch {
    throw new FrostCulpritError(share.from, 'the round 2 share does not match its commitments');
  }
}

/** Round 3: each member's key from the shares addressed to it; every member must agree on the public package. */
export function finishDkg(party: DkgParty, round1: readonly DKG_Round1[], shares: readonly DkgShare[]): Key[] {
  const keys: Key[] = [];
  for (const [identifier, secret] of party.members) {
    const mine = shares.filter((share) => share.to === identifier);
    for (const share of mine) checkDkgShare(party.signers, round1, share);
    const key = frost.DKG.round3(
      secret,
      round1.filter((pkg) => pkg.identifier !== identifier),
      mine.map((share) => ({ identifier: share.from, signingShare: share.signingShare as Uint8Array<ArrayBuffer> })),
    );
    keys.push(key);
  }
  const first = keys[0];
  if (first && keys.some((key) => !samePublic(key.public, first.public))) throw new Error('The participants computed different group keys.');
  return keys;
}

/** Drops the members' secret polynomials (best effort: bigints cannot be wiped). */
export function cleanDkg(party: DkgParty): void {
  for (const secret of party.members.values()) frost.DKG.clean(secret);
  party.members.clear();
}

/** Whether two public packages are the same: signers, commitments and every verifying share. */
export function samePublic(a: FrostPublic, b: FrostPublic): boolean {
  if (a.signers.min !== b.signers.min || a.signers.max !== b.signers.max || a.commitments.length !== b.commitments.length) return false;
  if (a.commitments.some((point, i) => toHex(point) !== toHex(b.commitments[i] as Uint8Array))) return false;
  const ids = Object.keys(a.verifyingShares);
  if (ids.length !== Object.keys(b.verifyingShares).length) return false;
  return ids.every((id) => b.verifyingShares[id] !== undefined && toHex(a.verifyingShares[id] as Uint8Array) === toHex(b.verifyingShares[id] as Uint8Array));
}
