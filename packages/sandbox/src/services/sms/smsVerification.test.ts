import { signInResponseSchema, userResponseSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { SMS_CODE_TTL_MS } from './smsVerification.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

let counter = 0;
/** A fresh valid US number per test (201-555-01xx … are valid for the full metadata). */
const freshPhone = () => {
  counter += 1;
  const national = `20155${String(10000 + counter).slice(-5)}`;
  return { phoneCountryCode: '1', phoneNumber: national, isoCountryCode: 'US', e164: `+1${national}` };
};
const body = ({ e164: _e164, ...phone }: ReturnType<typeof freshPhone>) => phone;

async function create(phone: ReturnType<typeof freshPhone>): Promise<string> {
  const response = await t.call('POST', '/smsVerifications/create', { body: body(phone) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.verificationUUID;
}

async function latestCode(to: string): Promise<string> {
  const [message] = await t.inbox(to);
  expect(message?.code).toMatch(/^\d{6}$/);
  return message!.code!;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const signin = (verificationUUID: string, verificationToken: string, token?: string) =>
  t.call('POST', token ? '/smsVerifications/verify' : '/smsVerifications/signin', { body: { verificationUUID, verificationToken }, ...(token ? { token } : {}) });

async function smsCount(): Promise<number> {
  const all = (await t.call('GET', '/sandbox/inbox')).body as { channel: string }[];
  return all.filter((message) => message.channel === 'sms').length;
}

describe('SMS sign-in', () => {
  it('default: create → SMS in the inbox → signin; the user carries the phone credential', async () => {
    const phone = freshPhone();
    const verificationUUID = await create(phone);
    const [message] = await t.inbox(phone.e164);
    expect(message).toMatchObject({ channel: 'sms', to: phone.e164 });
    expect(message!.text).toContain(message!.code!);

    const response = await signin(verificationUUID, message!.code!);
    expect(response.status).toBe(200);
    const signedIn = signInResponseSchema.parse(response.body);
    expect(signedIn.user.newUser).toBe(true);
    expect(signedIn.user.phoneNumber).toBe(phone.e164);
    expect(signedIn.user.verifiedCredentials).toEqual([
      expect.objectContaining({ format: 'phoneNumber', public_identifier: phone.e164, phoneNumber: phone.phoneNumber, phoneCountryCode: '1', isoCountryCode: 'US' }),
    ]);
    const me = await t.call('GET', '/users', { token: signedIn.jwt });
    expect(userResponseSchema.parse(me.body).user.id).toBe(signedIn.user.id);

    // the same number again: the same user
    const again = await create(phone);
    const second = signInResponseSchema.parse((await signin(again, await latestCode(phone.e164))).body);
    expect(second.user).toMatchObject({ id: signedIn.user.id, newUser: false });
  });

  it('behavior: the inbox finds the number even when the + of the query arrived as a space', async () => {
    const phone = freshPhone();
    await create(phone);
    const raw = await t.call('GET', `/sandbox/inbox?to=${phone.e164}`);
    expect(raw.body[0]).toMatchObject({ to: phone.e164, channel: 'sms' });
  });

  it('behavior: codes are random and single use', async () => {
    const phone = freshPhone();
    const codes = new Set<string>();
    for (let i = 0; i < 4; i++) {
      await create(phone);
      codes.add(await latestCode(phone.e164));
    }
    expect(codes.size).toBeGreaterThan(1);
    const id = await create(phone);
    const code = await latestCode(phone.e164);
    expect((await signin(id, code)).status).toBe(200);
    const replay = await signin(id, code);
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('invalid_sms_verification');
  });

  it('error: an expired code is invalid_sms_verification', async () => {
    const phone = freshPhone();
    const id = await create(phone);
    const code = await latestCode(phone.e164);
    t.clock.advance(SMS_CODE_TTL_MS + 1000);
    const response = await signin(id, code);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_sms_verification');
  });

  it('error: wrong codes → wrong_sms_verification_token, the third → too_many_sms_verification_attempts; then even the right code fails and no user exists', async () => {
    const phone = freshPhone();
    const id = await create(phone);
    const code = await latestCode(phone.e164);
    const first = await signin(id, wrong(code));
    expect(first.status).toBe(400);
    expect(first.body.error).toMatchObject({ code: 'wrong_sms_verification_token', message: 'The code is invalid or expired.' });
    expect((await signin(id, wrong(code))).body.error.code).toBe('wrong_sms_verification_token');
    const third = await signin(id, wrong(code));
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('too_many_sms_verification_attempts');
    const right = await signin(id, code);
    expect(right.status).toBe(429);
    const retry = await t.call('POST', '/smsVerifications/retry', { body: { verificationUUID: id, ...body(phone) } });
    expect(retry.body.error.code).toBe('too_many_sms_verification_attempts');
    // nobody was created for the number
    const other = await t.signIn(`sms-owner-check-${counter}@example.com`);
    const verify = await create(phone);
    const added = await signin(verify, await latestCode(phone.e164), other.jwt);
    expect(added.status).toBe(200);
  });

  it('behavior: retry sends a new code (the old one stops working), at most 5 sends → Rate limit reached', async () => {
    const phone = freshPhone();
    const id = await create(phone);
    const old = await latestCode(phone.e164);
    const retry = await t.call('POST', '/smsVerifications/retry', { body: { verificationUUID: id, ...body(phone) } });
    expect(retry.status).toBe(200);
    const fresh = await latestCode(phone.e164);
    if (fresh !== old) expect((await signin(id, old)).body.error.code).toBe('wrong_sms_verification_token');
    for (let i = 0; i < 3; i++) expect((await t.call('POST', '/smsVerifications/retry', { body: { verificationUUID: id, ...body(phone) } })).status).toBe(200);
    const limited = await t.call('POST', '/smsVerifications/retry', { body: { verificationUUID: id, ...body(phone) } });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'too_many_requests', message: 'Rate limit reached' });
    // another number cannot retry this verification
    const stranger = freshPhone();
    const foreign = await t.call('POST', '/smsVerifications/retry', { body: { verificationUUID: id, ...body(stranger) } });
    expect(foreign.body.error.code).toBe('invalid_sms_verification');
  });
});

describe('SMS: numbers', () => {
  it.each([
    ['a number too short for its country', { phoneCountryCode: '1', phoneNumber: '20155', isoCountryCode: 'US' }, 'phoneNumber'],
    ['a calling code that is not the country’s', { phoneCountryCode: '44', phoneNumber: '2015550123', isoCountryCode: 'US' }, 'phoneCountryCode'],
    ['a country that disagrees with the number', { phoneCountryCode: '1', phoneNumber: '2015550123', isoCountryCode: 'CA' }, 'phoneNumber'],
    ['an unknown country', { phoneCountryCode: '1', phoneNumber: '2015550123', isoCountryCode: 'ZZ' }, 'isoCountryCode'],
    ['a country the SMS provider does not send to', { phoneCountryCode: '81', phoneNumber: '9012345678', isoCountryCode: 'JP' }, 'isoCountryCode'],
  ])("error: %s → 400 invalid_phone 'Invalid phone number.', nothing sent", async (_, phone, path) => {
    const before = await smsCount();
    const response = await t.call('POST', '/smsVerifications/create', { body: phone });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'invalid_phone', message: 'Invalid phone number.', path });
    expect(await smsCount()).toBe(before);
  });

  it.each([
    ['missing number', { phoneCountryCode: '1', isoCountryCode: 'US' }],
    ['number with punctuation', { phoneCountryCode: '1', phoneNumber: '201-555-0123', isoCountryCode: 'US' }],
    ['number as a number', { phoneCountryCode: '1', phoneNumber: 2015550123, isoCountryCode: 'US' }],
    ['lower-case country', { phoneCountryCode: '1', phoneNumber: '2015550123', isoCountryCode: 'us' }],
  ])('error: %s → 400 invalid_request, never a 500', async (_, payload) => {
    const before = await smsCount();
    const response = await t.call('POST', '/smsVerifications/create', { body: payload });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_request');
    expect(await smsCount()).toBe(before);
  });

  it('error: signin with a malformed UUID or empty code → 400 invalid_request', async () => {
    expect((await signin('not-a-uuid', '123456')).body.error.code).toBe('invalid_request');
    expect((await signin('0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90', '')).body.error.code).toBe('invalid_request');
    expect((await signin('0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90', '123456')).body.error.code).toBe('invalid_sms_verification');
  });

  it('error: without an enabled SMS provider → no_enabled_sms_provider', async () => {
    const settings = (await t.call('GET', '/settings')).body;
    const providers = settings.providers.map((provider: { provider: string }) => (provider.provider === 'twilio' ? { ...provider, enabledAt: null } : provider));
    expect((await t.call('PUT', '/sandbox/admin/settings', { body: { providers } })).status).toBe(200);
    try {
      const response = await t.call('POST', '/smsVerifications/create', { body: body(freshPhone()) });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('no_enabled_sms_provider');
    } finally {
      await t.call('POST', '/sandbox/admin/reset-settings');
    }
  });
});

describe('SMS: adding a phone to a signed-in user', () => {
  it('default: /smsVerifications/verify adds the number to the user', async () => {
    const user = await t.signIn(`sms-add-${++counter}@example.com`);
    const phone = freshPhone();
    const id = await create(phone);
    const response = await signin(id, await latestCode(phone.e164), user.jwt);
    expect(response.status).toBe(200);
    const updated = signInResponseSchema.parse(response.body).user;
    expect(updated.id).toBe(user.user.id);
    expect(updated.phoneNumber).toBe(phone.e164);
    expect(updated.verifiedCredentials.map((credential) => credential.format).sort()).toEqual(['email', 'phoneNumber']);
  });

  it("error: a number another user has → user_has_already_account_with_phone_number; nothing changes and the code still works for its owner's flow", async () => {
    const phone = freshPhone();
    const owner = signInResponseSchema.parse((await signin(await create(phone), await latestCode(phone.e164))).body);
    const other = await t.signIn(`sms-conflict-${++counter}@example.com`);
    const id = await create(phone);
    const code = await latestCode(phone.e164);
    const response = await signin(id, code, other.jwt);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'user_has_already_account_with_phone_number', path: 'phoneNumber' });
    const me = userResponseSchema.parse((await t.call('GET', '/users', { token: other.jwt })).body).user;
    expect(me.verifiedCredentials.map((credential) => credential.format)).toEqual(['email']);
    expect(me.phoneNumber).toBeUndefined();
    // the code was not consumed: its owner may still use it
    const signedIn = signInResponseSchema.parse((await signin(id, code)).body);
    expect(signedIn.user.id).toBe(owner.user.id);
  });

  it('error: verify without a token → 401', async () => {
    const response = await t.call('POST', '/smsVerifications/verify', { body: { verificationUUID: '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90', verificationToken: '123456' } });
    expect(response.status).toBe(401);
  });
});
