import { LatchkeyError } from '../errors/LatchkeyError.js';

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const MAX_DECIMALS = 36;

function invalid(reason: string): LatchkeyError {
  return new LatchkeyError('invalid_amount', { params: { reason } });
}

function toPlainDecimal(amount: string | number | bigint): string {
  if (typeof amount === 'bigint') return amount.toString();
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) throw invalid(`${amount} is not a finite number`);
    return amount.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  }
  return amount.trim();
}

/** Splits a non-negative decimal into its integer and fraction digits, or throws `invalid_amount`. */
export function parseDecimal(amount: string | number | bigint): { integer: string; fraction: string } {
  const text = toPlainDecimal(amount);
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) throw invalid(`"${text}" is not a non-negative decimal number`);
  return { integer: match[1] as string, fraction: match[2] ?? '' };
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw invalid(`decimals must be an integer from 0 to ${MAX_DECIMALS}`);
  }
}

/** `digits` (an integer scaled by 10^decimals) as a decimal string: trailing zeros trimmed, at least one decimal digit. */
export function formatScaled(digits: bigint, decimals: number): string {
  const text = digits.toString().padStart(decimals + 1, '0');
  const integer = decimals === 0 ? text : text.slice(0, -decimals);
  const fraction = (decimals === 0 ? '' : text.slice(-decimals)).replace(/0+$/, '');
  return `${integer}.${fraction || '0'}`;
}

/**
 * SPEC §9: an amount rounded up to `decimals` decimals, trailing zeros trimmed, keeping at least
 * one decimal digit: `formatAmount('1.23411', 3)` is `'1.235'`, `formatAmount('2', 4)` is `'2.0'`.
 */
export function formatAmount(amount: string | number | bigint, decimals: number): string {
  checkDecimals(decimals);
  const { integer, fraction } = parseDecimal(amount);
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  const dropped = fraction.slice(decimals);
  let digits = BigInt(integer + kept);
  if (/[1-9]/.test(dropped)) digits += 1n;
  return formatScaled(digits, decimals);
}
