/**
 * Ed25519 as Solana's runtime checks it (dalek's verify_strict), not ZIP-215's permissive rules (noble's default):
 * those accept, for a public key of small order — the System Program's 32 zero bytes among them, keys no one holds
 * the secret of — the signature (R = identity, S = 0) over any message. Strict checking refuses such keys.
 */
export const STRICT_ED25519 = { zip215: false } as const;
