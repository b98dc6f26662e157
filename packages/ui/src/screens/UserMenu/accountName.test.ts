import { describe, expect, it } from 'vitest';
import { accountName, shortAddress } from './accountName.js';

const wallet = (address: string, lastSelectedAt?: string) => ({ format: 'blockchain', address, ...(lastSelectedAt ? { lastSelectedAt } : {}) });

describe('accountName', () => {
  it('default: the e-mail, else the phone number', () => {
    expect(accountName({ email: 'ada@example.com', phoneNumber: '+447400123456' })).toBe('ada@example.com');
    expect(accountName({ email: null, phoneNumber: '+447400123456' })).toBe('+447400123456');
  });

  it("behavior: a wallet-only account is named by its primary wallet's short address (the one selected last)", () => {
    const older = '9yaWqP3vB7nXk2LmR4tZcH8sD1fG6jQ8Q9R';
    const newer = 'HkjWm2Nq7rTx4VbC9pLz3sYd8FgK1aEh8E1';
    expect(accountName({ verifiedCredentials: [wallet(older, '2026-01-01T00:00:00.000Z'), wallet(newer, '2026-02-01T00:00:00.000Z')] })).toBe('HkjW…h8E1');
    expect(accountName({ verifiedCredentials: [{ format: 'email', address: null }, wallet(older)] })).toBe('9yaW…8Q9R');
  });

  it('edge: nothing to name the account by gives undefined; a short address stays whole', () => {
    expect(accountName(undefined)).toBeUndefined();
    expect(accountName({ verifiedCredentials: [{ format: 'oauth' }] })).toBeUndefined();
    expect(shortAddress('abc')).toBe('abc');
  });
});
