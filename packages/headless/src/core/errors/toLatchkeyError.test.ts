import { emailSignInSchema } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { LatchkeyError } from './LatchkeyError.js';
// The core entry's toLatchkeyError (its conversion comes with the contract chunk).
import { toLatchkeyErrorLazily as toLatchkeyError } from './toLatchkeyErrorLazily.js';

const errorResponse = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('toLatchkeyError', () => {
  it('default: the access gate\'s coded refusals map by code to the SPEC wording, whatever the server wrote', async () => {
    const cases = [
      ['address_blocked_by_gate', 'This address is blocked by the gate'],
      ['address_not_approved', 'This address is not approved for access'],
      ['user_without_access', 'User does not have access'],
    ] as const;
    for (const [code, message] of cases) {
      const error = await toLatchkeyError(errorResponse(403, { error: { code, message: 'Zugang verweigert', path: 'email' } }));
      expect(error).toMatchObject({ code, message, status: 403, path: 'email' });
    }
  });

  it('default: a contract error body becomes its code, with the SPEC wording', async () => {
    const response = errorResponse(400, {
      error: { code: 'wrong_email_verification_token', message: 'Nope', path: 'verificationToken' },
    });
    const error = await toLatchkeyError(response);
    expect(error).toMatchObject({
      code: 'wrong_email_verification_token',
      message: 'The code is invalid or expired.',
      status: 400,
      path: 'verificationToken',
    });
    expect(error.cause).toBe(response);
  });

  it('default: a 429 carries retryAfterSeconds from Retry-After (seconds or an HTTP date); other errors none', async () => {
    const body = JSON.stringify({ error: { code: 'too_many_email_verification_attempts', message: 'x' } });
    const seconds = await toLatchkeyError(new Response(body, { status: 429, headers: { 'Retry-After': '42' } }));
    expect(seconds).toMatchObject({ code: 'too_many_email_verification_attempts', message: 'Too many email verification attempts.', status: 429, retryAfterSeconds: 42 });
    const at = new Date(Date.now() + 90_000).toUTCString();
    const dated = await toLatchkeyError(new Response(JSON.stringify({ error: { code: 'too_many_requests', message: 'x' } }), { status: 429, headers: { 'Retry-After': at } }));
    expect(dated.message).toBe('Rate limit reached');
    expect(dated.retryAfterSeconds).toBeGreaterThanOrEqual(88);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(90);
    expect((await toLatchkeyError(new Response(body, { status: 429, headers: { 'Retry-After': 'soon' } }))).retryAfterSeconds).toBeUndefined();
    expect((await toLatchkeyError(errorResponse(400, { error: { code: 'invalid_request', message: 'x' } }))).retryAfterSeconds).toBeUndefined();
    expect(new LatchkeyError('too_many_requests', { retryAfterSeconds: 5 }).retryAfterSeconds).toBe(5);
  });

  it('behavior: keeps the server message when SPEC gives none', async () => {
    const error = await toLatchkeyError(errorResponse(409, { error: { code: 'email_already_exists', message: 'Taken.' } }));
    expect(error).toMatchObject({ code: 'email_already_exists', message: 'Taken.', status: 409 });
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [405, 'method_not_allowed'],
    [429, 'too_many_requests'],
    [502, 'internal_error'],
    [418, 'invalid_request'],
  ] as const)('error: a %i without a contract body falls back to %s', async (status, code) => {
    const error = await toLatchkeyError(errorResponse(status, '<html>proxy error</html>'));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
  });

  it('error: an unknown server code keeps the server message', async () => {
    const error = await toLatchkeyError(errorResponse(400, { error: { code: 'brand_new_code', message: 'Something new.' } }));
    expect(error).toMatchObject({ code: 'invalid_request', message: 'Something new.' });
  });

  it('error: a network TypeError is network_error', async () => {
    const error = await toLatchkeyError(new TypeError('fetch failed'));
    expect(error).toMatchObject({ code: 'network_error', message: 'Network error. Check your connection and try again.' });
  });

  it("error: a library's error wrapping a failed fetch (web3.js: 'failed to get recent blockhash: TypeError: Failed to fetch') is network_error, the original kept as cause", async () => {
    const wrapped = new Error('failed to get recent blockhash: TypeError: Failed to fetch');
    const error = await toLatchkeyError(wrapped);
    expect(error).toMatchObject({ code: 'network_error', message: 'Network error. Check your connection and try again.' });
    expect(error.cause).toBe(wrapped);
    const chained = new Error('send failed', { cause: new TypeError('NetworkError when attempting to fetch resource.') });
    expect((await toLatchkeyError(chained)).code).toBe('network_error');
    expect((await toLatchkeyError(new Error('failed to get balance: invalid param'))).code).toBe('UNKNOWN');
  });

  it('error: an abort is aborted, a timeout is timeout', async () => {
    expect((await toLatchkeyError(new DOMException('stop', 'AbortError'))).code).toBe('aborted');
    expect((await toLatchkeyError(new DOMException('slow', 'TimeoutError'))).message).toBe('Timeout');
  });

  it('error: a schema failure is invalid_request with the path', async () => {
    const parsed = emailSignInSchema.safeParse({ email: 'not an address' });
    expect(parsed.success).toBe(false);
    const error = await toLatchkeyError(parsed.error);
    expect(error).toMatchObject({ code: 'invalid_request', path: 'email' });
    expect(error.message).toMatch(/^email: /);
  });

  it('behavior: a LatchkeyError passes through; anything else is UNKNOWN', async () => {
    const original = new LatchkeyError('timeout');
    expect(await toLatchkeyError(original)).toBe(original);
    expect(await toLatchkeyError(new Error('odd'))).toMatchObject({ code: 'UNKNOWN', message: 'odd' });
    expect(await toLatchkeyError('text')).toMatchObject({ code: 'UNKNOWN', message: 'text' });
  });
});

describe('SPEC §8 wording by server code (the audit of docs/spec8-messages.md)', () => {
  it("default: email_recovery_disabled reads 'Cannot proceed with your request' whatever the server wrote", async () => {
    const error = await toLatchkeyError(new Response(JSON.stringify({ error: { code: 'email_recovery_disabled', message: 'recovery is off' } }), { status: 400 }));
    expect(error).toMatchObject({ code: 'email_recovery_disabled', message: 'Cannot proceed with your request' });
  });
});
