import { ed25519, ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { toHex } from './codec.js';
import { dkgShares, finishDkg, startDkg } from './dkg.js';
import { dealReshare, receiveReshare, resharedPublic, type ReshareDealing } from './reshare.js';
import { identifierOf } from './identifier.js';
import { FROST_SCHEMES, FROST_SIGNERS, type FrostScheme } from './scheme.js';
import { keygen, signWith } from '../test/frostParties.js';
import type { FrostPublic, FrostSecret } from '@noble/curves/abstract/frost.js';

const message = new TextEncoder().encode('latchkey mpc');

describe('MPC shares per scheme (CLIENT_KEY_SHARES)', () => {
  it.each(FROST_SCHEMES)('default: %s — DKG gives one group key; device + server sign a plain Ed25519 signature', (scheme) => {
    const { pub, device, server } = keygen(scheme);
    const needed = FROST_SIGNERS[scheme].min - 1;
    const signature = signWith(pub, [device, ...server.slice(0, needed)], message);
    expect(ed25519.verify(signature, message, pub.commitments[0] as Uint8Array)).toBe(true);
  });

  it.each(FROST_SCHEMES)('behavior: %s — the server alone never signs', (scheme) => {
    const { pub, server } = keygen(scheme);
    expect(server.length).toBeLessThan(FROST_SIGNERS[scheme].min);
    expect(() => signWith(pub, server, message)).toThrow();
  });

  it.each(FROST_SCHEMES)('behavior: %s — the device alone never signs', (scheme) => {
    const { pub, device } = keygen(scheme);
    expect(() => signWith(pub, [device], message)).toThrow();
  });

  it.each(['TWO_OF_THREE', 'THREE_OF_FIVE'] as const)('behavior: %s — device + backups sign without the server, and combine to the wallet key (self-custody exit)', (scheme) => {
    const { pub, device, backups } = keygen(scheme);
    const signature = signWith(pub, [device, ...backups], message);
    expect(ed25519.verify(signature, message, pub.commitments[0] as Uint8Array)).toBe(true);
    const secret = frost.combineSecret([device, ...backups], FROST_SIGNERS[scheme]);
    expect(toHex(ed25519.Point.BASE.multiply(frost.utils.Fn.fromBytes(secret)).toBytes())).toBe(toHex(pub.commitments[0] as Uint8Array));
  });

  it('error: a round-1 package with a broken proof of knowledge names its sender', () => {
    const signers = FROST_SIGNERS.TWO_OF_THREE;
    const client = startDkg([identifierOf('c0'), identifierOf('c1')], signers);
    const server = startDkg([identifierOf('s0')], signers);
    const forged = { ...(server.round1[0] as (typeof server.round1)[number]) };
    forged.proofOfKnowledge = forged.proofOfKnowledge.slice();
    forged.proofOfKnowledge[40]! ^= 1;
    expect(() => dkgShares(client.party, [...client.round1, forged])).toThrow(expect.objectContaining({ culprit: identifierOf('s0') }));
  });

  it('error: a round-2 share that does not match its commitments names its sender', () => {
    const signers = FROST_SIGNERS.TWO_OF_TWO;
    const client = startDkg([identifierOf('c0')], signers);
    const server = startDkg([identifierOf('s0')], signers);
    const round1 = [...client.round1, ...server.round1];
    const shares = [...dkgShares(client.party, round1), ...dkgShares(server.party, round1)];
    const tampered = shares.map((share) => (share.from === identifierOf('s0') ? { ...share, signingShare: frost.utils.randomScalar() } : share));
    expect(() => finishDkg(client.party, round1, tampered)).toThrow(expect.objectContaining({ culprit: identifierOf('s0') }));
  });
});

/** Reshares `dealers` (min old shares) to receivers `receivers` of `scheme`: everyone checks everything, as on the wire. */
function reshare(oldPublic: FrostPublic, dealers: FrostSecret[], scheme: FrostScheme, receivers: string[]) {
  const signers = FROST_SIGNERS[scheme];
  const dealings: ReshareDealing[] = dealers.map((dealer) => dealReshare(dealer, signers, receivers));
  const pub = resharedPublic(oldPublic, signers, dealings, receivers);
  const secrets = receivers.map((receiver) => receiveReshare(pub, dealings, receiver, Object.fromEntries(dealings.map((d) => [d.identifier, d.subShares[receiver] as Uint8Array]))));
  return { pub, secrets, dealings };
}

describe('reshare and refresh', () => {
  it('default: TWO_OF_TWO → TWO_OF_THREE → THREE_OF_FIVE → TWO_OF_TWO keeps the group key; new shares sign, old ones no longer combine with them', () => {
    const first = keygen('TWO_OF_TWO');
    const key = toHex(first.pub.commitments[0] as Uint8Array);
    let pub = first.pub;
    let holders: FrostSecret[] = [first.device, ...first.server];
    let generation = 0;
    for (const scheme of ['TWO_OF_THREE', 'THREE_OF_FIVE', 'TWO_OF_TWO'] as const) {
      generation += 1;
      const receivers = Array.from({ length: FROST_SIGNERS[scheme].max }, (_, i) => identifierOf(`g${generation}-${i}`));
      const next = reshare(pub, holders.slice(0, pub.signers.min), scheme, receivers);
      expect(toHex(next.pub.commitments[0] as Uint8Array)).toBe(key);
      const signature = signWith(next.pub, next.secrets.slice(0, FROST_SIGNERS[scheme].min), message);
      expect(ed25519.verify(signature, message, first.pub.commitments[0] as Uint8Array)).toBe(true);
      // An old share passed off under a new identifier does not sign with the new ones.
      const impostor = { identifier: next.secrets[0]!.identifier, signingShare: holders[0]!.signingShare };
      expect(() => signWith(next.pub, [impostor, ...next.secrets.slice(1, FROST_SIGNERS[scheme].min)], message)).toThrow();
      pub = next.pub;
      holders = next.secrets;
    }
  });

  it('default: refresh (same scheme, same identifiers) rotates every share and keeps the key', () => {
    const { pub, device, backups, server } = keygen('TWO_OF_THREE');
    const ids = [device, ...backups, ...server].map((secret) => secret.identifier);
    const next = reshare(pub, [device, server[0]!], 'TWO_OF_THREE', ids);
    expect(toHex(next.pub.commitments[0] as Uint8Array)).toBe(toHex(pub.commitments[0] as Uint8Array));
    expect(next.secrets.map((s) => toHex(s.signingShare))).not.toContain(toHex(device.signingShare));
    // The refreshed device share and the old server share are of different polynomials: no signature.
    expect(() => signWith(next.pub, [next.secrets[0]!, server[0]!], message)).toThrow();
    expect(ed25519.verify(signWith(next.pub, [next.secrets[0]!, next.secrets[2]!], message), message, pub.commitments[0] as Uint8Array)).toBe(true);
  });

  it('error: a dealer whose commitment is not its share, or whose sub-share is wrong, is named', () => {
    const { pub, device, server } = keygen('TWO_OF_TWO');
    const receivers = ['a', 'b', 'c'].map(identifierOf);
    const signers = FROST_SIGNERS.TWO_OF_THREE;
    const honest = dealReshare(device, signers, receivers);
    const liar = dealReshare({ identifier: server[0]!.identifier, signingShare: frost.utils.randomScalar() }, signers, receivers);
    expect(() => resharedPublic(pub, signers, [honest, liar], receivers)).toThrow(expect.objectContaining({ culprit: server[0]!.identifier }));
    const dealer = dealReshare(server[0]!, signers, receivers);
    const newPub = resharedPublic(pub, signers, [honest, dealer], receivers);
    const wrong = { [honest.identifier]: honest.subShares[receivers[0]!]!, [dealer.identifier]: frost.utils.randomScalar() };
    expect(() => receiveReshare(newPub, [honest, dealer], receivers[0]!, wrong)).toThrow(expect.objectContaining({ culprit: server[0]!.identifier }));
  });
});
