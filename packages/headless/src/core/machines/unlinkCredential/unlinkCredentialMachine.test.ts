import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, fakeSignIn, json, type FakeHandler } from '../../../test/fakeFetch.js';
import { createFakeWebAuthn, deferred, fakeAuthenticationOptions, webAuthnError, type FakeWebAuthn } from '../../../test/fakeWebAuthn.js';
import { guarded, LAST_DEVICE, METHODS, signedInClient, STEP_UP } from '../../../test/stepUpFixtures.js';
import type { LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { stepUpStatus, type StepUpActorRef } from '../mfaDevices/stepUpMachine.js';
import { unlinkCredentialMachine, unlinkCredentialStatus } from './unlinkCredentialMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const UNLINKED = () => json(200, fakeSignIn(Date.now() + 7_200_000, { verifiedCredentials: [{ id: 'cred-1', format: 'email', email: 'ada@example.com' }] }));

async function setup(routes: Record<string, FakeHandler>, webauthn?: FakeWebAuthn) {
  const harness = await signedInClient(routes, webauthn);
  clients.push(harness.client);
  const actor = createActor(unlinkCredentialMachine, { input: { client: harness.client } }).start();
  const stepUp = () => actor.getSnapshot().children.stepUp as StepUpActorRef | undefined;
  /** Where the flow stands, the step-up's status while one runs. */
  const status = () => {
    const child = stepUp();
    return child ? stepUpStatus(child.getSnapshot()) : unlinkCredentialStatus(actor.getSnapshot());
  };
  const until = (expected: string) => vi.waitFor(() => expect(status()).toBe(expected));
  const settled = () => waitFor(actor, (snapshot) => unlinkCredentialStatus(snapshot) === 'idle');
  return { ...harness, actor, stepUp, status, until, settled };
}

describe('unlinkCredentialMachine', () => {
  it('default: unlink → the session takes the answer (the user without the credential)', async () => {
    const flow = await setup({ 'POST /verify/unlink': UNLINKED });
    flow.actor.send({ type: 'user.submit', target: 'cred-google' });
    expect(flow.status()).toBe('unlinking');
    const snapshot = await flow.settled();
    expect(snapshot.context).toMatchObject({ done: 'cred-google', target: undefined, error: undefined });
    expect(flow.requests[0]?.body).toEqual({ verifiedCrentialId: 'cred-google' });
    expect(flow.client.session.getSnapshot().context.user?.verifiedCredentials).toHaveLength(1);
  });

  it('behavior: 403 mfa_invalid_request → the user\'s methods → a TOTP code → the fresh token to the session → unlinked once more', async () => {
    const guard = guarded(UNLINKED);
    const flow = await setup({ 'POST /verify/unlink': guard.route, 'GET /users/mfa/methods': () => json(200, METHODS), 'POST /users/mfa/auth/totp': guard.pass });
    const before = flow.jwt();
    flow.actor.send({ type: 'user.submit', target: 'cred-google' });
    await flow.until('awaitingStepUp');
    expect(unlinkCredentialStatus(flow.actor.getSnapshot())).toBe('confirming');
    expect(flow.stepUp()?.getSnapshot().context).toMatchObject({ methods: METHODS, error: undefined });
    flow.actor.send({ type: 'user.stepUpWithCode', code: '123 456' });
    expect(flow.status()).toBe('steppingUp');
    const snapshot = await flow.settled();
    expect(snapshot.context).toMatchObject({ done: 'cred-google', error: undefined, steppedUp: false });
    expect(flow.paths()).toEqual(['POST /verify/unlink', 'GET /users/mfa/methods', 'POST /users/mfa/auth/totp', 'POST /verify/unlink']);
    expect(flow.requests[2]?.body).toEqual({ code: '123456' });
    // The step-up went with the session token; the retry with the fresh one it answered, then the unlink's.
    expect(flow.bearers().slice(0, 3)).toEqual([`Bearer ${before}`, `Bearer ${before}`, `Bearer ${before}`]);
    expect(flow.bearers()[3]).not.toBe(`Bearer ${before}`);
    expect(flow.client.session.getSnapshot().context.user?.verifiedCredentials).toHaveLength(1);
  });

  it('behavior: a passkey or a recovery code steps up too; a malformed code is refused before any request', async () => {
    const guard = guarded(UNLINKED);
    const flow = await setup({
      'POST /verify/unlink': guard.route,
      'GET /users/mfa/methods': () => json(200, METHODS),
      'GET /users/mfa/auth/passkey': () => json(200, fakeAuthenticationOptions()),
      'POST /users/mfa/auth/passkey': guard.pass,
    });
    flow.actor.send({ type: 'user.submit', target: 'cred-google' });
    await flow.until('awaitingStepUp');
    const sent = flow.requests.length;
    flow.actor.send({ type: 'user.stepUpWithCode', code: '12' });
    flow.actor.send({ type: 'user.stepUpWithRecoveryCode', code: 'nope' });
    expect(flow.stepUp()?.getSnapshot().context.error).toMatchObject({ code: 'invalid_code' });
    expect(flow.requests).toHaveLength(sent);
    flow.actor.send({ type: 'user.stepUpWithPasskey' });
    expect(flow.status()).toBe('steppingUpWithPasskey');
    expect((await flow.settled()).context.done).toBe('cred-google');
    expect(flow.webauthn.calls).toEqual(['startAuthentication']);

    const recovery = guarded(UNLINKED);
    const other = await setup({ 'POST /verify/unlink': recovery.route, 'GET /users/mfa/methods': () => json(200, METHODS), 'POST /users/mfa/auth/recovery': recovery.pass });
    other.actor.send({ type: 'user.submit', target: 'cred-google' });
    await other.until('awaitingStepUp');
    other.actor.send({ type: 'user.stepUpWithRecoveryCode', code: ' 7kq2-m9xd ' });
    expect((await other.settled()).context.done).toBe('cred-google');
    expect(other.requests.find((request) => request.url.pathname.endsWith('/auth/recovery'))?.body).toEqual({ code: '7kq2-m9xd' });
  });

  it('error: a wrong code stays in the prompt (retry possible); too many attempts end it with nothing unlinked', async () => {
    let attempts = 0;
    const guard = guarded(UNLINKED);
    const flow = await setup({
      'POST /verify/unlink': guard.route,
      'GET /users/mfa/methods': () => json(200, METHODS),
      'POST /users/mfa/auth/totp': () => (++attempts === 1 ? errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') : guard.pass()),
    });
    flow.actor.send({ type: 'user.submit', target: 'cred-google' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '000000' });
    await flow.until('awaitingStepUp');
    await vi.waitFor(() => expect(flow.stepUp()?.getSnapshot().context.error).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' }));
    flow.actor.send({ type: 'user.stepUpWithCode', code: '111111' });
    expect((await flow.settled()).context).toMatchObject({ done: 'cred-google', error: undefined });

    const ended = await setup({
      'POST /verify/unlink': STEP_UP,
      'GET /users/mfa/methods': () => json(200, METHODS),
      'POST /users/mfa/auth/totp': () => errorBody(429, 'too_many_verification_attempts', 'Too many verification attempts.'),
    });
    ended.actor.send({ type: 'user.submit', target: 'cred-google' });
    await ended.until('awaitingStepUp');
    ended.actor.send({ type: 'user.stepUpWithCode', code: '111111' });
    const snapshot = await ended.settled();
    expect(snapshot.context).toMatchObject({ done: undefined, target: undefined });
    expect(snapshot.context.error?.code).toBe('too_many_verification_attempts');
    expect(ended.paths().filter((path) => path === 'POST /verify/unlink')).toHaveLength(1);
  });

  it('error: refused again after a passed step-up → shown, not asked twice; a 400 of the same code or the last credential is never a step-up', async () => {
    const flow = await setup({ 'POST /verify/unlink': STEP_UP, 'GET /users/mfa/methods': () => json(200, METHODS), 'POST /users/mfa/auth/totp': () => json(200, fakeSignIn(Date.now() + 7_200_000)) });
    flow.actor.send({ type: 'user.submit', target: 'cred-google' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '123456' });
    const snapshot = await flow.settled();
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_request', status: 403 });
    expect(flow.paths()).toEqual(['POST /verify/unlink', 'GET /users/mfa/methods', 'POST /users/mfa/auth/totp', 'POST /verify/unlink']);

    for (const answer of [LAST_DEVICE, () => errorBody(400, 'forbidden_unlink_request', 'You cannot unlink your only sign-in method.')]) {
      const other = await setup({ 'POST /verify/unlink': answer });
      other.actor.send({ type: 'user.submit', target: 'cred-1' });
      expect((await other.settled()).context.error?.status).toBe(400);
      expect(other.paths()).toEqual(['POST /verify/unlink']);
    }
  });

  it('behavior: cancel — while the methods load, in the prompt, or during the passkey ceremony (aborted) — unlinks nothing', async () => {
    const methods = deferred<void>();
    const ceremony = deferred<never>();
    const webauthn = createFakeWebAuthn({ authenticate: () => ceremony.promise });
    const flow = await setup(
      { 'POST /verify/unlink': STEP_UP, 'GET /users/mfa/methods': () => methods.promise.then(() => json(200, METHODS)), 'GET /users/mfa/auth/passkey': () => json(200, fakeAuthenticationOptions()) },
      webauthn,
    );
    const jwt = flow.jwt();
    flow.actor.send({ type: 'user.submit', target: 'cred-google' });
    await flow.until('loadingStepUpMethods');
    flow.actor.send({ type: 'user.cancelStepUp' });
    expect(flow.status()).toBe('idle');
    methods.resolve();
    flow.actor.send({ type: 'user.submit', target: 'cred-google' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithPasskey' });
    await vi.waitFor(() => expect(webauthn.calls).toContain('startAuthentication'));
    flow.actor.send({ type: 'user.cancelStepUp' });
    expect(webauthn.calls).toEqual(['startAuthentication', 'cancel']);
    expect(flow.status()).toBe('idle');
    expect(flow.actor.getSnapshot().context).toMatchObject({ done: undefined, target: undefined, steppedUp: false, error: undefined });
    expect(flow.jwt()).toBe(jwt);
    expect(flow.paths().filter((path) => path === 'POST /verify/unlink')).toHaveLength(2);
    ceremony.reject(webAuthnError('ERROR_CEREMONY_ABORTED', { name: 'AbortError', message: 'aborted' }));
  });

  it('behavior: the passkey prompt closed in the browser is only logged; the prompt stays for another method', async () => {
    const webauthn = createFakeWebAuthn({
      authenticate: async () => Promise.reject(webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', { name: 'NotAllowedError', message: 'The operation either timed out or was not allowed.' })),
    });
    const flow = await setup({ 'POST /verify/unlink': STEP_UP, 'GET /users/mfa/methods': () => json(200, METHODS), 'GET /users/mfa/auth/passkey': () => json(200, fakeAuthenticationOptions()) }, webauthn);
    flow.actor.send({ type: 'user.submit', target: 'cred-google' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithPasskey' });
    await vi.waitFor(() => expect(flow.warnings).toHaveLength(1));
    expect(flow.status()).toBe('awaitingStepUp');
    expect(flow.stepUp()?.getSnapshot().context.error).toBeUndefined();
  });
});
