import { fieldAvailabilitySchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { checkFieldMessages } from './checkUserField.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

let counter = 0;
const newUser = async () => (await t.signIn(`check-${++counter}@example.com`)).jwt;
const check = (jwt: string | undefined, field: string, value: string) =>
  t.call('GET', `/users/check?field=${encodeURIComponent(field)}&value=${encodeURIComponent(value)}`, jwt === undefined ? {} : { token: jwt });

describe('GET /users/check', () => {
  it('default: a free username and a free unique custom field answer available', async () => {
    const jwt = await newUser();
    const username = await check(jwt, 'username', 'nobody_has_this');
    expect(username.status).toBe(200);
    expect(fieldAvailabilitySchema.parse(username.body)).toEqual({ field: 'username', value: 'nobody_has_this', available: true });
    expect((await check(jwt, 'handle', 'free-handle')).body.available).toBe(true);
  });

  it('behavior: a username held by another user is taken (case-insensitive); the caller\'s own is free', async () => {
    const first = await newUser();
    const second = await newUser();
    expect((await t.call('PUT', '/users', { token: first, body: { username: 'taken_name', metadata: { handle: 'taken-handle' } } })).status).toBe(200);
    expect((await check(second, 'username', 'TAKEN_name')).body).toEqual({ field: 'username', value: 'TAKEN_name', available: false });
    expect((await check(second, 'handle', 'taken-handle')).body.available).toBe(false);
    expect((await check(first, 'username', 'taken_name')).body.available).toBe(true);
    expect((await check(first, 'handle', 'taken-handle')).body.available).toBe(true);
  });

  it('error: a field that is not unique (or e-mail) cannot be probed: 400 invalid_request naming the field', async () => {
    const jwt = await newUser();
    for (const field of ['employeeId', 'email', 'acceptsMarketing', 'nope']) {
      const response = await check(jwt, field, 'x');
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'invalid_request', message: checkFieldMessages.notCheckable(field), path: 'field' });
    }
  });

  it('error: without a session token, 401', async () => {
    expect((await check(undefined, 'username', 'x')).status).toBe(401);
  });
});
