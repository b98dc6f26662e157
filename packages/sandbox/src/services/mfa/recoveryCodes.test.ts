import { get as httpGet } from 'node:http';
import { recoveryCodesSchema, signInResponseSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { MAX_WRONG_MFA_CODES } from './mfa.js';
import { normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recoveryCodes.js';
import { totpCode } from './totp.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
});
afterAll(() => t.close());

let counter = 0;

/** A user with a verified TOTP device (so sign-ins ask for a second factor) and a session. */
async function enrolled(): Promise<{ email: string; jwt: string; secret: string }> {
  const email = `recovery-${++counter}@example.com`;
  const signedIn = await t.signIn(email);
  const { id, secret } = (await t.call('GET', '/users/mfa/register/totp', { token: signedIn.jwt })).body;
  const verified = await t.call('POST', '/users/mfa/register/totp', { token: signedIn.jwt, body: { id, code: totpCode(secret, t.clock.now()) } });
  expect(verified.status).toBe(200);
  return { email, jwt: signedIn.jwt, secret };
}

/** Regenerating removes the old codes: it needs a recent second factor (a TOTP step-up with the session token). */
async function stepUp(user: { jwt: string; secret: string }): Promise<void> {
  t.clock.advance(30_000);
  const response = await t.call('POST', '/users/mfa/auth/totp', { token: user.jwt, body: { code: totpCode(user.secret, t.clock.now()) } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function mfaToken(email: string): Promise<string> {
  const created = await t.call('POST', '/emailVerifications/create', { body: { email } });
  const [message] = await t.inbox(email);
  const response = await t.call('POST', '/emailVerifications/signin', { body: { verificationUUID: created.body.verificationUUID, verificationToken: message?.code } });
  expect(response.body.mfaToken).toEqual(expect.any(String));
  return response.body.mfaToken;
}

/** A new user's session cookie (`latchkey_session=…`), signed in by e-mail with the project in cookie mode. */
async function cookieSession(): Promise<string> {
  const email = `recovery-${++counter}@example.com`;
  const created = await t.call('POST', '/emailVerifications/create', { body: { email } });
  const [message] = await t.inbox(email);
  const signedIn = await t.call('POST', '/emailVerifications/signin', { body: { verificationUUID: created.body.verificationUUID, verificationToken: message?.code } });
  const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('latchkey_session='))?.split(';')[0];
  expect(cookie).toEqual(expect.any(String));
  return cookie!;
}

/** A GET with a browser's own headers as given (fetch would set `Sec-Fetch-Mode: cors` over them). */
function browserGet(path: string, headers: { [name: string]: string | undefined }): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const sent = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const request = httpGet(`${t.sdk}${path}`, { headers: sent }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    request.on('error', reject);
  });
}

const useCode = (token: string | undefined, code: unknown) => t.call('POST', '/users/mfa/auth/recovery', { ...(token ? { token } : {}), body: { code } });

describe('MFA: recovery codes', () => {
  it('default: generated once and shown once; each code signs in once; a regenerated set replaces the old one', async () => {
    const user = await enrolled();
    const first = recoveryCodesSchema.parse((await t.call('GET', '/users/mfa/recovery', { token: user.jwt })).body);
    expect(first.count).toBe(RECOVERY_CODE_COUNT);
    expect(new Set(first.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(first.recoveryCodes.every((code) => /^[a-z2-9]{4}-[a-z2-9]{4}$/.test(code))).toBe(true);
    // Shown once: later reads say how many are left, with no codes.
    expect((await t.call('GET', '/users/mfa/recovery', { token: user.jwt })).body).toEqual({ count: RECOVERY_CODE_COUNT, recoveryCodes: [] });

    const [code, other] = first.recoveryCodes as [string, string];
    const signedIn = await useCode(await mfaToken(user.email), code.toUpperCase().replace('-', ''));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signInResponseSchema.parse(signedIn.body).jwt).toBeTruthy();
    const again = await useCode(await mfaToken(user.email), code);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
    expect((await t.call('GET', '/users/mfa/recovery', { token: user.jwt })).body.count).toBe(RECOVERY_CODE_COUNT - 1);

    await stepUp(user);
    const regenerated = recoveryCodesSchema.parse((await t.call('POST', '/users/mfa/recovery', { token: user.jwt })).body);
    expect(regenerated.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(regenerated.recoveryCodes).not.toContain(other);
    expect((await useCode(await mfaToken(user.email), other)).body.error.code).toBe('mfa_invalid_code');
    expect((await useCode(await mfaToken(user.email), regenerated.recoveryCodes[0])).status).toBe(200);
  });

  it('behavior: regenerations at once leave one set of codes — the last answer\'s — not two sets that both work', async () => {
    const user = await enrolled();
    await t.call('GET', '/users/mfa/recovery', { token: user.jwt });
    await stepUp(user);
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call('POST', '/users/mfa/recovery', { token: user.jwt })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await t.call('GET', '/users/mfa/recovery', { token: user.jwt })).body.count).toBe(RECOVERY_CODE_COUNT);
    // Exactly one answer's codes work: the others were shown but replaced.
    const working = [];
    for (const answer of answers) {
      const [code] = recoveryCodesSchema.parse(answer.body).recoveryCodes;
      if ((await useCode(await mfaToken(user.email), code!)).status === 200) working.push(code);
    }
    expect(working).toHaveLength(1);
  });

  it('error: bad input changes nothing (400 invalid_request, 401 unauthorized); wrong codes count towards the limit', async () => {
    const user = await enrolled();
    const { recoveryCodes } = (await t.call('GET', '/users/mfa/recovery', { token: user.jwt })).body;
    const token = await mfaToken(user.email);
    for (const code of ['', 'abc', 'abcd-efgh-ijkl', 42]) {
      const response = await useCode(token, code);
      expect(response.status, JSON.stringify(code)).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
    expect((await useCode(undefined, recoveryCodes[0])).body.error.code).toBe('unauthorized');
    expect((await useCode('not-a-token', recoveryCodes[0])).body.error.code).toBe('unauthorized');
    expect((await t.call('GET', '/users/mfa/recovery')).body.error.code).toBe('unauthorized');
    // Malformed input did not count: MAX-1 wrong codes still leave the token usable…
    for (let i = 1; i < MAX_WRONG_MFA_CODES; i++) expect((await useCode(token, 'zzzz-zzzz')).body.error.code).toBe('mfa_invalid_code');
    // …and the next wrong one burns it; the codes themselves stay unused.
    expect((await useCode(token, 'zzzz-zzzz')).status).toBe(429);
    expect((await useCode(token, recoveryCodes[0])).status).toBe(429);
    expect((await t.call('GET', '/users/mfa/recovery', { token: user.jwt })).body.count).toBe(RECOVERY_CODE_COUNT);
  });

  it('default: the acknowledgement is recorded on the user — pending once codes are shown, complete once saved, pending again for a new set', async () => {
    const user = await enrolled();
    const me = async () => (await t.call('GET', '/users', { token: user.jwt })).body.user;
    expect((await me()).mfaBackupCodeAcknowledgement).toBeUndefined();
    await t.call('GET', '/users/mfa/recovery', { token: user.jwt });
    expect((await me()).mfaBackupCodeAcknowledgement).toBe('pending');
    const acknowledged = await t.call('POST', '/users/mfa/recovery/acknowledge', { token: user.jwt });
    expect(acknowledged.status, JSON.stringify(acknowledged.body)).toBe(200);
    expect(acknowledged.body.user).toMatchObject({ mfaBackupCodeAcknowledgement: 'complete' });
    expect((await me()).mfaBackupCodeAcknowledgement).toBe('complete');
    // Acknowledging twice is harmless.
    expect((await t.call('POST', '/users/mfa/recovery/acknowledge', { token: user.jwt })).status).toBe(200);
    await stepUp(user);
    await t.call('POST', '/users/mfa/recovery', { token: user.jwt });
    expect((await me()).mfaBackupCodeAcknowledgement).toBe('pending');
  });

  it('error: acknowledging without codes is 400 mfa_invalid_request, without a session 401; nothing changes', async () => {
    const user = await enrolled();
    const response = await t.call('POST', '/users/mfa/recovery/acknowledge', { token: user.jwt });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'mfa_invalid_request', message: 'There are no recovery codes to acknowledge.' });
    expect((await t.call('POST', '/users/mfa/recovery/acknowledge')).body.error.code).toBe('unauthorized');
    const user2 = (await t.call('GET', '/users', { token: user.jwt })).body.user;
    expect(user2.mfaBackupCodeAcknowledgement).toBeUndefined();
    // An MFA token is not a session.
    expect((await t.call('POST', '/users/mfa/recovery/acknowledge', { token: await mfaToken(user.email) })).status).toBe(401);
  });

  it('error: no recovery codes for a user with no verified device — GET and POST are 404 mfa_device_not_found and nothing is made; the user still enrols without a step-up', async () => {
    const { jwt } = await t.signIn(`recovery-${++counter}@example.com`);
    for (const method of ['GET', 'POST']) {
      const refused = await t.call(method, '/users/mfa/recovery', { token: jwt });
      expect(refused.status, JSON.stringify(refused.body)).toBe(404);
      expect(refused.body.error).toMatchObject({ code: 'mfa_device_not_found', message: 'MFA device not found.' });
    }
    expect((await t.call('GET', '/users/mfa/methods', { token: jwt })).body).toEqual({ methods: [], hasRecoveryCodes: false });
    expect((await t.call('GET', '/users', { token: jwt })).body.user.mfaBackupCodeAcknowledgement).toBeUndefined();
    const { id, secret } = (await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body;
    expect((await t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id, code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
    expect((await t.call('GET', '/users/mfa/recovery', { token: jwt })).body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
  });

  it('error: a cross-site GET carrying the session cookie (no Origin) makes no recovery codes for a user without a device, so it cannot lock the user out of enrolling or deleting the account', async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { auth: { storage: ['cookie'] } } } });
    try {
      const cookie = await cookieSession();
      const crossSite = await t.call('GET', '/users/mfa/recovery', { headers: { cookie } });
      expect(crossSite.status, JSON.stringify(crossSite.body)).toBe(404);
      const firstParty = { cookie, origin: 'http://localhost:5173' };
      expect((await t.call('GET', '/users/mfa/methods', { headers: firstParty })).body.hasRecoveryCodes).toBe(false);
      expect((await t.call('GET', '/users/mfa/register/totp', { headers: firstParty })).status).toBe(200);
      expect((await t.call('DELETE', '/users', { headers: firstParty, body: { confirmation: 'DELETE' } })).body).toEqual({ ok: true });
    } finally {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { auth: { storage: ['localstorage'] } } } });
    }
  });

  it('error: right after enrolment, a GET the session cookie carries from a link or an image (Sec-Fetch-Mode navigate or no-cors, or a foreign Origin) shows no codes to nobody — 403 forbidden, none made; the kit\'s fetch then gets them', async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { auth: { storage: ['cookie'] } } } });
    try {
      const cookie = await cookieSession();
      const kit = { cookie, origin: 'http://localhost:5173', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-site' };
      const { id, secret } = (await t.call('GET', '/users/mfa/register/totp', { headers: kit })).body;
      expect((await t.call('POST', '/users/mfa/register/totp', { headers: kit, body: { id, code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
      for (const headers of [
        { cookie, 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site' },
        { cookie, 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'cross-site' },
        { cookie, origin: 'https://attacker.example', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'cross-site' },
      ]) {
        const refused = await browserGet('/users/mfa/recovery', headers);
        expect(refused.status, headers['sec-fetch-mode'] + (headers.origin ?? '')).toBe(403);
        expect(refused.body.error.code).toBe('forbidden');
      }
      expect((await t.call('GET', '/users/mfa/methods', { headers: kit })).body.hasRecoveryCodes).toBe(false);
      expect((await t.call('GET', '/users/mfa/recovery', { headers: kit })).body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      // Once made, a count shows nothing secret: any GET may read it.
      expect((await browserGet('/users/mfa/recovery', { cookie, 'sec-fetch-mode': 'no-cors' })).body).toEqual({ count: RECOVERY_CODE_COUNT, recoveryCodes: [] });
    } finally {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { auth: { storage: ['localstorage'] } } } });
    }
  });

  it("error: GETs the session cookie carries from another page (links, images) start no TOTP or MFA passkey registration — 403 forbidden — so however many, they cannot push out the enrolment the user is verifying", async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { auth: { storage: ['cookie'] } } } });
    try {
      const cookie = await cookieSession();
      const kit = { cookie, origin: 'http://localhost:5173', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-site' };
      const mine = (await t.call('GET', '/users/mfa/register/totp', { headers: kit })).body;
      for (let index = 0; index < 6; index += 1) {
        for (const path of ['/users/mfa/register/totp', '/users/mfa/register/passkey']) {
          const refused = await browserGet(path, { cookie, 'sec-fetch-mode': index % 2 === 0 ? 'no-cors' : 'navigate', 'sec-fetch-site': 'cross-site' });
          expect(refused.status, path).toBe(403);
          expect(refused.body.error.code).toBe('forbidden');
        }
      }
      const verified = await t.call('POST', '/users/mfa/register/totp', { headers: kit, body: { id: mine.id, code: totpCode(mine.secret, t.clock.now()) } });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    } finally {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { auth: { storage: ['localstorage'] } } } });
    }
  });

  it('behavior: removing the last device removes the recovery codes with it — a new device comes with a new set, shown once, and the old codes pass no sign-in', async () => {
    const user = await enrolled();
    const old = recoveryCodesSchema.parse((await t.call('GET', '/users/mfa/recovery', { token: user.jwt })).body).recoveryCodes;
    expect(old).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await t.call('POST', '/users/mfa/recovery/acknowledge', { token: user.jwt })).status).toBe(200);
    const [device] = (await t.call('GET', '/users/mfa', { token: user.jwt })).body.devices;
    await stepUp(user);
    expect((await t.call('DELETE', `/users/mfa/${device.id}`, { token: user.jwt })).body).toEqual({ ok: true });
    expect((await t.call('GET', '/users/mfa/methods', { token: user.jwt })).body).toEqual({ methods: [], hasRecoveryCodes: false });
    expect((await t.call('GET', '/users', { token: user.jwt })).body.user.mfaBackupCodeAcknowledgement).toBeUndefined();
    t.clock.advance(6 * 60_000);
    // Adding a device needs no step-up: there is nothing to step up with.
    const { id, secret } = (await t.call('GET', '/users/mfa/register/totp', { token: user.jwt })).body;
    t.clock.advance(30_000);
    expect((await t.call('POST', '/users/mfa/register/totp', { token: user.jwt, body: { id, code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
    const fresh = recoveryCodesSchema.parse((await t.call('GET', '/users/mfa/recovery', { token: user.jwt })).body).recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.some((code) => old.includes(code))).toBe(false);
    expect((await useCode(await mfaToken(user.email), old[0])).body.error.code).toBe('mfa_invalid_code');
    expect((await useCode(await mfaToken(user.email), fresh[0])).status).toBe(200);
  });

  it('behavior: removing one of two devices keeps the recovery codes', async () => {
    const user = await enrolled();
    const codes = recoveryCodesSchema.parse((await t.call('GET', '/users/mfa/recovery', { token: user.jwt })).body).recoveryCodes;
    await stepUp(user);
    const second = (await t.call('GET', '/users/mfa/register/totp', { token: user.jwt })).body;
    expect((await t.call('POST', '/users/mfa/register/totp', { token: user.jwt, body: { id: second.id, code: totpCode(second.secret, t.clock.now()) } })).status).toBe(200);
    const devices: { id: string }[] = (await t.call('GET', '/users/mfa', { token: user.jwt })).body.devices;
    const first = devices.find((device) => device.id !== second.id)!;
    expect((await t.call('DELETE', `/users/mfa/${first.id}`, { token: user.jwt })).body).toEqual({ ok: true });
    expect((await t.call('GET', '/users/mfa/methods', { token: user.jwt })).body.hasRecoveryCodes).toBe(true);
    expect((await useCode(await mfaToken(user.email), codes[0])).status).toBe(200);
  });

  it('unit: normalizeRecoveryCode', () => {
    expect(normalizeRecoveryCode(' 7KQ2M9XD ')).toBe('7kq2-m9xd');
    expect(normalizeRecoveryCode('7kq2-m9xd')).toBe('7kq2-m9xd');
  });
});
