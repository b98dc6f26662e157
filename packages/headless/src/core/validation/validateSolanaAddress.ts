import { LatchkeyError } from '../errors/LatchkeyError.js';

/**
 * The placeholder a transfer form may carry instead of one address when it sends to several recipients (SPEC §5
 * accepts it; SPEC gives no value, this one is ours).
 */
export const MULTIPLE_RECIPIENTS_PLACEHOLDER = 'multiple-recipients';

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** Why `value` is not a Solana address under SPEC §5 (32 to 44 base58 characters), or undefined when it is one. */
export function solanaAddressProblem(value: string): string | undefined {
  if (value === MULTIPLE_RECIPIENTS_PLACEHOLDER) return undefined;
  if (value.length === 0) return 'the address is empty';
  if (!BASE58.test(value)) return 'only base58 characters (no 0, O, I or l) are allowed';
  if (value.length < 32 || value.length > 44) return 'an address is 32 to 44 characters long';
  return undefined;
}

export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && solanaAddressProblem(value) === undefined;
}

/** Throws `invalid_solana_address` (with `path`) unless `value` is a Solana address or the multiple-recipients placeholder. */
export function validateSolanaAddress(value: unknown, path = 'address'): string {
  const problem = typeof value === 'string' ? solanaAddressProblem(value) : 'the address must be text';
  if (problem !== undefined) throw new LatchkeyError('invalid_solana_address', { params: { reason: problem }, path });
  return value as string;
}
