/** SPEC §5: 32 to 44 base58 characters (the multiple-recipients placeholder is handled by the caller). */
export function addressProblem(value: string): string | undefined {
  if (value === '') return 'Enter the recipient’s address.';
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(value)) return 'Only base58 characters (no 0, O, I or l) are allowed.';
  if (value.length < 32 || value.length > 44) return 'An address is 32 to 44 characters long.';
  return undefined;
}

/** Exact base units of a typed decimal amount, or a reason it is not one. */
export function toBaseUnits(text: string, decimals: number): { units: bigint } | { problem: string } {
  const trimmed = text.trim();
  const match = /^(\d+)(?:\.(\d*))?$/.exec(trimmed);
  if (!match) return { problem: 'Enter an amount, like 0.5.' };
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return { problem: `At most ${decimals} decimals.` };
  const units = BigInt(match[1] + fraction.padEnd(decimals, '0'));
  if (units === 0n) return { problem: 'The amount must be more than zero.' };
  return { units };
}

/** Base units as a plain decimal (exact, trailing zeros trimmed, at least one decimal digit). */
export function fromBaseUnits(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const fraction = (decimals === 0 ? '' : digits.slice(-decimals)).replace(/0+$/, '');
  return `${whole}.${fraction || '0'}`;
}

/** Lamports a SOL "Max" keeps back for the network fee of one signature. */
export const FEE_RESERVE_LAMPORTS = 5000n;

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}
