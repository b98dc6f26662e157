import { serverErrorCodes, socialLinkingErrorCodes, transportErrorCodes } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { clientErrorMessages, getWalletErrorNumber, walletErrorCodes } from './errorCodes.js';
import { isLatchkeyError, LatchkeyError } from './LatchkeyError.js';

describe('LatchkeyError', () => {
  it('default: carries code, SPEC wording, cause and name', () => {
    const cause = new Error('boom');
    const error = new LatchkeyError('wrong_email_verification_token', { message: 'server words', cause, status: 400 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('LatchkeyError');
    expect(error.code).toBe('wrong_email_verification_token');
    expect(error.message).toBe('The code is invalid or expired.');
    expect(error.cause).toBe(cause);
    expect(error.status).toBe(400);
  });

  it.each([
    ['invalid_email_verification', 'The code is invalid or expired.'],
    ['too_many_email_verification_attempts', 'Too many email verification attempts.'],
    ['invalid_phone', 'Invalid phone number.'],
    ['too_many_requests', 'Rate limit reached'],
    ['wallet_not_deployed', 'Wallet has not been deployed'],
    ['popup_blocked', 'Please allow popups and try again.'],
    ['webauthn_not_supported', 'Webauthn is not supported on this device.'],
    ['insufficient_funds', 'Insufficient funds.'],
    ['gas_not_sponsored', 'Transaction gas cannot be sponsored.'],
    ['socket_response_malformed', 'Server response malformed'],
  ] as const)('behavior: %s reads %j', (code, message) => {
    expect(new LatchkeyError(code, { message: 'ignored' }).message).toBe(message);
  });

  it('behavior: fills {placeholders} from params and leaves unknown ones', () => {
    expect(new LatchkeyError('unexpected_activity_status', { params: { status: 'FAILED' } }).message).toBe(
      'Expected COMPLETED status, got FAILED',
    );
    expect(new LatchkeyError('social_oauth_error', { params: { provider: 'github' } }).message).toBe(
      'Failed to connect github social account: {error}',
    );
  });

  it('behavior: server codes without SPEC wording keep the server message, else the code', () => {
    expect(new LatchkeyError('email_already_exists', { message: 'That e-mail is taken.' }).message).toBe('That e-mail is taken.');
    expect(new LatchkeyError('email_already_exists').message).toBe('email_already_exists');
  });

  it('behavior: wallet error codes are numbered 0 to 11', () => {
    expect(walletErrorCodes).toHaveLength(12);
    expect(getWalletErrorNumber('UNKNOWN')).toBe(0);
    expect(getWalletErrorNumber('USER_REJECTED')).toBe(2);
    expect(getWalletErrorNumber('SEI_NOT_ENABLED_IN_KEPLR_WALLET')).toBe(11);
    expect(getWalletErrorNumber('invalid_phone')).toBeUndefined();
    expect(new LatchkeyError('USER_REJECTED', { message: 'The wallet refused.' }).message).toBe('The wallet refused.');
    expect(new LatchkeyError('oauth_window_closed').code).toBe('oauth_window_closed');
  });

  it('behavior: client codes never collide with server or wallet codes', () => {
    const server = new Set<string>([...serverErrorCodes, ...transportErrorCodes, ...walletErrorCodes, ...socialLinkingErrorCodes]);
    expect(Object.keys(clientErrorMessages).filter((code) => server.has(code))).toEqual([]);
  });

  it('behavior: isLatchkeyError narrows by code', () => {
    const error = new LatchkeyError('timeout');
    expect(isLatchkeyError(error)).toBe(true);
    expect(isLatchkeyError(error, 'timeout')).toBe(true);
    expect(isLatchkeyError(error, 'aborted')).toBe(false);
    expect(isLatchkeyError(new Error('x'))).toBe(false);
  });

  it("error: another party's text reaches a message or a param at 300 characters at most (a provider's 100 kB error)", () => {
    const huge = 'x'.repeat(100_000);
    const social = new LatchkeyError('social_oauth_error', { params: { provider: 'google', error: huge } });
    expect(social.params?.['error']).toHaveLength(300);
    expect(String(social.params?.['error']).endsWith('…')).toBe(true);
    expect(social.message).toBe(`Failed to connect google social account: ${'x'.repeat(299)}…`);
    const server = new LatchkeyError('some_server_code' as never, { message: huge });
    expect(server.message).toHaveLength(300);
    expect(new LatchkeyError('some_server_code' as never, { message: 'short' }).message).toBe('short');
  });
});
