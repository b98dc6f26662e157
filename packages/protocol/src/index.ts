/**
 * @latchkey/protocol — the wire contract: zod schemas for every entity of SPEC §3, the route
 * table of DESIGN.md, server error codes (SPEC §8), enumerations and constants (SPEC §9).
 */
export * from './catalogue.js';
export * from './clientErrorCodes.js';
export * from './common.js';
export * from './constants.js';
export * from './embeddedWallet.js';
export * from './enums.js';
export * from './errorCodes.js';
export * from './errors.js';
export * from './jwks.js';
export * from './log.js';
export * from './mfa.js';
export * from './mpc.js';
export * from './mpcSocket.js';
export * from './networks.js';
export * from './passkeyAttestation.js';
export * from './passkeys.js';
export * from './records.js';
export * from './routeInfo.js';
export * from './routePath.js';
export * from './routes.js';
export * from './settings/index.js';
export * from './signIn.js';
export * from './social.js';
export * from './tokens.js';
export * from './transactions.js';
export * from './user.js';
export * from './verification.js';
export * from './walletSignature.js';
