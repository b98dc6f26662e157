import { describe, expect, it } from 'vitest';
import { fiatValue } from './getSolanaBalances.js';

describe('fiatValue', () => {
  it('default: exact base units × price, rounded up to cents by the SPEC §9 rule', () => {
    expect(fiatValue(1_500_000_000n, 9, 150.25)).toBe('225.38');
    expect(fiatValue(1n, 9, 150)).toBe('0.01');
    expect(fiatValue(0n, 9, 150)).toBe('0.0');
    expect(fiatValue(7_500_000n, 6, 1)).toBe('7.5');
    expect(fiatValue(123_456_789_012_345_678n, 9, 0.1)).toBe('12345678.91');
  });
});
