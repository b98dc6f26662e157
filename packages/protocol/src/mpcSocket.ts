import * as z from 'zod/mini';
import { thresholdSignatureSchemeSchema } from './enums.js';

/**
 * The MPC ceremonies' JSON-RPC 2.0 methods over the sandbox's WebSocket (packages/sandbox/README.md,
 * "MPC wallets"): each method's `params` and `result`, and the error codes of a refusal. Byte strings
 * are lowercase hex: points and scalars 32 bytes, identifiers as @noble/curves serialises them.
 */

const hexBytes = (bytes: number) =>
  z.string().check(z.regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`), { message: `must be ${bytes} bytes of lowercase hex` }));

export const frostIdentifierSchema = hexBytes(32);
const pointSchema = hexBytes(32);
const scalarSchema = hexBytes(32);
const roomIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
/** One point per polynomial coefficient: the threshold, 2 or 3. */
const commitmentSchema = z.array(pointSchema).check(z.minLength(2), z.maxLength(3));
const few = <T extends z.ZodMiniType>(item: T) => z.array(item).check(z.minLength(1), z.maxLength(25));

export const round1PackageSchema = z.object({ identifier: frostIdentifierSchema, commitment: commitmentSchema, proofOfKnowledge: hexBytes(64) });
export const secretShareSchema = z.object({ from: frostIdentifierSchema, to: frostIdentifierSchema, signingShare: scalarSchema });
export const nonceCommitmentSchema = z.object({ identifier: frostIdentifierSchema, hiding: pointSchema, binding: pointSchema });
export const signatureShareSchema = z.object({ identifier: frostIdentifierSchema, share: scalarSchema });
/** A dealer of `reshare.round1`; a client's carries `proof` (shareProof.ts: it holds its share, for this room). */
export const reshareDealerSchema = z.object({ identifier: frostIdentifierSchema, commitment: commitmentSchema, proof: z.optional(hexBytes(64)) });
export const sealedShareSchema = z.object({
  identifier: frostIdentifierSchema,
  /** HPKE encapsulated key: an uncompressed P-256 point. */
  encapsulatedKey: hexBytes(65),
  /** AES-256-GCM ciphertext and tag of the 32-byte signing share. */
  ciphertext: hexBytes(48),
});

const finishedSchema = z.object({
  walletId: z.string().check(z.minLength(1)),
  address: z.string().check(z.minLength(32), z.maxLength(44)),
  publicKey: pointSchema,
  thresholdSignatureScheme: thresholdSignatureSchemeSchema,
});
const confirmationSchema = z.object({ roomId: roomIdSchema, publicKey: pointSchema, verifyingShares: z.record(frostIdentifierSchema, pointSchema) });

export const mpcSocketMethods = {
  'rpc.login': { params: z.object({ jwt: z.string().check(z.minLength(1), z.maxLength(8192)) }), result: z.literal(true) },
  'keygen.round1': { params: z.object({ roomId: roomIdSchema, packages: few(round1PackageSchema) }), result: z.object({ packages: few(round1PackageSchema) }) },
  'keygen.round2': { params: z.object({ roomId: roomIdSchema, packages: few(secretShareSchema) }), result: z.object({ packages: few(secretShareSchema) }) },
  'keygen.round3': { params: confirmationSchema, result: finishedSchema },
  'sign.commit': { params: z.object({ roomId: roomIdSchema, commitments: few(nonceCommitmentSchema) }), result: z.object({ commitments: few(nonceCommitmentSchema) }) },
  'sign.share': { params: z.object({ roomId: roomIdSchema, shares: few(signatureShareSchema) }), result: z.object({ shares: few(signatureShareSchema), signature: hexBytes(64) }) },
  // The server deals only when the client's dealers do not reach the old threshold alone: its lists may be empty.
  'reshare.round1': { params: z.object({ roomId: roomIdSchema, dealers: few(reshareDealerSchema) }), result: z.object({ dealers: z.array(reshareDealerSchema).check(z.maxLength(25)) }) },
  'reshare.round2': { params: z.object({ roomId: roomIdSchema, shares: z.array(secretShareSchema).check(z.maxLength(25)) }), result: z.object({ shares: z.array(secretShareSchema).check(z.maxLength(25)) }) },
  'reshare.round3': { params: confirmationSchema, result: finishedSchema },
  'export.share': {
    /** `proofs[i]`: that the client holds `clientIdentifiers[i]`'s share, for this room and target key (shareProof.ts). */
    params: z.object({ roomId: roomIdSchema, targetPublicKey: hexBytes(65), clientIdentifiers: few(frostIdentifierSchema), proofs: few(hexBytes(64)) }),
    result: z.object({ shares: few(sealedShareSchema) }),
  },
} as const;

export type MpcSocketMethod = keyof typeof mpcSocketMethods;
export type MpcSocketParams<M extends MpcSocketMethod> = z.input<(typeof mpcSocketMethods)[M]['params']>;
export type MpcSocketResult<M extends MpcSocketMethod> = z.output<(typeof mpcSocketMethods)[M]['result']>;

/**
 * JSON-RPC error codes of a refused MPC message (beside the standard -32700 parse error, -32600
 * invalid request, -32601 method not found, -32602 invalid params, -32603 internal error). The
 * error's `data` is `{ reason, … }` with `reason` the key below; `package_invalid` adds `culprit`
 * (the FROST identifier) and `culpritKeygenId`.
 */
export const MPC_SOCKET_ERRORS = {
  unauthenticated: -32001,
  room_not_found: -32002,
  room_expired: -32003,
  out_of_order: -32004,
  replayed: -32005,
  package_invalid: -32006,
  room_closed: -32007,
  room_forbidden: -32008,
} as const;
export type MpcSocketErrorReason = keyof typeof MPC_SOCKET_ERRORS;

/** The HPKE `info` of a server share sealed to the export frame; the AAD is the share's identifier (UTF-8). */
export const MPC_EXPORT_HPKE_INFO = 'latchkey-mpc-export';
/** How long a ceremony room stays open (ms). */
export const MPC_ROOM_TTL_MS = 120_000;
