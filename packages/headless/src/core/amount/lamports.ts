import { LAMPORTS_PER_SOL } from '@latchkey/protocol/constants';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { formatScaled, parseDecimal } from './formatAmount.js';

/** 1 SOL = 1e9 lamports (SPEC §9). */
const SOL_DECIMALS = LAMPORTS_PER_SOL.toString().length - 1;

/** Lamports as an exact SOL amount: `lamportsToSol(1_500_000_000n)` is `'1.5'`. */
export function lamportsToSol(lamports: bigint): string {
  if (lamports < 0n) throw new LatchkeyError('invalid_amount', { params: { reason: 'lamports must not be negative' } });
  return formatScaled(lamports, SOL_DECIMALS);
}

/** A SOL amount as lamports, exactly; more than 9 decimals cannot be represented and is refused. */
export function solToLamports(sol: string | number): bigint {
  const { integer, fraction } = parseDecimal(sol);
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > SOL_DECIMALS) {
    throw new LatchkeyError('invalid_amount', { params: { reason: `SOL has at most ${SOL_DECIMALS} decimals` } });
  }
  return BigInt(integer) * LAMPORTS_PER_SOL + BigInt(significant.padEnd(SOL_DECIMALS, '0'));
}
