import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotpStep, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp.js';

// RFC 6238 appendix B (SHA1): the seed "12345678901234567890", 8 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('totp', () => {
  it.each(RFC_VECTORS)('default: RFC 6238 test vector at T=%i → %s', (seconds, expected) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000), 8)).toBe(expected);
  });

  it('default: RFC 4226 HOTP vectors (counter 0..2)', () => {
    const secret = Buffer.from('12345678901234567890');
    expect([0, 1, 2].map((counter) => hotp(secret, counter))).toEqual(['755224', '287082', '359152']);
  });

  it('unit: base32 round-trips; secrets are 160 bits in the RFC 4648 alphabet', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(() => base32Decode('A1')).toThrow('Invalid base32 character');
  });

  it('behavior: a code matches its step within ±1 step, not beyond; malformed codes never match', () => {
    const now = new Date(1_700_000_000_000);
    const code = totpCode(RFC_SECRET, now);
    expect(matchTotpStep(RFC_SECRET, code, now)).toBe(totpStep(now));
    expect(matchTotpStep(RFC_SECRET, code, new Date(now.getTime() + 30_000))).toBe(totpStep(now));
    expect(matchTotpStep(RFC_SECRET, code, new Date(now.getTime() + 90_000))).toBeUndefined();
    for (const bad of ['', '12345', '1234567', 'abcdef']) expect(matchTotpStep(RFC_SECRET, bad, now)).toBeUndefined();
  });

  it('unit: the otpauth URI names issuer and account', () => {
    expect(otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Latchkey Demo', account: 'ada@example.com' })).toBe(
      'otpauth://totp/Latchkey%20Demo:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Latchkey+Demo&algorithm=SHA1&digits=6&period=30',
    );
  });
});
