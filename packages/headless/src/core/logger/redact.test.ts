import { describe, expect, it } from 'vitest';
import { redactSearch, redactValue } from './redact.js';

describe('redactValue, redactSearch', () => {
  it('behavior: wallet and sign-in secrets under their own names are redacted; ids and plain fields stay', () => {
    const logged = redactValue({
      secretKey: 'k',
      dappSecretKey: 'k',
      verifier: 'v',
      codeVerifier: 'v',
      signingShare: 's',
      exportBundle: 'b',
      recoveryCode: 'r',
      recoveryCodes: ['r1'],
      session: 'phantom-session',
      sessionId: 'id-1',
      walletId: 'w-1',
      address: '9yaW',
    });
    expect(logged).toEqual({
      secretKey: '[redacted]',
      dappSecretKey: '[redacted]',
      verifier: '[redacted]',
      codeVerifier: '[redacted]',
      signingShare: '[redacted]',
      exportBundle: '[redacted]',
      recoveryCode: '[redacted]',
      recoveryCodes: '[redacted]',
      session: '[redacted]',
      sessionId: 'id-1',
      walletId: 'w-1',
      address: '9yaW',
    });
  });

  it("behavior: a mobile wallet's return (its sealed data, the kit's request id) is redacted from a page's search", () => {
    expect(redactSearch('?data=abc&nonce=n1&phantom_encryption_public_key=pk&latchkey_mobile_request=r1&x=1')).toBe(
      '?data=[redacted]&nonce=n1&phantom_encryption_public_key=pk&latchkey_mobile_request=[redacted]&x=1',
    );
  });

  it("behavior: the kit's other secret-bearing shapes keep nothing secret — an otpauth URI's seed, a custody stamp's header value, Telegram's login hash, a page's secret= parameter; a blockhash stays", () => {
    const seed = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const registration = JSON.stringify(redactValue({ registration: { id: 'dev-1', uri: `otpauth://totp/Demo:ada%40example.com?secret=${seed}&issuer=Demo` } }));
    expect(registration).not.toContain(seed);
    expect(registration).toContain('issuer=Demo');
    const stampHeaderValue = 'eyJwdWJsaWNLZXkiOiIwMmFiIiwic2lnbmF0dXJlIjoiMzA0NTAyMjEwMCJ9';
    expect(JSON.stringify(redactValue({ header: { stampHeaderName: 'X-Stamp', stampHeaderValue } }))).not.toContain(stampHeaderValue);
    const hash = 'a3f1c2d4e5b6a7980112233445566778899aabbccddeeff00112233445566778';
    expect(JSON.stringify(redactValue({ telegramAuth: { id: 1, firstName: 'Ada', authDate: 1, hash } }))).not.toContain(hash);
    expect(redactSearch(`?secret=${seed}&tab=1`)).toBe('?secret=[redacted]&tab=1');
    expect(redactValue({ blockhash: 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k' })).toEqual({ blockhash: 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k' });
  });
});

