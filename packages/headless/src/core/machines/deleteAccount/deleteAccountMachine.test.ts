import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json } from '../../../test/fakeFetch.js';
import { guarded, METHODS, signedInClient, STEP_UP } from '../../../test/stepUpFixtures.js';
import type { LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { stepUpStatus, type StepUpActorRef } from '../mfaDevices/stepUpMachine.js';
import { deleteAccountMachine, deleteAccountStatus } from './deleteAccountMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const DELETED = () => json(200, { ok: true });

async function setup(routes: Parameters<typeof signedInClient>[0]) {
  // The sign-out after the deletion revokes the session (already gone at the server: any answer will do).
  const harness = await signedInClient({ 'POST /revoke': () => json(200, {}), ...routes });
  clients.push(harness.client);
  const actor = createActor(deleteAccountMachine, { input: { client: harness.client } }).start();
  const stepUp = () => actor.getSnapshot().children.stepUp as StepUpActorRef | undefined;
  const status = () => {
    const child = stepUp();
    return child ? stepUpStatus(child.getSnapshot()) : deleteAccountStatus(actor.getSnapshot());
  };
  const until = (expected: string) => vi.waitFor(() => expect(status()).toBe(expected));
  const settled = () => waitFor(actor, (snapshot) => snapshot.value === 'idle');
  const signedOut = () => vi.waitFor(() => expect(getSessionStatus(harness.client.session.getSnapshot())).toBe('signedOut'));
  return { ...harness, actor, stepUp, status, until, settled, signedOut };
}

describe('deleteAccountMachine', () => {
  it('default: DELETE /users with the typed word → deleted, and the session is signed out', async () => {
    const flow = await setup({ 'DELETE /users': DELETED });
    flow.actor.send({ type: 'user.submit', target: 'DELETE' });
    expect(flow.status()).toBe('deleting');
    await flow.settled();
    expect(flow.status()).toBe('deleted');
    expect(flow.requests[0]?.body).toEqual({ confirmation: 'DELETE' });
    await flow.signedOut();
  });

  it('behavior: 403 mfa_invalid_request → "Confirm it\'s you" → a TOTP code → the fresh token to the session → deleted once more', async () => {
    const guard = guarded(DELETED);
    const flow = await setup({ 'DELETE /users': guard.route, 'GET /users/mfa/methods': () => json(200, METHODS), 'POST /users/mfa/auth/totp': guard.pass });
    const before = flow.jwt();
    flow.actor.send({ type: 'user.submit', target: 'DELETE' });
    await flow.until('awaitingStepUp');
    expect(deleteAccountStatus(flow.actor.getSnapshot())).toBe('confirming');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '123456' });
    await flow.settled();
    expect(flow.status()).toBe('deleted');
    expect(flow.paths().slice(0, 4)).toEqual(['DELETE /users', 'GET /users/mfa/methods', 'POST /users/mfa/auth/totp', 'DELETE /users']);
    // The retry carries the step-up's fresh token, and the typed word again.
    expect(flow.bearers()[3]).not.toBe(`Bearer ${before}`);
    expect(flow.requests[3]?.body).toEqual({ confirmation: 'DELETE' });
    await flow.signedOut();
  });

  it('error: a wrong code stays in the prompt and deletes nothing; cancel leaves the account and the session', async () => {
    const flow = await setup({
      'DELETE /users': STEP_UP,
      'GET /users/mfa/methods': () => json(200, METHODS),
      'POST /users/mfa/auth/totp': () => errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code'),
    });
    flow.actor.send({ type: 'user.submit', target: 'DELETE' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '000000' });
    await vi.waitFor(() => expect(flow.stepUp()?.getSnapshot().context.error).toMatchObject({ code: 'mfa_invalid_code' }));
    expect(flow.status()).toBe('awaitingStepUp');
    flow.actor.send({ type: 'user.cancelStepUp' });
    expect(flow.status()).toBe('idle');
    expect(flow.actor.getSnapshot().context).toMatchObject({ target: undefined, done: undefined, error: undefined });
    expect(flow.paths().filter((path) => path === 'DELETE /users')).toHaveLength(1);
    expect(getSessionStatus(flow.client.session.getSnapshot())).toBe('signedIn');
  });

  it('error: another word is invalid_request before any request, never a step-up; refused again after a passed step-up is shown too', async () => {
    const flow = await setup({ 'DELETE /users': DELETED });
    flow.actor.send({ type: 'user.submit', target: 'delete' });
    expect((await flow.settled()).context.error).toMatchObject({ code: 'invalid_request', path: 'confirmation' });
    expect(flow.status()).toBe('idle');
    expect(flow.paths()).toEqual([]);

    const again = await setup({ 'DELETE /users': STEP_UP, 'GET /users/mfa/methods': () => json(200, METHODS), 'POST /users/mfa/auth/totp': guarded(DELETED).pass });
    again.actor.send({ type: 'user.submit', target: 'DELETE' });
    await again.until('awaitingStepUp');
    again.actor.send({ type: 'user.stepUpWithCode', code: '123456' });
    expect((await again.settled()).context.error).toMatchObject({ code: 'mfa_invalid_request', status: 403 });
    expect(again.status()).toBe('idle');
    expect(again.paths().filter((path) => path === 'DELETE /users')).toHaveLength(2);
  });
});
