import { describe, expect, it } from 'vitest';
import { fakeJwt, fakeSignIn } from '../../test/fakeFetch.js';
import { authFromResponse, CLOCK_SKEW_TOLERANCE_MS, storedAuthParser } from './storedAuth.js';

const JWT = 'header.payload.signature';
const EXPIRES_AT = '2026-11-21T13:00:00.000Z';

describe('storedAuthParser', () => {
  it('default: a stored { jwt, expiresAt } parses, extra keys dropped', () => {
    expect(storedAuthParser.safeParse({ jwt: JWT, expiresAt: EXPIRES_AT })).toEqual({ success: true, data: { jwt: JWT, expiresAt: EXPIRES_AT } });
    expect(storedAuthParser.safeParse({ jwt: JWT, expiresAt: EXPIRES_AT, user: { id: 'u' } })).toEqual({
      success: true,
      data: { jwt: JWT, expiresAt: EXPIRES_AT },
    });
  });

  it('default: what authFromResponse writes reads back', () => {
    const auth = authFromResponse(fakeSignIn(Date.UTC(2026, 10, 21, 13)));
    expect(storedAuthParser.safeParse(JSON.parse(JSON.stringify(auth)))).toEqual({ success: true, data: auth });
  });

  it('behavior: ISO date-times with an offset or without fractions are accepted', () => {
    for (const expiresAt of ['2026-11-21T13:00:00Z', '2026-11-21T14:00:00+01:00', '2026-11-21T13:00:00.5-00:30']) {
      expect(storedAuthParser.safeParse({ jwt: JWT, expiresAt }).success, expiresAt).toBe(true);
    }
  });

  it('error: no token, an empty or non-string token is refused with a TypeError', () => {
    for (const value of [{ expiresAt: EXPIRES_AT }, { jwt: '', expiresAt: EXPIRES_AT }, { jwt: 42, expiresAt: EXPIRES_AT }]) {
      const result = storedAuthParser.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(!result.success && result.error).toBeInstanceOf(TypeError);
    }
  });

  it('error: a missing, local, date-only or impossible expiresAt is refused', () => {
    for (const expiresAt of [undefined, 1_763_730_000_000, '2026-11-21T13:00:00', '2026-11-21', '2026-13-45T99:00:00Z', 'tomorrow']) {
      expect(storedAuthParser.safeParse({ jwt: JWT, expiresAt }).success, String(expiresAt)).toBe(false);
    }
  });

  it('error: a value that is not an object is refused', () => {
    for (const value of [null, undefined, 'header.payload.signature', 42, [JWT, EXPIRES_AT]]) {
      expect(storedAuthParser.safeParse(value).success, String(value)).toBe(false);
    }
  });
});

describe('authFromResponse: a device clock that is wrong', () => {
  const issued = Date.UTC(2026, 10, 21, 12);
  const lifetime = 2 * 3_600_000;
  const response = { jwt: fakeJwt(issued + lifetime, { iat: issued / 1000 }), expiresAt: new Date(issued + lifetime).toISOString() };

  it('behavior: a device three hours ahead keeps the session for its two hours, on its own clock (not expired at once)', () => {
    const deviceNow = issued + 3 * 3_600_000;
    expect(authFromResponse(response, deviceNow)?.expiresAt).toBe(new Date(deviceNow + lifetime).toISOString());
  });

  it('behavior: a device an hour behind does not keep it an hour too long', () => {
    const deviceNow = issued - 3_600_000;
    expect(authFromResponse(response, deviceNow)?.expiresAt).toBe(new Date(deviceNow + lifetime).toISOString());
  });

  it('default: within the tolerance (and without iat) the server’s expiry stands as sent', () => {
    expect(authFromResponse(response, issued + CLOCK_SKEW_TOLERANCE_MS)?.expiresAt).toBe(response.expiresAt);
    expect(authFromResponse(response, issued - CLOCK_SKEW_TOLERANCE_MS)?.expiresAt).toBe(response.expiresAt);
    const noIat = { jwt: fakeJwt(issued + lifetime), expiresAt: response.expiresAt };
    expect(authFromResponse(noIat, issued + 5 * 3_600_000)?.expiresAt).toBe(response.expiresAt);
  });
});
