import type { FrostPublic } from '@noble/curves/abstract/frost.js';
import { ed25519, ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './codec.js';
import { aggregateSignature, commitShares, signCommitted, verifySignatureShares } from './signing.js';

/**
 * RFC 9591 Appendix E.1, FROST(Ed25519, SHA-512): MIN_PARTICIPANTS 2, MAX_PARTICIPANTS 3, signers 1
 * and 3. The same values are the ZcashFoundation frost-rs test vectors
 * (frost-ed25519/tests/helpers/vectors.json). Data only: the functions under test are the ones the
 * kit and the sandbox sign with.
 */
const vectors = {
  groupSecretKey: '7b1c33d3f5291d85de664833beb1ad469f7fb6025a0ec78b3a790c6e13a98304',
  groupPublicKey: '15d21ccd7ee42959562fc8aa63224c8851fb3ec85a3faf66040d380fb9738673',
  message: '74657374',
  shareCoefficient: '178199860edd8c62f5212ee91eff1295d0d670ab4ed4506866bae57e7030b204',
  shares: {
    1: '929dcc590407aae7d388761cddb0c0db6f5627aea8e217f4a033f2ec83d93509',
    2: 'a91e66e012e4364ac9aaa405fcafd370402d9859f7b6685c07eed76bf409e80d',
    3: 'd3cb090a075eb154e82fdb4b3cb507f110040905468bb9c46da8bdea643a9a02',
  },
  roundOne: [
    {
      identifier: 1,
      hidingRandomness: '06894e04ee4aceec8619d5f6a0a180e2f47194d2ac306cba586b555e7c48d765',
      bindingRandomness: '40d6f879ff22e22409f7d808fed81f37118e7d3e4af71c0f44c60207553bcbce',
      hidingNonceCommitment: '9b116f12589591a7e23fe8048059ab10ab48e67739e7a2fb3890f61a7999478c',
      bindingNonceCommitment: 'c39b66b7dfccb122da24f13587f9a08c4347cae70046ca15169adf90ba65854d',
    },
    {
      identifier: 3,
      hidingRandomness: 'fa5d950626782aade9e33fa781376d4888c2d1de7c37518bc248eb818ed0cdde',
      bindingRandomness: '7459a4d14ded0e365b085271be8dc6600d5b88f3978a2174297ffa32001a5afc',
      hidingNonceCommitment: 'e679a2a971748ccfaabead4dbe8ac1def61275c186c79d471e1e45091ad1e687',
      bindingNonceCommitment: 'b2a942478453fabb6bd3181c56ba657413447b4136e1daea2484d396d1a516b3',
    },
  ],
  sigShares: {
    1: '60997f0142e43e8005027fe5ab7447dac00d22c2d7ddd9571a02613ba7d81c08',
    3: '79390e78bc59699c7af831f8f5fb478ec871a85f561a8641b5670ac4443f720f',
  },
  signature:
    '154fb694ee7fcb37bf2381d94488c2a84b03b3352ad085feca81ad26d45852b7ecfe971ce4da95c4a95db93ac376b053897fca212ef85f99cf696bffeb178f07',
} as const;

const Fn = frost.utils.Fn;
const hex = (text: string) => fromHex(text, 'vector');
const id = (n: number) => frost.Identifier.fromNumber(n);
const secretOf = (n: 1 | 2 | 3) => ({ identifier: id(n), signingShare: hex(vectors.shares[n]) });

/** The RFC's group public package: commitments [a0·G, a1·G], verifying shares s_i·G. */
function groupPublic(): FrostPublic {
  const point = (scalar: string) => ed25519.Point.BASE.multiply(Fn.fromBytes(hex(scalar))).toBytes() as Uint8Array<ArrayBuffer>;
  return {
    signers: { min: 2, max: 3 },
    commitments: [hex(vectors.groupPublicKey), point(vectors.shareCoefficient)],
    verifyingShares: { [id(1)]: point(vectors.shares[1]), [id(2)]: point(vectors.shares[2]), [id(3)]: point(vectors.shares[3]) },
  };
}

/** Randomness that replays the RFC's nonce randomness, hiding then binding, participant by participant. */
function replay(...chunks: string[]) {
  const queue = chunks.map(hex);
  return () => {
    const next = queue.shift();
    if (!next) throw new Error('the vectors ran out of randomness');
    return next;
  };
}

describe('FROST(Ed25519, SHA-512) — RFC 9591 Appendix E.1 through the signing functions of the kit and the sandbox', () => {
  it('default: the group key is the secret key times G, and the published signature comes out', () => {
    const pub = groupPublic();
    expect(toHex(ed25519.Point.BASE.multiply(Fn.fromBytes(hex(vectors.groupSecretKey))).toBytes())).toBe(vectors.groupPublicKey);
    const message = hex(vectors.message);
    const [one, three] = vectors.roundOne;
    const party1 = commitShares([secretOf(1)], replay(one.hidingRandomness, one.bindingRandomness));
    const party3 = commitShares([secretOf(3)], replay(three.hidingRandomness, three.bindingRandomness));
    expect(party1.commitments.map((c) => [toHex(c.hiding), toHex(c.binding)])).toEqual([[one.hidingNonceCommitment, one.bindingNonceCommitment]]);
    expect(party3.commitments.map((c) => [toHex(c.hiding), toHex(c.binding)])).toEqual([[three.hidingNonceCommitment, three.bindingNonceCommitment]]);

    const commitmentList = [...party1.commitments, ...party3.commitments];
    const shares1 = signCommitted([secretOf(1)], pub, party1.nonces, commitmentList, message);
    const shares3 = signCommitted([secretOf(3)], pub, party3.nonces, commitmentList, message);
    expect(toHex(shares1[id(1)] as Uint8Array)).toBe(vectors.sigShares[1]);
    expect(toHex(shares3[id(3)] as Uint8Array)).toBe(vectors.sigShares[3]);

    verifySignatureShares(pub, commitmentList, message, { ...shares1, ...shares3 });
    const signature = aggregateSignature(pub, commitmentList, message, { ...shares1, ...shares3 });
    expect(toHex(signature)).toBe(vectors.signature);
    // A plain Ed25519 signature (RFC 8032) under the group key.
    expect(ed25519.verify(signature, message, hex(vectors.groupPublicKey))).toBe(true);
  });

  it('error: nonces sign once — a second signing with the same round-one nonces throws', () => {
    const pub = groupPublic();
    const message = hex(vectors.message);
    const party1 = commitShares([secretOf(1)]);
    const party3 = commitShares([secretOf(3)]);
    const commitmentList = [...party1.commitments, ...party3.commitments];
    signCommitted([secretOf(1)], pub, party1.nonces, commitmentList, message);
    expect(party1.nonces.spent).toBe(true);
    expect(() => signCommitted([secretOf(1)], pub, party1.nonces, commitmentList, message)).toThrow(/already used or discarded/);
  });

  it('error: a tampered signature share names its signer', () => {
    const pub = groupPublic();
    const message = hex(vectors.message);
    const party1 = commitShares([secretOf(1)]);
    const party3 = commitShares([secretOf(3)]);
    const commitmentList = [...party1.commitments, ...party3.commitments];
    const shares = { ...signCommitted([secretOf(1)], pub, party1.nonces, commitmentList, message), ...signCommitted([secretOf(3)], pub, party3.nonces, commitmentList, message) };
    const bad = Fn.toBytes(Fn.add(Fn.fromBytes(shares[id(3)] as Uint8Array), Fn.ONE));
    expect(() => verifySignatureShares(pub, commitmentList, message, { ...shares, [id(3)]: bad })).toThrow(expect.objectContaining({ culprit: id(3) }));
    expect(() => aggregateSignature(pub, commitmentList, message, { ...shares, [id(3)]: bad })).toThrow(expect.objectContaining({ culprit: id(3) }));
  });
});
