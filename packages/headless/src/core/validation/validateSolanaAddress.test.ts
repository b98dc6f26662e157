import { describe, expect, it } from 'vitest';
import { isSolanaAddress, MULTIPLE_RECIPIENTS_PLACEHOLDER, validateSolanaAddress } from './validateSolanaAddress.js';

describe('validateSolanaAddress (SPEC §5)', () => {
  it('default: 32 to 44 base58 characters, and the multiple-recipients placeholder', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true);
    expect(isSolanaAddress('9ZTsGj9jYLTTYcAc7BR3WNbVPnj4tAUDkgx6EaMajXJy')).toBe(true);
    expect(isSolanaAddress(MULTIPLE_RECIPIENTS_PLACEHOLDER)).toBe(true);
    expect(validateSolanaAddress('9ZTsGj9jYLTTYcAc7BR3WNbVPnj4tAUDkgx6EaMajXJy')).toBe('9ZTsGj9jYLTTYcAc7BR3WNbVPnj4tAUDkgx6EaMajXJy');
  });

  it.each([
    ['', 'the address is empty'],
    ['1'.repeat(31), 'an address is 32 to 44 characters long'],
    ['1'.repeat(45), 'an address is 32 to 44 characters long'],
    ['0'.repeat(32), 'only base58 characters (no 0, O, I or l) are allowed'],
    [' 9ZTsGj9jYLTTYcAc7BR3WNbVPnj4tAUDkgx6EaMajXJy', 'only base58 characters (no 0, O, I or l) are allowed'],
  ])('error: %j is invalid_solana_address', (value, reason) => {
    expect(isSolanaAddress(value)).toBe(false);
    expect(() => validateSolanaAddress(value, 'to')).toThrow(expect.objectContaining({ code: 'invalid_solana_address', path: 'to', message: `Invalid Solana address: ${reason}` }));
  });

  it('error: a value that is not text', () => {
    expect(() => validateSolanaAddress(42)).toThrow(expect.objectContaining({ code: 'invalid_solana_address' }));
  });
});
