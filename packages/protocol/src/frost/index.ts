// @latchkey/protocol/frost — the MPC wallets' FROST(Ed25519, SHA-512) layer shared by the kit and the sandbox:
// schemes and identifiers, the wire's byte encodings, and resharing composed of @noble/curves calls. No zod.

export * from './codec.js';
export * from './dkg.js';
export * from './FrostWireError.js';
export * from './identifier.js';
export * from './reshare.js';
export * from './scheme.js';
export * from './shareProof.js';
export * from './signing.js';
