import { describe, expect, it } from 'vitest';
import { formatAmount } from './formatAmount.js';
import { lamportsToSol, solToLamports } from './lamports.js';

describe('formatAmount', () => {
  it.each([
    ['1.23411', 3, '1.235'],
    ['1.2340001', 3, '1.235'],
    ['1.2000', 4, '1.2'],
    ['2', 4, '2.0'],
    ['0.0000001', 2, '0.01'],
    ['9.999', 2, '10.0'],
    ['0', 0, '0.0'],
    ['1.5', 0, '2.0'],
    ['12345678901234567890.123456789', 5, '12345678901234567890.12346'],
  ] as const)('default: %s to %i decimals is %s', (amount, decimals, expected) => {
    expect(formatAmount(amount, decimals)).toBe(expected);
  });

  it('behavior: numbers and bigints are accepted', () => {
    expect(formatAmount(0.1 + 0.2, 2)).toBe('0.31');
    expect(formatAmount(1e-7, 9)).toBe('0.0000001');
    expect(formatAmount(5n, 2)).toBe('5.0');
  });

  it.each([['-1'], ['abc'], ['1.'], ['.5'], ['1e5'], [Number.NaN], [Number.POSITIVE_INFINITY]])('error: %s is invalid_amount', (amount) => {
    expect(() => formatAmount(amount, 2)).toThrow(expect.objectContaining({ code: 'invalid_amount' }));
  });

  it('error: decimals must be an integer from 0 to 36', () => {
    for (const decimals of [-1, 1.5, 37]) {
      expect(() => formatAmount('1', decimals)).toThrow(expect.objectContaining({ code: 'invalid_amount' }));
    }
  });
});

describe('lamports', () => {
  it('default: 1 SOL is 1e9 lamports, exactly', () => {
    expect(solToLamports('1')).toBe(1_000_000_000n);
    expect(solToLamports('0.000000001')).toBe(1n);
    expect(solToLamports('1.5')).toBe(1_500_000_000n);
    expect(solToLamports('1.2000000000000')).toBe(1_200_000_000n);
    expect(lamportsToSol(1_500_000_000n)).toBe('1.5');
    expect(lamportsToSol(1n)).toBe('0.000000001');
    expect(lamportsToSol(0n)).toBe('0.0');
    expect(lamportsToSol(123_000_000_000_000_000_001n)).toBe('123000000000.000000001');
  });

  it('error: more than 9 decimals or a negative amount is invalid_amount', () => {
    expect(() => solToLamports('0.0000000001')).toThrow(expect.objectContaining({ code: 'invalid_amount' }));
    expect(() => solToLamports('-1')).toThrow(expect.objectContaining({ code: 'invalid_amount' }));
    expect(() => lamportsToSol(-1n)).toThrow(expect.objectContaining({ code: 'invalid_amount' }));
  });
});
