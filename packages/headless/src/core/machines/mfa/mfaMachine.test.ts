import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, fakeUser, json, routeTable, type FakeHandler } from '../../../test/fakeFetch.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { mfaMachine } from './mfaMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const REGISTRATION = { id: 'dev-1', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Demo:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const DEVICE = { id: 'dev-1', type: 'totp', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:10.000Z', default: true, alias: null };
const MFA_TOKEN = 'mfa-token-1';

async function setup(routes: Record<string, FakeHandler> = {}, options: { pending?: boolean; nextView?: string } = {}) {
  const fake = createFakeFetch(
    routeTable({
      'GET /users/mfa/register/totp': () => json(200, REGISTRATION),
      'POST /users/mfa/register/totp': () => json(200, DEVICE),
      'POST /users/mfa/auth/totp': () => json(200, fakeSignIn(Date.now() + 3_600_000)),
      ...routes,
    }),
  );
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    console: false,
    sendLogs: false,
  });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  const response = options.pending ? { user: fakeUser(), mfaToken: MFA_TOKEN, nextView: options.nextView ?? 'mfa-challenge' } : fakeSignIn(Date.now() + 3_600_000);
  client.session.send({ type: 'server.signedIn', response });
  const actor = createActor(mfaMachine, { input: { client } }).start();
  const settled = async () => {
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    return actor.getSnapshot();
  };
  const sessionStatus = () => getSessionStatus(client.session.getSnapshot());
  return { actor, client, requests: fake.requests, settled, sessionStatus };
}

describe('mfaMachine: enrolment', () => {
  it('default: fetchingSecret → awaitingEnrolmentCode (secret, uri) → verifyingEnrolment → enrolled', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.startEnrolment' });
    expect(flow.actor.getSnapshot().value).toBe('fetchingSecret');
    const awaiting = await flow.settled();
    expect(awaiting.value).toBe('awaitingEnrolmentCode');
    expect(awaiting.context.registration).toEqual(REGISTRATION);
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '123 456' });
    const enrolled = await flow.settled();
    expect(enrolled.value).toBe('enrolled');
    expect(enrolled.context.device).toEqual(DEVICE);
    expect(flow.requests.at(-1)?.body).toEqual({ id: 'dev-1', code: '123456' });
  });

  it('error: a malformed code → invalid_code before any request; a wrong one → mfa_invalid_code, still awaiting', async () => {
    const flow = await setup({ 'POST /users/mfa/register/totp': () => errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') });
    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.settled();
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '12a' });
    expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_code', message: 'Invalid code' });
    expect(flow.requests).toHaveLength(1);
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '000000' });
    const snapshot = await flow.settled();
    expect(snapshot.value).toBe('awaitingEnrolmentCode');
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
  });

  it('error: MFA disabled (provider_not_available) leaves enrolment idle with the error', async () => {
    const flow = await setup({ 'GET /users/mfa/register/totp': () => errorBody(400, 'provider_not_available', 'Multi-factor authentication is not enabled for this environment.') });
    flow.actor.send({ type: 'user.startEnrolment' });
    const snapshot = await flow.settled();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.error?.code).toBe('provider_not_available');
  });
});

describe('mfaMachine: challenge', () => {
  it('default: the session waits in mfa; the code (sent with the MFA token as bearer) signs it in', async () => {
    const flow = await setup({}, { pending: true });
    expect(flow.sessionStatus()).toBe('mfa');
    flow.actor.send({ type: 'user.submitCode', code: '654321' });
    await waitFor(flow.actor, (snapshot) => snapshot.value === 'done');
    expect(flow.sessionStatus()).toBe('signedIn');
    const request = flow.requests.at(-1);
    expect(request?.headers.get('authorization')).toBe(`Bearer ${MFA_TOKEN}`);
    expect(request?.body).toEqual({ code: '654321' });
  });

  it('error: a wrong code → idle with mfa_invalid_code, the session still in mfa', async () => {
    const flow = await setup({ 'POST /users/mfa/auth/totp': () => errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') }, { pending: true });
    flow.actor.send({ type: 'user.submitCode', code: '000000' });
    const snapshot = await flow.settled();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
    expect(flow.sessionStatus()).toBe('mfa');
  });

  it.each([
    ['too_many_verification_attempts', 429],
    ['unauthorized', 401],
  ])('error: %s ends the challenge in failed; cancel returns the session to signedOut', async (code, status) => {
    const flow = await setup({ 'POST /users/mfa/auth/totp': () => errorBody(status, code, 'no') }, { pending: true });
    flow.actor.send({ type: 'user.submitCode', code: '000000' });
    const snapshot = await flow.settled();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error?.code).toBe(code);
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.sessionStatus()).toBe('signedOut');
  });

  it('error: a malformed code is refused before any request', async () => {
    const flow = await setup({}, { pending: true });
    for (const code of ['', '12345', 'abcdef']) {
      flow.actor.send({ type: 'user.submitCode', code });
      expect(flow.actor.getSnapshot().context.error?.code).toBe('invalid_code');
    }
    expect(flow.requests).toHaveLength(0);
  });
});

describe('mfaMachine: MFA required, enrolment first', () => {
  it('default: with the MFA token the device is enrolled, then its next code finishes the sign-in', async () => {
    const flow = await setup({}, { pending: true, nextView: 'mfa-enrolment' });
    expect(flow.client.session.getSnapshot().context.mfaNextView).toBe('mfa-enrolment');
    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.settled();
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '123456' });
    expect((await flow.settled()).value).toBe('enrolled');
    expect(flow.sessionStatus()).toBe('mfa');
    flow.actor.send({ type: 'user.submitCode', code: '234567' });
    await waitFor(flow.actor, (snapshot) => snapshot.value === 'done');
    expect(flow.sessionStatus()).toBe('signedIn');
    expect(flow.client.session.getSnapshot().context.mfaNextView).toBeUndefined();
    expect(flow.requests.map((request) => [request.method, request.url.pathname.replace(/^.*\/sdk\/[^/]+/, ''), request.headers.get('authorization')])).toEqual([
      ['GET', '/users/mfa/register/totp', `Bearer ${MFA_TOKEN}`],
      ['POST', '/users/mfa/register/totp', `Bearer ${MFA_TOKEN}`],
      ['POST', '/users/mfa/auth/totp', `Bearer ${MFA_TOKEN}`],
    ]);
  });

  it('error: a wrong next code (mfa_invalid_code) stays enrolled; a malformed one is refused locally; cancel abandons the sign-in', async () => {
    const flow = await setup({ 'POST /users/mfa/auth/totp': () => errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') }, { pending: true, nextView: 'mfa-enrolment' });
    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.settled();
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '123456' });
    await flow.settled();
    flow.actor.send({ type: 'user.submitCode', code: '12' });
    expect(flow.actor.getSnapshot().context.error?.code).toBe('invalid_code');
    flow.actor.send({ type: 'user.submitCode', code: '000000' });
    const snapshot = await flow.settled();
    expect(snapshot.value).toBe('enrolled');
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
    expect(flow.sessionStatus()).toBe('mfa');
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.sessionStatus()).toBe('signedOut');
  });

  it('error: a user who has a device cannot enrol with the token (forbidden) — enrolment stays idle with the error', async () => {
    const flow = await setup({ 'GET /users/mfa/register/totp': () => errorBody(403, 'forbidden', 'A second factor is already set up: use it to finish signing in.') }, { pending: true, nextView: 'mfa-enrolment' });
    flow.actor.send({ type: 'user.startEnrolment' });
    const snapshot = await flow.settled();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.error).toMatchObject({ code: 'forbidden', message: 'A second factor is already set up: use it to finish signing in.' });
  });
});

describe('mfaMachine: recovery codes', () => {
  const CODES = { count: 10, recoveryCodes: ['7kq2-m9xd', 'abcd-efgh'] };

  it('default: a recovery code (sent with the MFA token) finishes the sign-in', async () => {
    const flow = await setup({ 'POST /users/mfa/auth/recovery': () => json(200, fakeSignIn(Date.now() + 3_600_000)) }, { pending: true });
    flow.actor.send({ type: 'user.submitRecoveryCode', code: ' 7KQ2-M9XD ' });
    await waitFor(flow.actor, (snapshot) => snapshot.value === 'done');
    expect(flow.sessionStatus()).toBe('signedIn');
    expect(flow.requests.at(-1)?.body).toEqual({ code: '7KQ2-M9XD' });
    expect(flow.requests.at(-1)?.headers.get('authorization')).toBe(`Bearer ${MFA_TOKEN}`);
  });

  it('error: a malformed recovery code is refused before any request; a used one → mfa_invalid_code', async () => {
    const flow = await setup({ 'POST /users/mfa/auth/recovery': () => errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') }, { pending: true });
    flow.actor.send({ type: 'user.submitRecoveryCode', code: 'abc' });
    expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_code', message: 'Invalid code', path: 'code' });
    expect(flow.requests).toHaveLength(0);
    flow.actor.send({ type: 'user.submitRecoveryCode', code: '7kq2-m9xd' });
    const snapshot = await flow.settled();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
    expect(flow.sessionStatus()).toBe('mfa');
  });

  it('default: load shows the codes once; regenerate asks for a new set', async () => {
    const flow = await setup({
      'GET /users/mfa/recovery': () => json(200, CODES),
      'POST /users/mfa/recovery': () => json(200, { count: 10, recoveryCodes: ['new1-code', 'new2-code'] }),
    });
    flow.actor.send({ type: 'user.loadRecoveryCodes' });
    expect(flow.actor.getSnapshot().value).toBe('fetchingRecoveryCodes');
    expect((await flow.settled()).context.recoveryCodes).toEqual(CODES);
    flow.actor.send({ type: 'user.regenerateRecoveryCodes' });
    expect((await flow.settled()).context.recoveryCodes?.recoveryCodes).toEqual(['new1-code', 'new2-code']);
    expect(flow.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
  });

  it('default: acknowledging records it on the server, forgets the codes and hands the updated user to the session', async () => {
    const flow = await setup({
      'GET /users/mfa/recovery': () => json(200, CODES),
      'POST /users/mfa/recovery/acknowledge': () => json(200, { user: fakeUser({ mfaBackupCodeAcknowledgement: 'complete' }) }),
    });
    flow.actor.send({ type: 'user.loadRecoveryCodes' });
    await flow.settled();
    flow.actor.send({ type: 'user.acknowledgeRecoveryCodes' });
    expect(flow.actor.getSnapshot().value).toBe('acknowledgingRecoveryCodes');
    const snapshot = await flow.settled();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.recoveryCodes).toBeUndefined();
    expect(flow.requests.at(-1)?.method).toBe('POST');
    expect(flow.requests.at(-1)?.url.pathname).toMatch(/\/users\/mfa\/recovery\/acknowledge$/);
    expect(flow.client.session.getSnapshot().context.user?.mfaBackupCodeAcknowledgement).toBe('complete');
  });

  it('error: a refused acknowledgement (mfa_invalid_request) keeps the codes shown, with the error', async () => {
    const flow = await setup({
      'GET /users/mfa/recovery': () => json(200, CODES),
      'POST /users/mfa/recovery/acknowledge': () => errorBody(400, 'mfa_invalid_request', 'There are no recovery codes to acknowledge.'),
    });
    flow.actor.send({ type: 'user.loadRecoveryCodes' });
    await flow.settled();
    flow.actor.send({ type: 'user.acknowledgeRecoveryCodes' });
    const snapshot = await flow.settled();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.recoveryCodes).toEqual(CODES);
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_request', message: 'There are no recovery codes to acknowledge.' });
    expect(flow.client.session.getSnapshot().context.user?.mfaBackupCodeAcknowledgement).toBeUndefined();
  });

  it('error: recovery codes with MFA disabled → provider_not_available', async () => {
    const flow = await setup({ 'GET /users/mfa/recovery': () => errorBody(400, 'provider_not_available', 'Multi-factor authentication is not enabled for this environment.') });
    flow.actor.send({ type: 'user.loadRecoveryCodes' });
    expect((await flow.settled()).context.error?.code).toBe('provider_not_available');
  });
});
