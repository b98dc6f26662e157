import { passkeyAuthenticationOptionsSchema, passkeyListSchema, passkeyRegisteredSchema, passkeyRegistrationOptionsSchema, signInResponseSchema } from '@latchkey/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectCaptchaRefused, setCaptcha, solveCaptcha } from '../../test/captcha.js';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createSoftAuthenticator, encodeCbor, type SoftAlgorithm, type SoftAuthenticator } from '../../test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

const ORIGIN = 'http://localhost:5173';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => `passkey-${++counter}@example.com`;

interface Enrolled {
  jwt: string;
  userId: string;
  authenticator: SoftAuthenticator;
  passkeyId: string;
}

async function enrol(alias?: string, algorithm: SoftAlgorithm = -7): Promise<Enrolled> {
  const signedIn = await t.signIn(freshEmail());
  const authenticator = createSoftAuthenticator({ algorithm });
  const options = await t.call('GET', '/users/passkeys/register', { token: signedIn.jwt });
  expect(options.status).toBe(200);
  const credential = authenticator.register(options.body, ORIGIN);
  const registered = await t.call('POST', '/users/passkeys/register', {
    token: signedIn.jwt,
    body: { credential, ...(alias ? { alias } : {}) },
    headers: { 'user-agent': 'SoftAuthenticator/1.0' },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return { jwt: signedIn.jwt, userId: signedIn.user.id, authenticator, passkeyId: registered.body.passkey.id };
}

async function signInOptions() {
  const response = await t.call('GET', '/users/passkeys/signin');
  expect(response.status).toBe(200);
  return response.body;
}

const list = async (jwt: string) => passkeyListSchema.parse((await t.call('GET', '/users/passkeys', { token: jwt })).body);

describe('passkeys', () => {
  it('default: registration options follow SPEC §9 (300000 ms, user verification preferred, algorithm -7 then RS256 -257, rp id from the allowed domain)', async () => {
    const signedIn = await t.signIn(freshEmail());
    const response = await t.call('GET', '/users/passkeys/register', { token: signedIn.jwt });
    expect(response.status).toBe(200);
    const options = passkeyRegistrationOptionsSchema.parse(response.body);
    expect(options.timeout).toBe(300_000);
    expect(options.authenticatorSelection).toMatchObject({ userVerification: 'preferred', residentKey: 'required' });
    // ES256 first (SPEC §9), then RS256: authenticators that sign only with RSA (Windows Hello) can register too.
    expect(options.pubKeyCredParams).toEqual([
      { alg: -7, type: 'public-key' },
      { alg: -257, type: 'public-key' },
    ]);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Latchkey Demo' });
    expect(options.user.name).toBe(signedIn.user.email);
    expect(Buffer.from(options.user.id, 'base64url').length).toBe(16);
    expect(options.excludeCredentials).toEqual([]);
  });

  it('default: register → record (alias, userAgent, origin, credentialId, createdAt, storage) and a passkey credential on the user', async () => {
    const signedIn = await t.signIn(freshEmail());
    const authenticator = createSoftAuthenticator();
    const options = (await t.call('GET', '/users/passkeys/register', { token: signedIn.jwt })).body;
    const credential = authenticator.register(options, ORIGIN);
    const response = await t.call('POST', '/users/passkeys/register', {
      token: signedIn.jwt,
      body: { credential, alias: 'Laptop' },
      headers: { 'user-agent': 'SoftAuthenticator/1.0' },
    });
    expect(response.status).toBe(200);
    const { passkey, user } = passkeyRegisteredSchema.parse(response.body);
    expect(passkey).toMatchObject({
      alias: 'Laptop',
      userAgent: 'SoftAuthenticator/1.0',
      origin: ORIGIN,
      credentialId: credential.id,
      updatedAt: null,
      storage: 'platform',
    });
    expect(new Date(passkey.createdAt).getTime()).toBeGreaterThan(0);
    expect(user.verifiedCredentials.map((vc) => vc.format)).toEqual(['email', 'passkey']);
    expect((await list(signedIn.jwt)).passkeys).toEqual([passkey]);
    // The next options exclude it.
    const next = (await t.call('GET', '/users/passkeys/register', { token: signedIn.jwt })).body;
    expect(next.excludeCredentials).toEqual([expect.objectContaining({ id: credential.id, type: 'public-key' })]);
  });

  it('default: sign-in options ask for a discoverable credential; the assertion signs the owner in and moves the counter', async () => {
    const enrolled = await enrol();
    const options = passkeyAuthenticationOptionsSchema.parse(await signInOptions());
    expect(options).toMatchObject({ rpId: 'localhost', timeout: 300_000, userVerification: 'preferred' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = await t.call('POST', '/users/passkeys/signin', { body: { credential: enrolled.authenticator.authenticate(options, ORIGIN) } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = signInResponseSchema.parse(response.body);
    expect(body.user.id).toBe(enrolled.userId);
    expect(body.jwt).toBeTruthy();
    const passkeyCredential = body.user.verifiedCredentials.find((vc) => vc.format === 'passkey');
    expect(body.user.lastVerifiedCredentialId).toBe(passkeyCredential?.id);
    expect((await t.call('GET', '/users', { token: body.jwt })).status).toBe(200);

    // A second sign-in works; an assertion whose counter went backwards is refused.
    const again = await t.call('POST', '/users/passkeys/signin', { body: { credential: enrolled.authenticator.authenticate(await signInOptions(), ORIGIN) } });
    expect(again.status).toBe(200);
    const passkey = enrolled.authenticator.passkeys[0]!;
    passkey.counter = 0;
    const stale = await t.call('POST', '/users/passkeys/signin', { body: { credential: enrolled.authenticator.authenticate(await signInOptions(), ORIGIN) } });
    expect(stale.status).toBe(400);
    expect(stale.body.error.code).toBe('invalid_verification');
  });

  it('behavior: an RS256 (-257) authenticator registers and signs in as well', async () => {
    const enrolled = await enrol(undefined, -257);
    const response = await t.call('POST', '/users/passkeys/signin', { body: { credential: enrolled.authenticator.authenticate(await signInOptions(), ORIGIN) } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(signInResponseSchema.parse(response.body).user.id).toBe(enrolled.userId);
  });

  it('behavior: rename and delete; a deleted passkey no longer signs in and its credential is gone', async () => {
    const enrolled = await enrol();
    const renamed = await t.call('PUT', '/users/passkeys', { token: enrolled.jwt, body: { id: enrolled.passkeyId, alias: '  Phone ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: enrolled.passkeyId, alias: 'Phone', updatedAt: expect.any(String) });
    const deleted = await t.call('DELETE', '/users/passkeys', { token: enrolled.jwt, body: { id: enrolled.passkeyId } });
    expect(deleted.body).toEqual({ ok: true });
    expect(await list(enrolled.jwt)).toEqual({ passkeys: [], count: 0 });
    const user = (await t.call('GET', '/users', { token: enrolled.jwt })).body.user;
    expect(user.verifiedCredentials.map((vc: { format: string }) => vc.format)).toEqual(['email']);
    const response = await t.call('POST', '/users/passkeys/signin', { body: { credential: enrolled.authenticator.authenticate(await signInOptions(), ORIGIN) } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'invalid_verification', message: 'This passkey is not registered.' });
  });
});

describe('passkeys: bad input changes nothing', () => {
  it('error: malformed bodies → 400 invalid_request', async () => {
    const enrolled = await enrol('Keep');
    const before = await list(enrolled.jwt);
    const cases: [string, string, unknown][] = [
      ['POST', '/users/passkeys/register', {}],
      ['POST', '/users/passkeys/register', { credential: { id: 'a', rawId: 'b', type: 'public-key', response: {}, clientExtensionResults: {} } }],
      ['POST', '/users/passkeys/signin', { credential: 'nope' }],
      ['PUT', '/users/passkeys', { id: enrolled.passkeyId, alias: '' }],
      ['PUT', '/users/passkeys', { id: enrolled.passkeyId, alias: 'x'.repeat(65) }],
      ['DELETE', '/users/passkeys', {}],
    ];
    for (const [method, path, body] of cases) {
      const response = await t.call(method, path, { token: enrolled.jwt, body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
    const raw = await t.call('POST', '/users/passkeys/signin', { rawBody: '{', headers: { 'content-type': 'application/json' } });
    expect(raw.status).toBe(400);
    expect(raw.body.error.code).toBe('invalid_json');
    expect(await list(enrolled.jwt)).toEqual(before);
  });

  it('error: bearer routes without a token → 401 unauthorized', async () => {
    for (const [method, path] of [
      ['GET', '/users/passkeys/register'],
      ['POST', '/users/passkeys/register'],
      ['GET', '/users/passkeys'],
      ['PUT', '/users/passkeys'],
      ['DELETE', '/users/passkeys'],
    ] as const) {
      const response = await t.call(method, path, method === 'GET' ? {} : { body: {} });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    }
  });

  it('error: someone else\'s passkey → 404 not_found (rename and delete), and it stays', async () => {
    const owner = await enrol('Mine');
    const other = await t.signIn(freshEmail());
    for (const [method, body] of [
      ['PUT', { id: owner.passkeyId, alias: 'Stolen' }],
      ['DELETE', { id: owner.passkeyId }],
      ['DELETE', { id: 'no-such-passkey' }],
    ] as const) {
      const response = await t.call(method, '/users/passkeys', { token: other.jwt, body });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect((await list(owner.jwt)).passkeys).toEqual([expect.objectContaining({ id: owner.passkeyId, alias: 'Mine' })]);
  });

  it('error: wrong origin, another user\'s challenge, a used or expired challenge, a tampered signature → invalid_verification', async () => {
    const signedIn = await t.signIn(freshEmail());
    const other = await t.signIn(freshEmail());
    const authenticator = createSoftAuthenticator();
    const register = (credential: unknown, token = signedIn.jwt) => t.call('POST', '/users/passkeys/register', { token, body: { credential } });

    const options = (await t.call('GET', '/users/passkeys/register', { token: signedIn.jwt })).body;
    const wrongOrigin = await register(authenticator.register(options, 'http://127.0.0.1:5173'));
    expect(wrongOrigin.body.error).toMatchObject({ code: 'invalid_verification', message: 'The passkey was created for another origin.' });
    const wrongRp = await register(authenticator.register({ ...options, rp: { id: 'example.com' } }, ORIGIN));
    expect(wrongRp.body.error.code).toBe('invalid_verification');
    const othersChallenge = await register(authenticator.register(options, ORIGIN), other.jwt);
    expect(othersChallenge.body.error).toMatchObject({ code: 'invalid_verification', message: 'The passkey challenge is unknown, expired or already used.' });
    const unknownChallenge = await register(authenticator.register({ ...options, challenge: 'AAAAAAAAAAAAAAAAAAAAAA' }, ORIGIN));
    expect(unknownChallenge.body.error.code).toBe('invalid_verification');
    const tampered = authenticator.register(options, ORIGIN);
    const clientData = JSON.parse(Buffer.from(tampered.response.clientDataJSON, 'base64url').toString());
    tampered.response.clientDataJSON = Buffer.from(JSON.stringify({ ...clientData, type: 'webauthn.get' })).toString('base64url');
    expect((await register(tampered)).body.error.code).toBe('invalid_verification');
    const garbage = authenticator.register(options, ORIGIN);
    garbage.response.attestationObject = 'AAAA';
    expect((await register(garbage)).body.error.code).toBe('invalid_verification');
    expect(await list(signedIn.jwt)).toEqual({ passkeys: [], count: 0 });

    // The challenge is still good after all those failures; once used, it is not.
    const good = authenticator.register(options, ORIGIN);
    expect((await register(good)).status).toBe(200);
    const replay = await register(authenticator.register(options, ORIGIN));
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('invalid_verification');
    // The same credential twice → duplicate_exists.
    const fresh = (await t.call('GET', '/users/passkeys/register', { token: signedIn.jwt })).body;
    const duplicate = await register({ ...authenticator.register(fresh, ORIGIN), id: good.id, rawId: good.rawId });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('duplicate_exists');
    expect((await list(signedIn.jwt)).count).toBe(1);

    // Sign-in: tampered signature, expired challenge.
    const signIn = await signInOptions();
    const assertion = authenticator.authenticate(signIn, ORIGIN);
    const badSignature = { ...assertion, response: { ...assertion.response, signature: assertion.response.signature.replace(/^../, 'AA') } };
    expect((await t.call('POST', '/users/passkeys/signin', { body: { credential: badSignature } })).body.error.code).toBe('invalid_verification');
    const expiring = await signInOptions();
    t.clock.advance(300_001);
    const late = await t.call('POST', '/users/passkeys/signin', { body: { credential: authenticator.authenticate(expiring, ORIGIN) } });
    expect(late.body.error).toMatchObject({ code: 'invalid_verification', message: 'The passkey challenge is unknown, expired or already used.' });
  });

  it('error: passkeys disabled → 400 provider_not_available', async () => {
    const signedIn = await t.signIn(freshEmail());
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { enablePasskeys: false } } });
    try {
      for (const [method, path, token] of [
        ['GET', '/users/passkeys/register', signedIn.jwt],
        ['GET', '/users/passkeys/signin', undefined],
      ] as const) {
        const response = await t.call(method, path, { token });
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('provider_not_available');
      }
    } finally {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { enablePasskeys: true } } });
    }
  });
});

describe('passkey sign-in with the captcha on (security.hCaptcha)', () => {
  afterEach(() => setCaptcha(t, false));

  it('error: no token is captcha_required; a fresh one signs in; replayed it is invalid_captcha', async () => {
    const enrolled = await enrol();
    await setCaptcha(t, true);
    const assertion = async () => ({ credential: enrolled.authenticator.authenticate(passkeyAuthenticationOptionsSchema.parse(await signInOptions()), ORIGIN) });
    expectCaptchaRefused(await t.call('POST', '/users/passkeys/signin', { body: await assertion() }), 'captcha_required');
    const captchaToken = await solveCaptcha(t);
    const response = await t.call('POST', '/users/passkeys/signin', { body: { ...(await assertion()), captchaToken } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(signInResponseSchema.parse(response.body).user.id).toBe(enrolled.userId);
    expectCaptchaRefused(await t.call('POST', '/users/passkeys/signin', { body: { ...(await assertion()), captchaToken } }), 'invalid_captcha');
  });
});

/** A valid attestation (P-256, 'none') whose authenticator data names `attestedId` while its JSON id and rawId say `claimedId`. */
function attestationClaiming(options: { challenge: string; rp: { id?: string | undefined } }, attestedId: Buffer, claimedId: Buffer) {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose: Parameters<typeof encodeCbor>[0] = new Map<number, number | Buffer>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]]);
  const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: ORIGIN, crossOrigin: false });
  const rpIdHash = createHash('sha256').update(options.rp.id ?? 'localhost').digest();
  const authData = Buffer.concat([rpIdHash, Buffer.from([0x01 | 0x04 | 0x40]), Buffer.alloc(4), Buffer.alloc(16), Buffer.from([0, attestedId.length]), attestedId, encodeCbor(cose)]);
  const attestation: Parameters<typeof encodeCbor>[0] = new Map<string, Parameters<typeof encodeCbor>[0]>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]);
  const attestationObject = encodeCbor(attestation);
  const id = claimedId.toString('base64url');
  return { id, rawId: id, type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: Buffer.from(clientDataJSON).toString('base64url'), attestationObject: attestationObject.toString('base64url'), transports: ['internal'] } };
}

describe('registration: the credential id', () => {
  it("error: an attestation of someone's registered credential id under another JSON id is 400 invalid_verification, not a 500 that says the id is taken — as a sign-in passkey and as a second factor", async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
    try {
      const victim = await t.signIn(`id-victim-${Date.now()}@example.com`);
      const registered = createSoftAuthenticator().register((await t.call('GET', '/users/passkeys/register', { token: victim.jwt })).body, ORIGIN);
      expect((await t.call('POST', '/users/passkeys/register', { token: victim.jwt, body: { credential: registered } })).status).toBe(200);
      const secondFactor = createSoftAuthenticator().register((await t.call('GET', '/users/mfa/register/passkey', { token: victim.jwt })).body, ORIGIN);
      expect((await t.call('POST', '/users/mfa/register/passkey', { token: victim.jwt, body: { credential: secondFactor } })).status).toBe(200);

      const attacker = await t.signIn(`id-attacker-${Date.now()}@example.com`);
      for (const [route, taken] of [['/users/passkeys/register', registered.id], ['/users/mfa/register/passkey', secondFactor.id]] as const) {
        for (const claimed of [randomBytes(16), Buffer.from(taken, 'base64url')]) {
          const attested = claimed.equals(Buffer.from(taken, 'base64url')) ? randomBytes(16) : Buffer.from(taken, 'base64url');
          const options = (await t.call('GET', route, { token: attacker.jwt })).body;
          const response = await t.call('POST', route, { token: attacker.jwt, body: { credential: attestationClaiming(options, attested, claimed) } });
          // A claimed id that is taken is a duplicate (409, looked up first); any other mismatch is 400.
          const expected = claimed.equals(Buffer.from(taken, 'base64url')) ? [409, 'duplicate_exists'] : [400, 'invalid_verification'];
          expect([response.status, response.body.error?.code], `${route} ${JSON.stringify(response.body)}`).toEqual(expected);
        }
      }
      expect((await list(attacker.jwt)).passkeys).toHaveLength(0);
    } finally {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: false } } } });
    }
  });
});
