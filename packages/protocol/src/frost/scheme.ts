/**
 * Who holds what in an MPC wallet (FROST(Ed25519, SHA-512), RFC 9591): the threshold schemes of
 * SPEC §3 and how many shares each side holds. Plain data (no zod, no curve), so the protocol's main
 * entry re-exports it without carrying @noble/curves.
 */
export type FrostScheme = 'TWO_OF_TWO' | 'TWO_OF_THREE' | 'THREE_OF_FIVE';

export const FROST_SCHEMES: readonly FrostScheme[] = ['TWO_OF_TWO', 'TWO_OF_THREE', 'THREE_OF_FIVE'];

/** `min` shares sign; `max` shares exist. */
export interface FrostSigners {
  readonly min: number;
  readonly max: number;
}

export const FROST_SIGNERS: Readonly<Record<FrostScheme, FrostSigners>> = {
  TWO_OF_TWO: { min: 2, max: 2 },
  TWO_OF_THREE: { min: 2, max: 3 },
  THREE_OF_FIVE: { min: 3, max: 5 },
};

/**
 * Client key shares per scheme: the device's one, then the backup shares (TWO_OF_THREE one,
 * THREE_OF_FIVE two). The server holds the rest.
 */
export const CLIENT_KEY_SHARES: Readonly<Record<FrostScheme, number>> = {
  TWO_OF_TWO: 1,
  TWO_OF_THREE: 2,
  THREE_OF_FIVE: 3,
};

/** Server key shares per scheme: always fewer than the threshold, so the server alone never signs. */
export const SERVER_KEY_SHARES: Readonly<Record<FrostScheme, number>> = {
  TWO_OF_TWO: 1,
  TWO_OF_THREE: 1,
  THREE_OF_FIVE: 2,
};

/** Backup shares per scheme: client shares beyond the device's (never stored on the device in plaintext). */
export const BACKUP_KEY_SHARES: Readonly<Record<FrostScheme, number>> = {
  TWO_OF_TWO: 0,
  TWO_OF_THREE: 1,
  THREE_OF_FIVE: 2,
};

export function isFrostScheme(value: unknown): value is FrostScheme {
  return typeof value === 'string' && (FROST_SCHEMES as readonly string[]).includes(value);
}
