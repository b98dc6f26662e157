import type { DKG_Secret } from '@noble/curves/abstract/frost.js';
import { ed25519_FROST } from '@noble/curves/ed25519.js';
import { decodeRound1, encodeRound1, fromHex, toHex, type DkgParty, type DkgShare, type FrostSigners, type Hex, type Round1Wire } from '@latchkey/protocol/frost';

/**
 * The server's DKG participants between two messages of a room, as JSON (sealed into the room's
 * state by the caller): @noble/curves' `DKG_Secret` with its bigints and bytes as hex.
 */
const Fn = ed25519_FROST.utils.Fn;

interface DkgSecretWire {
  identifier: Hex;
  coefficients?: Hex[];
  commitment: Hex[];
  signers: FrostSigners;
  round1Cache?: Round1Wire[];
  round2Cache?: Record<Hex, { identifier: Hex; signingShare: Hex }>;
  step?: 1 | 2 | 3;
}

export interface DkgPartyWire {
  signers: FrostSigners;
  members: DkgSecretWire[];
}

export interface DkgShareWire {
  from: Hex;
  to: Hex;
  signingShare: Hex;
}

function encodeSecret(secret: DKG_Secret): DkgSecretWire {
  return {
    identifier: toHex(Fn.toBytes(secret.identifier)),
    ...(secret.coefficients ? { coefficients: secret.coefficients.map((c) => toHex(Fn.toBytes(c))) } : {}),
    commitment: secret.commitment.map(toHex),
    signers: { min: secret.signers.min, max: secret.signers.max },
    ...(secret.round1Cache ? { round1Cache: secret.round1Cache.map(encodeRound1) } : {}),
    ...(secret.round2Cache
      ? { round2Cache: Object.fromEntries(Object.entries(secret.round2Cache).map(([to, pkg]) => [to, { identifier: pkg.identifier, signingShare: toHex(pkg.signingShare) }])) }
      : {}),
    ...(secret.step ? { step: secret.step } : {}),
  };
}

function decodeSecret(wire: DkgSecretWire): DKG_Secret {
  return {
    identifier: Fn.fromBytes(fromHex(wire.identifier, 'identifier', 32)),
    ...(wire.coefficients ? { coefficients: wire.coefficients.map((c) => Fn.fromBytes(fromHex(c, 'coefficient', 32))) } : {}),
    commitment: wire.commitment.map((c) => fromHex(c, 'commitment', 32)),
    signers: wire.signers,
    ...(wire.round1Cache ? { round1Cache: wire.round1Cache.map((pkg) => decodeRound1(pkg)) } : {}),
    ...(wire.round2Cache
      ? { round2Cache: Object.fromEntries(Object.entries(wire.round2Cache).map(([to, pkg]) => [to, { identifier: pkg.identifier, signingShare: fromHex(pkg.signingShare, 'signingShare', 32) }])) }
      : {}),
    ...(wire.step ? { step: wire.step } : {}),
  };
}

export function encodeParty(party: DkgParty): DkgPartyWire {
  return { signers: party.signers, members: [...party.members.values()].map(encodeSecret) };
}

export function decodeParty(wire: DkgPartyWire): DkgParty {
  const members = new Map<string, DKG_Secret>();
  for (const member of wire.members) members.set(member.identifier, decodeSecret(member));
  return { signers: wire.signers, members };
}

export const encodeShare = (share: DkgShare): DkgShareWire => ({ from: share.from, to: share.to, signingShare: toHex(share.signingShare) });
export const decodeShare = (share: DkgShareWire, field = 'packages'): DkgShare => ({
  from: toHex(fromHex(share.from, `${field}.from`, 32)),
  to: toHex(fromHex(share.to, `${field}.to`, 32)),
  signingShare: fromHex(share.signingShare, `${field}.signingShare`, 32),
});
