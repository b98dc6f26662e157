import { intlLocale } from '../../messages/format.js';
/** A reason a typed value is refused: a message id of the catalogue (`send.problem.*`) and its placeholders' values. */
export interface InputProblem {
  id: 'send.problem.addressEmpty' | 'send.problem.addressBase58' | 'send.problem.addressLength' | 'send.problem.amountShape' | 'send.problem.decimals' | 'send.problem.amountZero';
  params?: Readonly<Record<string, number>>;
}

/** SPEC §5: 32 to 44 base58 characters (the multiple-recipients placeholder is handled by the caller). */
export function addressProblem(value: string): InputProblem | undefined {
  if (value === '') return { id: 'send.problem.addressEmpty' };
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(value)) return { id: 'send.problem.addressBase58' };
  if (value.length < 32 || value.length > 44) return { id: 'send.problem.addressLength' };
  return undefined;
}

/**
 * Exact base units of a typed decimal amount, or a reason it is not one. The locale's decimal separator is taken
 * too (`0,5` where a comma is the locale's), and the locale's digits (Arabic-Indic `٠٫٥`).
 */
export function toBaseUnits(text: string, decimals: number, decimalSeparator = '.'): { units: bigint } | { problem: InputProblem } {
  const trimmed = latinDigits(text.trim()).split(decimalSeparator).join('.');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(trimmed);
  if (!match) return { problem: { id: 'send.problem.amountShape' } };
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return { problem: { id: 'send.problem.decimals', params: { decimals } } };
  const units = BigInt(match[1] + fraction.padEnd(decimals, '0'));
  if (units === 0n) return { problem: { id: 'send.problem.amountZero' } };
  return { units };
}

/** Base units as a plain decimal (exact, trailing zeros trimmed, at least one decimal digit). */
export function fromBaseUnits(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const fraction = (decimals === 0 ? '' : digits.slice(-decimals)).replace(/0+$/, '');
  return `${whole}.${fraction || '0'}`;
}

/** Arabic-Indic (U+0660…), Eastern Arabic-Indic (U+06F0…) digits and the Arabic decimal separator as ASCII. */
function latinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.');
}

/** The decimal separator `locale` writes (`.` or `,`). */
export function decimalSeparatorOf(locale: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(locale)).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  } catch {
    return '.';
  }
}

/** Lamports a SOL "Max" keeps back for the network fee of one signature. */
export const FEE_RESERVE_LAMPORTS = 5000n;

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}
