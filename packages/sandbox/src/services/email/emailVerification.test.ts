import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { errorBodySchema, sessionTokenClaimsSchema, signInResponseSchema, userResponseSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { tokenAudience, tokenIssuer } from '../session/sessionTokens.js';
import { SWEEP_EVERY, VERIFICATION_RETENTION_MS } from '../verification/sweepCodeRecords.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

let emailCounter = 0;
const freshEmail = (tag = 'user') => `${tag}-${++emailCounter}@example.com`;

async function create(email: string): Promise<string> {
  const response = await t.call('POST', '/emailVerifications/create', { body: { email } });
  expect(response.status).toBe(200);
  return response.body.verificationUUID;
}

async function latestCode(email: string): Promise<string> {
  const [message] = await t.inbox(email);
  expect(message?.code).toMatch(/^\d{6}$/);
  return message!.code!;
}

/** A 6-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const signin = (verificationUUID: string, verificationToken: string) =>
  t.call('POST', '/emailVerifications/signin', { body: { verificationUUID, verificationToken } });

describe('e-mail sign-in', () => {
  it('behavior: the code e-mail comes from general.emailCompanyName (else the display name); SMS keep the display name', async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { general: { emailCompanyName: 'Acme Mail Co', displayName: 'Acme App' } } });
    try {
      const email = freshEmail('company');
      await create(email);
      const [message] = await t.inbox(email);
      expect(message!.subject).toBe(`${message!.code} is your Acme Mail Co sign-in code`);
      expect(message!.text).toContain('Your Acme Mail Co verification code');
      await t.call('PUT', '/sandbox/admin/settings', { body: { general: { emailCompanyName: null } } });
      const other = freshEmail('company');
      await create(other);
      expect((await t.inbox(other))[0]!.subject).toContain('Acme App');
    } finally {
      await t.call('POST', '/sandbox/admin/reset-settings');
    }
  });

  it('default: create → inbox → signin → JWT verifies against the JWKS → GET /users', async () => {
    const email = freshEmail();
    const verificationUUID = await create(email);
    const [message] = await t.inbox(email);
    expect(message).toMatchObject({ channel: 'email', to: email, subject: expect.stringContaining('Latchkey Demo') });
    expect(message!.text).toContain(message!.code!);

    const response = await signin(verificationUUID, message!.code!);
    expect(response.status).toBe(200);
    const body = signInResponseSchema.parse(response.body);
    expect(body.user.newUser).toBe(true);
    expect(body.user.email).toBe(email);
    expect(body.user.verifiedCredentials).toEqual([expect.objectContaining({ format: 'email', email, public_identifier: email })]);
    expect(body.user.lastVerifiedCredentialId).toBe(body.user.verifiedCredentials[0]!.id);

    const jwks = createRemoteJWKSet(new URL(`${t.sdk}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(body.jwt!, jwks, {
      issuer: tokenIssuer(t.sandbox.info.environmentId),
      audience: tokenAudience(t.sandbox.info.environmentId),
      currentDate: t.clock.now(),
    });
    expect(protectedHeader.alg).toBe('RS256');
    const claims = sessionTokenClaimsSchema.parse(payload);
    expect(claims).toMatchObject({
      kid: protectedHeader.kid,
      sub: body.user.id,
      sid: body.user.sessionId,
      environmentId: t.sandbox.info.environmentId,
      email,
      lastVerifiedCredentialId: body.user.lastVerifiedCredentialId,
    });
    expect(claims.verifiedCredentialsHashes?.email).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(body.expiresAt!).getTime()).toBe(claims.exp * 1000);
    // Lifetime from security.jwtDuration in the seed: 2 hours.
    expect(claims.exp - claims.iat).toBe(2 * 3600);
    await jwtVerify(body.minifiedJwt!, jwks, { currentDate: t.clock.now() });

    const me = await t.call('GET', '/users', { token: body.jwt });
    expect(me.status).toBe(200);
    expect(userResponseSchema.parse(me.body).user).toMatchObject({ id: body.user.id, email, sessionId: body.user.sessionId, newUser: false });
  });

  it('behavior: a second sign-in finds the same user, with a new session', async () => {
    const email = freshEmail();
    const first = await t.signIn(email);
    const second = await t.signIn(email.toUpperCase());
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.newUser).toBe(false);
    expect(second.user.sessionId).not.toBe(first.user.sessionId);
    expect(decodeProtectedHeader(second.jwt).kid).toBe(decodeProtectedHeader(first.jwt).kid);
  });

  it('error: wrong_email_verification_token, and the right code still works afterwards', async () => {
    const email = freshEmail();
    const id = await create(email);
    const code = await latestCode(email);
    const response = await signin(id, wrong(code));
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(response.body).error).toEqual({
      code: 'wrong_email_verification_token',
      message: 'The code is invalid or expired.',
      path: 'verificationToken',
    });
    const right = await signin(id, code);
    expect(right.status).toBe(200);
    // The wrong code created nobody: the right one signs a new user in.
    expect(right.body.user.newUser).toBe(true);
  });

  it('error: the same right code sent 20 times at once signs in once; the others are invalid_email_verification', async () => {
    const email = freshEmail('race');
    const id = await create(email);
    const code = await latestCode(email);
    const responses = await Promise.all(Array.from({ length: 20 }, () => signin(id, code)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of responses.filter((response) => response.status !== 200)) {
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_email_verification');
    }
  });

  it('error: the third wrong code burns the verification (429), even for the right code', async () => {
    const email = freshEmail();
    const id = await create(email);
    const code = await latestCode(email);
    expect((await signin(id, wrong(code))).body.error.code).toBe('wrong_email_verification_token');
    expect((await signin(id, 'abc')).body.error.code).toBe('wrong_email_verification_token');
    const third = await signin(id, wrong(code));
    expect(third.status).toBe(429);
    expect(third.body.error).toEqual({ code: 'too_many_email_verification_attempts', message: 'Too many email verification attempts.' });
    const right = await signin(id, code);
    expect(right.status).toBe(429);
    expect(right.body.error.code).toBe('too_many_email_verification_attempts');
    const retry = await t.call('POST', '/emailVerifications/retry', { body: { verificationUUID: id, email } });
    expect(retry.status).toBe(429);
  });

  it('error: an expired code is invalid_email_verification (10 minutes)', async () => {
    const email = freshEmail();
    const id = await create(email);
    const code = await latestCode(email);
    t.clock.advance(10 * 60_000 + 1);
    const response = await signin(id, code);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_email_verification');
  });

  it('behavior: a code just inside its 10 minutes still works', async () => {
    const email = freshEmail();
    const before = t.clock.now().getTime();
    const id = await create(email);
    const code = await latestCode(email);
    // 3 s before the code's end at the latest (it was made after `before`), however long the requests took.
    t.clock.advance(before + 10 * 60_000 - 3000 - t.clock.now().getTime());
    expect((await signin(id, code)).status).toBe(200);
  });

  it('error: a code is single-use', async () => {
    const email = freshEmail();
    const id = await create(email);
    const code = await latestCode(email);
    expect((await signin(id, code)).status).toBe(200);
    const again = await signin(id, code);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_email_verification');
  });

  it('error: an unknown verification is invalid_email_verification', async () => {
    const response = await signin('00000000-0000-4000-8000-000000000000', '123456');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_email_verification');
  });

  it('behavior: retry sends a new code for the same verification; the old code stops working', async () => {
    const email = freshEmail();
    const id = await create(email);
    const oldCode = await latestCode(email);
    t.clock.advance(9 * 60_000);
    const retry = await t.call('POST', '/emailVerifications/retry', { body: { verificationUUID: id, email } });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ verificationUUID: id });
    const messages = await t.inbox(email);
    expect(messages).toHaveLength(2);
    const newCode = messages[0]!.code!;
    // The retried code has a fresh 10 minutes.
    t.clock.advance(5 * 60_000);
    if (newCode !== oldCode) expect((await signin(id, oldCode)).body.error.code).toBe('wrong_email_verification_token');
    expect((await signin(id, newCode)).status).toBe(200);
  });

  it('error: retry with another e-mail, or of a used verification, is invalid_email_verification', async () => {
    const email = freshEmail();
    const id = await create(email);
    const other = await t.call('POST', '/emailVerifications/retry', { body: { verificationUUID: id, email: freshEmail() } });
    expect(other.status).toBe(400);
    expect(other.body.error.code).toBe('invalid_email_verification');
    expect((await signin(id, await latestCode(email))).status).toBe(200);
    const used = await t.call('POST', '/emailVerifications/retry', { body: { verificationUUID: id, email } });
    expect(used.body.error.code).toBe('invalid_email_verification');
  });

  it('error: retries are bounded (too_many_requests after 5 sends)', async () => {
    const email = freshEmail();
    const id = await create(email);
    for (let i = 0; i < 4; i++) {
      expect((await t.call('POST', '/emailVerifications/retry', { body: { verificationUUID: id, email } })).status).toBe(200);
    }
    const sixth = await t.call('POST', '/emailVerifications/retry', { body: { verificationUUID: id, email } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toEqual({ code: 'too_many_requests', message: 'Rate limit reached' });
    expect(await t.inbox(email)).toHaveLength(5);
  });

  it('error: blockEmailSubaddresses rejects a+b@x with invalid_email_address, and sends nothing', async () => {
    const email = 'sub+tag@example.com';
    expect((await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { blockEmailSubaddresses: true } } })).status).toBe(200);
    try {
      const response = await t.call('POST', '/emailVerifications/create', { body: { email } });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'invalid_email_address', message: 'Email subaddresses are not allowed.', path: 'email' });
      expect(await t.inbox(email)).toEqual([]);
    } finally {
      await t.call('POST', '/sandbox/admin/reset-settings');
    }
    expect((await t.call('POST', '/emailVerifications/create', { body: { email } })).status).toBe(200);
  });

  it('error: e-mail sign-in disabled in settings → no_enabled_email_provider', async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { emailSignIn: null } } });
    try {
      const response = await t.call('POST', '/emailVerifications/create', { body: { email: freshEmail() } });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('no_enabled_email_provider');
    } finally {
      await t.call('POST', '/sandbox/admin/reset-settings');
    }
  });

  it('behavior: verify (bearer) adds a second e-mail to the signed-in user', async () => {
    const session = await t.signIn(freshEmail());
    const second = freshEmail('second');
    const id = await create(second);
    const response = await t.call('POST', '/emailVerifications/verify', {
      token: session.jwt,
      body: { verificationUUID: id, verificationToken: await latestCode(second) },
    });
    expect(response.status).toBe(200);
    const body = signInResponseSchema.parse(response.body);
    expect(body.user.id).toBe(session.user.id);
    expect(body.user.sessionId).toBe(session.user.sessionId);
    expect(body.user.verifiedCredentials.map((credential) => credential.email)).toEqual([session.user.email, second]);
    // The new token carries the changed credential set.
    const hash = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).verifiedCredentialsHashes.email;
    expect(hash(body.jwt!)).not.toBe(hash(session.jwt));
  });

  it("error: verify with another user's e-mail changes nothing", async () => {
    const taken = freshEmail('taken');
    await t.signIn(taken);
    const session = await t.signIn(freshEmail());
    const id = await create(taken);
    const response = await t.call('POST', '/emailVerifications/verify', {
      token: session.jwt,
      body: { verificationUUID: id, verificationToken: await latestCode(taken) },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('user_has_already_account_with_email');
    const me = await t.call('GET', '/users', { token: session.jwt });
    expect(me.body.user.verifiedCredentials).toHaveLength(1);
  });

  it("behavior: the proven owner wins — a profile cannot name an unverified address, and the code's owner gets it", async () => {
    const claimed = freshEmail('claimed');
    const squatter = await t.signIn(freshEmail('profile-squatter'));
    const put = await t.call('PUT', '/users', { token: squatter.jwt, body: { email: claimed } });
    expect(put.status).toBe(400);
    expect(put.body.error).toMatchObject({ code: 'email_verification_required', path: 'email' });
    const session = await t.signIn(freshEmail());
    const id = await create(claimed);
    const code = await latestCode(claimed);
    const response = await t.call('POST', '/emailVerifications/verify', { token: session.jwt, body: { verificationUUID: id, verificationToken: code } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.user.verifiedCredentials.map((credential: { email?: string }) => credential.email)).toContain(claimed);
  });

  it('error: verify needs a session', async () => {
    const response = await t.call('POST', '/emailVerifications/verify', {
      body: { verificationUUID: '00000000-0000-4000-8000-000000000000', verificationToken: '123456' },
    });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });
});

describe('e-mail codes: what sending them leaves behind', () => {
  it('behavior: a verification a day past its expiry is swept as codes go out (its retry is then invalid_email_verification)', async () => {
    const email = freshEmail('swept');
    const id = await create(email);
    t.clock.advance(VERIFICATION_RETENTION_MS + 10 * 60_000 + 1);
    // One sweep in every SWEEP_EVERY codes sent: these creates cross one.
    for (let i = 0; i < SWEEP_EVERY; i++) await create(freshEmail('sweeper'));
    const retry = await t.call('POST', '/emailVerifications/retry', { body: { verificationUUID: id, email } });
    expect(retry.status).toBe(400);
    expect(retry.body.error.code).toBe('invalid_email_verification');
  });
});
