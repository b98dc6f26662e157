import { SignJWT, generateKeyPair } from 'jose';
import { sessionInfoSchema, signInResponseSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { tokenAudience, tokenIssuer } from './sessionTokens.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => `session-${++counter}@example.com`;
const HOUR = 3600_000;

describe('sessions', () => {
  it('default: GET /session describes the session of the token', async () => {
    const session = await t.signIn(freshEmail());
    const response = await t.call('GET', '/session', { token: session.jwt });
    expect(response.status).toBe(200);
    const info = sessionInfoSchema.parse(response.body);
    expect(info).toMatchObject({ id: session.user.sessionId, userId: session.user.id, revokedAt: null, expiresAt: session.expiresAt });
  });

  it('behavior: refresh returns a new JWT for the same session with a later expiry', async () => {
    const session = await t.signIn(freshEmail());
    t.clock.advance(HOUR);
    const response = await t.call('POST', '/refresh', { token: session.jwt });
    expect(response.status).toBe(200);
    const refreshed = signInResponseSchema.parse(response.body);
    expect(refreshed.user.sessionId).toBe(session.user.sessionId);
    expect(refreshed.jwt).not.toBe(session.jwt);
    expect(new Date(refreshed.expiresAt!).getTime() - new Date(session.expiresAt!).getTime()).toBeGreaterThanOrEqual(HOUR - 1000);
    const info = await t.call('GET', '/session', { token: refreshed.jwt });
    expect(info.body.expiresAt).toBe(refreshed.expiresAt);
    // The old token is still valid until its own expiry.
    expect((await t.call('GET', '/users', { token: session.jwt })).status).toBe(200);
  });

  it('behavior: refreshes cannot keep a session alive past 30 days from its sign-in (a stolen token is not forever)', async () => {
    const session = await t.signIn(freshEmail());
    const signedInAt = t.clock.now().getTime();
    const end = signedInAt + 30 * 24 * HOUR;
    let jwt = session.jwt;
    // Refreshed every 90 minutes (before the 2-hour token expires), as a kit left open would: 480 refreshes, about 5 s
    // here, so more time than the default on a loaded machine.
    for (let step = 0; step < 30 * 16; step++) {
      t.clock.advance(90 * 60_000);
      const response = await t.call('POST', '/refresh', { token: jwt });
      if (t.clock.now().getTime() >= end) {
        expect(response.status).toBe(401);
        expect(response.body.error.code).toBe('session_expired');
        return;
      }
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const refreshed = signInResponseSchema.parse(response.body);
      expect(new Date(refreshed.expiresAt!).getTime()).toBeLessThanOrEqual(Math.floor(end / 1000) * 1000);
      jwt = refreshed.jwt!;
    }
    throw new Error('The session outlived 30 days of refreshes.');
  }, 90_000);

  it('error: an expired token is session_expired, and refresh no longer works', async () => {
    const session = await t.signIn(freshEmail());
    t.clock.advance(2 * HOUR + 1000);
    for (const [method, path] of [
      ['GET', '/users'],
      ['POST', '/refresh'],
      ['GET', '/session'],
    ] as const) {
      const response = await t.call(method, path, { token: session.jwt });
      expect(response.status).toBe(401);
      expect(response.body.error).toEqual({ code: 'session_expired', message: 'The session has expired.' });
    }
  });

  it('behavior: after a later sign-in sweeps a session an hour past its expiry, its tokens are still session_expired', async () => {
    const session = await t.signIn(freshEmail());
    const refreshed = signInResponseSchema.parse((await t.call('POST', '/refresh', { token: session.jwt })).body);
    t.clock.advance(3 * HOUR + 1000);
    // Test sandboxes sweep on every creation: this sign-in's session sweeps the expired one (the deletion itself:
    // retention/sweepExpired.test.ts). What a client sees of it is unchanged, and the live session is untouched.
    const later = await t.signIn(freshEmail());
    for (const token of [session.jwt, refreshed.jwt!]) {
      const response = await t.call('GET', '/users', { token });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('session_expired');
    }
    expect((await t.call('GET', '/users', { token: later.jwt })).status).toBe(200);
  });

  it('behavior: revoke ends the session for every token of it; other sessions live on', async () => {
    const email = freshEmail();
    const first = await t.signIn(email);
    const second = await t.signIn(email);
    const refreshed = (await t.call('POST', '/refresh', { token: first.jwt })).body;
    const revoked = await t.call('POST', '/revoke', { token: first.jwt });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ ok: true });
    for (const token of [first.jwt, refreshed.jwt]) {
      const response = await t.call('GET', '/users', { token });
      expect(response.status).toBe(401);
      expect(response.body.error).toEqual({ code: 'unauthorized', message: 'The session has been revoked.' });
    }
    expect((await t.call('POST', '/refresh', { token: first.jwt })).status).toBe(401);
    expect((await t.call('GET', '/users', { token: second.jwt })).status).toBe(200);
  });

  it('behavior: revoke/all ends every session of the user, on every device; another user\'s live on', async () => {
    const email = freshEmail();
    const here = await t.signIn(email);
    const elsewhere = await t.signIn(email);
    const stranger = await t.signIn(freshEmail());
    const revoked = await t.call('POST', '/revoke/all', { token: here.jwt });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ ok: true });
    for (const token of [here.jwt, elsewhere.jwt]) {
      const response = await t.call('GET', '/users', { token });
      expect(response.status).toBe(401);
      expect(response.body.error).toEqual({ code: 'unauthorized', message: 'The session has been revoked.' });
      expect((await t.call('POST', '/refresh', { token })).status).toBe(401);
    }
    expect((await t.call('GET', '/users', { token: stranger.jwt })).status).toBe(200);
    // A revoked session's token cannot do it again.
    expect((await t.call('POST', '/revoke/all', { token: elsewhere.jwt })).status).toBe(401);
  });

  it('error: no token, a malformed header, a tampered token → 401 unauthorized', async () => {
    const session = await t.signIn(freshEmail());
    const [header, payload, signature] = session.jwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer not-a-jwt' },
      { authorization: `Bearer ${header}.${forgedPayload}.${signature}` },
    ];
    for (const headers of cases) {
      const response = await t.call('GET', '/users', { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    }
  });

  it('error: a token signed by another key, or for another audience, is unauthorized', async () => {
    const session = await t.signIn(freshEmail());
    const envId = t.sandbox.info.environmentId;
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT({ sid: session.user.sessionId, environmentId: envId })
      .setProtectedHeader({ alg: 'RS256', kid: 'foreign' })
      .setSubject(session.user.id)
      .setIssuer(tokenIssuer(envId))
      .setAudience(tokenAudience(envId))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await t.call('GET', '/users', { token: foreign })).body.error.code).toBe('unauthorized');
    // An `alg: none` token is refused too.
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${session.jwt.split('.')[1]}.`;
    expect((await t.call('GET', '/users', { token: none })).body.error.code).toBe('unauthorized');
  });

  it('behavior: jwtDuration from settings sets the lifetime', async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { jwtDuration: { amount: 15, unit: 'minutes' } } } });
    try {
      const session = await t.signIn(freshEmail());
      const claims = JSON.parse(Buffer.from(session.jwt.split('.')[1]!, 'base64url').toString());
      expect(claims.exp - claims.iat).toBe(15 * 60);
      t.clock.advance(16 * 60_000);
      expect((await t.call('GET', '/users', { token: session.jwt })).body.error.code).toBe('session_expired');
    } finally {
      await t.call('POST', '/sandbox/admin/reset-settings');
    }
  });
});
