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
});
