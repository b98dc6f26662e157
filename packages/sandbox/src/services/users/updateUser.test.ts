import { userResponseSchema } from '@latchkey/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
afterEach(async () => {
  await t.call('POST', '/sandbox/admin/reset-settings');
});

let counter = 0;
async function newUser(): Promise<{ jwt: string; id: string; email: string }> {
  const email = `profile-${++counter}@example.com`;
  const session = await t.signIn(email);
  return { jwt: session.jwt, id: session.user.id, email };
}

const put = (jwt: string, body: unknown) => t.call('PUT', '/users', { token: jwt, body });
const get = async (jwt: string) => userResponseSchema.parse((await t.call('GET', '/users', { token: jwt })).body).user;

/** Asserts an update failed with `code` at `path`, and that the user did not change. */
async function expectRejected(jwt: string, body: unknown, code: string, path: string | undefined): Promise<string> {
  const before = await get(jwt);
  const response = await put(jwt, body);
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.path).toBe(path);
  expect(await get(jwt)).toEqual(before);
  return response.body.error.message;
}

describe('PUT /users', () => {
  it('default: profile fields and custom fields are stored and read back', async () => {
    const user = await newUser();
    expect((await get(user.jwt)).missingFields).toEqual(
      expect.arrayContaining([
        { name: 'username', required: false },
        { name: 'handle', required: false },
      ]),
    );
    const response = await put(user.jwt, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_l',
      team: 'Engineering',
      newsletterNotification: true,
      captchaToken: 'ignored',
      metadata: { handle: 'ada', employeeId: 'EMP-0042', department: 'Research', acceptsMarketing: true, free: 'form' },
    });
    expect(response.status).toBe(200);
    const updated = userResponseSchema.parse(response.body).user;
    expect(updated).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_l',
      team: 'Engineering',
      newsletterNotification: true,
      metadata: { handle: 'ada', employeeId: 'EMP-0042', department: 'Research', acceptsMarketing: true, free: 'form' },
      missingFields: [],
    });
    expect(await get(user.jwt)).toEqual(updated);
  });

  it('behavior: null in metadata deletes a key; other keys stay', async () => {
    const user = await newUser();
    await put(user.jwt, { metadata: { department: 'Sales', free: 'x' } });
    const response = await put(user.jwt, { metadata: { free: null } });
    expect(response.body.user.metadata).toEqual({ department: 'Sales' });
  });

  it('error: username_already_exists (case-insensitive); nothing else in the request is applied', async () => {
    const first = await newUser();
    const second = await newUser();
    expect((await put(first.jwt, { username: 'grace' })).status).toBe(200);
    const message = await expectRejected(second.jwt, { firstName: 'Grace', username: 'GRACE' }, 'username_already_exists', 'username');
    expect(message).toBe('Username already exists.');
    // Keeping one's own username is fine.
    expect((await put(first.jwt, { username: 'grace', firstName: 'G' })).status).toBe(200);
  });

  it('error: custom_field_data_not_unique for a unique custom field', async () => {
    const first = await newUser();
    const second = await newUser();
    expect((await put(first.jwt, { metadata: { handle: 'hopper' } })).status).toBe(200);
    const message = await expectRejected(second.jwt, { lastName: 'H', metadata: { handle: 'hopper' } }, 'custom_field_data_not_unique', 'metadata.handle');
    expect(message).toBe('Custom field data must be unique within the environment.');
    expect((await put(second.jwt, { metadata: { handle: 'hopper2' } })).status).toBe(200);
    expect((await put(first.jwt, { metadata: { handle: 'hopper' } })).status).toBe(200);
  });

  it('error: a regex field rejects a value that does not match (custom and standard)', async () => {
    const user = await newUser();
    const message = await expectRejected(user.jwt, { metadata: { employeeId: 'E-1' } }, 'invalid_update', 'metadata.employeeId');
    expect(message).toBe('Employee ID does not match the required format.');
    await expectRejected(user.jwt, { username: 'Not Valid!' }, 'invalid_update', 'username');
    expect((await put(user.jwt, { metadata: { employeeId: 'EMP-1234' } })).status).toBe(200);
  });

  it('error: a select field accepts only its validOptions (custom and standard)', async () => {
    const user = await newUser();
    const message = await expectRejected(user.jwt, { team: 'Marketing' }, 'invalid_update', 'team');
    expect(message).toBe('Team must be one of: Engineering, Design, Operations.');
    await expectRejected(user.jwt, { metadata: { department: 'research' } }, 'invalid_update', 'metadata.department');
    await expectRejected(user.jwt, { metadata: { department: 7 } }, 'invalid_update', 'metadata.department');
  });

  it('error: a checkbox field takes a boolean', async () => {
    const user = await newUser();
    const message = await expectRejected(user.jwt, { metadata: { acceptsMarketing: 'yes' } }, 'invalid_update', 'metadata.acceptsMarketing');
    expect(message).toBe('Marketing e-mails must be true or false.');
  });

  it('error: a required field must be filled, and cannot be cleared', async () => {
    const customFields = (await t.call('GET', '/settings')).body.customFields.map((field: { name: string }) =>
      field.name === 'employeeId' ? { ...field, required: true } : field,
    );
    expect((await t.call('PUT', '/sandbox/admin/settings', { body: { customFields } })).status).toBe(200);
    const user = await newUser();
    expect((await get(user.jwt)).missingFields).toContainEqual({ name: 'employeeId', required: true });
    const message = await expectRejected(user.jwt, { firstName: 'Alan' }, 'invalid_update', 'metadata.employeeId');
    expect(message).toBe('Employee ID is required.');
    expect((await put(user.jwt, { firstName: 'Alan', metadata: { employeeId: 'EMP-0001' } })).status).toBe(200);
    await expectRejected(user.jwt, { metadata: { employeeId: null } }, 'invalid_update', 'metadata.employeeId');
    await expectRejected(user.jwt, { metadata: { employeeId: '  ' } }, 'invalid_update', 'metadata.employeeId');
  });

  it('behavior: the rules of a disabled field are not applied', async () => {
    const customFields = (await t.call('GET', '/settings')).body.customFields.map((field: { name: string }) =>
      field.name === 'employeeId' ? { ...field, enabled: false } : field,
    );
    await t.call('PUT', '/sandbox/admin/settings', { body: { customFields } });
    const user = await newUser();
    expect((await put(user.jwt, { metadata: { employeeId: 'anything' } })).status).toBe(200);
  });

  it('error: an e-mail address the user has not verified is email_verification_required (taken or not); nothing changes', async () => {
    const first = await newUser();
    const second = await newUser();
    const message = await expectRejected(second.jwt, { email: 'never.verified@example.com' }, 'email_verification_required', 'email');
    expect(message).toBe('Verify this e-mail address with a code before it becomes your e-mail.');
    // Another user's address: the same answer (it says nothing about who has it).
    await expectRejected(second.jwt, { email: first.email.toUpperCase() }, 'email_verification_required', 'email');
    await expectRejected(second.jwt, { email: 'not-an-email' }, 'invalid_email_address', 'email');
    // The token's e-mail claim stays the verified one.
    const refreshed = await t.call('POST', '/refresh', { token: second.jwt });
    expect(JSON.parse(Buffer.from(refreshed.body.jwt.split('.')[1], 'base64url').toString()).email).toBe(second.email);
  });

  it('behavior: a verified address of the user may become their e-mail; a verified number their phone', async () => {
    const user = await newUser();
    const extra = `extra-${++counter}@example.com`;
    const created = await t.call('POST', '/emailVerifications/create', { body: { email: extra } });
    const [message] = await t.inbox(extra);
    const verified = await t.call('POST', '/emailVerifications/verify', { token: user.jwt, body: { verificationUUID: created.body.verificationUUID, verificationToken: message?.code } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const response = await put(user.jwt, { email: ` ${extra.toUpperCase()} ` });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.user.email).toBe(extra);
  });

  it('error: a phone number the user has not verified is phone_verification_required; nothing changes', async () => {
    const user = await newUser();
    const message = await expectRejected(user.jwt, { phoneNumber: '+14155552671' }, 'phone_verification_required', 'phoneNumber');
    expect(message).toBe('Verify this phone number with a code before it becomes your phone number.');
  });

  it('error: metadata beyond 4096 characters is metadata_size_exceeded', async () => {
    const user = await newUser();
    await expectRejected(user.jwt, { metadata: { blob: 'x'.repeat(5000) } }, 'metadata_size_exceeded', 'metadata');
  });

  it('error: unknown fields and wrong types are invalid_request with the path', async () => {
    const user = await newUser();
    expect(await expectRejected(user.jwt, { nickname: 'x' }, 'invalid_request', 'nickname')).toBe('nickname: unknown field.');
    await expectRejected(user.jwt, { firstName: 5 }, 'invalid_request', 'firstName');
    await expectRejected(user.jwt, { metadata: 'x' }, 'invalid_request', 'metadata');
    await expectRejected(user.jwt, ['firstName'], 'invalid_request', undefined);
  });
});
