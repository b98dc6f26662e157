import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json, type FakeHandler } from '../../../test/fakeFetch.js';
import { CREDENTIAL_ID } from '../../../test/fakeWebAuthn.js';
import { guarded, METHODS, signedInClient, STEP_UP } from '../../../test/stepUpFixtures.js';
import type { LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { stepUpStatus, type StepUpActorRef } from '../mfaDevices/stepUpMachine.js';
import { passkeyManagerMachine, passkeyManagerStatus } from './passkeyManagerMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const PASSKEY = { id: 'pk-1', alias: 'Laptop', userAgent: 'test', origin: 'http://localhost:5173', credentialId: CREDENTIAL_ID, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: null, storage: 'platform' };

async function setup(routes: Record<string, FakeHandler>) {
  const harness = await signedInClient({ 'GET /users/passkeys': () => json(200, { passkeys: [PASSKEY], count: 1 }), ...routes });
  clients.push(harness.client);
  const actor = createActor(passkeyManagerMachine, { input: { client: harness.client } }).start();
  actor.send({ type: 'user.load' });
  await waitFor(actor, (snapshot) => snapshot.context.passkeys !== undefined);
  const stepUp = () => actor.getSnapshot().children.stepUp as StepUpActorRef | undefined;
  const status = () => {
    const child = stepUp();
    return child ? stepUpStatus(child.getSnapshot()) : passkeyManagerStatus(actor.getSnapshot());
  };
  const until = (expected: string) => vi.waitFor(() => expect(status()).toBe(expected));
  const settled = () => waitFor(actor, (snapshot) => passkeyManagerStatus(snapshot) === 'idle');
  return { ...harness, actor, stepUp, status, until, settled };
}

describe('passkeyManagerMachine: step-up', () => {
  it('default: a refused delete → confirming → a TOTP code → the fresh token to the session → deleted once more', async () => {
    const guard = guarded(() => json(200, { ok: true }));
    const flow = await setup({ 'DELETE /users/passkeys': guard.route, 'GET /users/mfa/methods': () => json(200, METHODS), 'POST /users/mfa/auth/totp': guard.pass });
    const before = flow.jwt();
    flow.actor.send({ type: 'user.delete', id: 'pk-1' });
    await flow.until('awaitingStepUp');
    expect(passkeyManagerStatus(flow.actor.getSnapshot())).toBe('confirming');
    expect(flow.actor.getSnapshot().context.passkeys).toHaveLength(1);
    flow.actor.send({ type: 'user.stepUpWithCode', code: '123456' });
    const snapshot = await flow.settled();
    expect(snapshot.context).toMatchObject({ passkeys: [], deleting: undefined, steppedUp: false, error: undefined });
    expect(flow.paths()).toEqual(['GET /users/passkeys', 'DELETE /users/passkeys', 'GET /users/mfa/methods', 'POST /users/mfa/auth/totp', 'DELETE /users/passkeys']);
    expect(flow.requests[4]?.body).toEqual(flow.requests[1]?.body);
    expect(flow.jwt()).not.toBe(before);
  });

  it('error: a wrong code stays in the prompt; refused again after a passed step-up → the error, not a second prompt', async () => {
    let attempts = 0;
    const flow = await setup({
      'DELETE /users/passkeys': STEP_UP,
      'GET /users/mfa/methods': () => json(200, METHODS),
      'POST /users/mfa/auth/totp': () => (++attempts === 1 ? errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') : guarded(() => json(200, {})).pass()),
    });
    flow.actor.send({ type: 'user.delete', id: 'pk-1' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '000000' });
    await vi.waitFor(() => expect(flow.stepUp()?.getSnapshot().context.error?.code).toBe('mfa_invalid_code'));
    expect(flow.status()).toBe('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '111111' });
    const snapshot = await flow.settled();
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_request', status: 403 });
    expect(snapshot.context.passkeys).toHaveLength(1);
    expect(flow.paths().filter((path) => path === 'DELETE /users/passkeys')).toHaveLength(2);
  });

  it('behavior: cancel keeps the passkey and the token; another refusal (404) is never a step-up', async () => {
    const flow = await setup({ 'DELETE /users/passkeys': STEP_UP, 'GET /users/mfa/methods': () => json(200, METHODS) });
    const jwt = flow.jwt();
    flow.actor.send({ type: 'user.delete', id: 'pk-1' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.cancelStepUp' });
    expect(flow.status()).toBe('idle');
    expect(flow.actor.getSnapshot().context).toMatchObject({ passkeys: [PASSKEY], deleting: undefined, error: undefined });
    expect(flow.jwt()).toBe(jwt);

    const other = await setup({ 'DELETE /users/passkeys': () => errorBody(404, 'passkey_not_found', 'Passkey not found.') });
    other.actor.send({ type: 'user.delete', id: 'pk-1' });
    expect((await other.settled()).context.error?.status).toBe(404);
    expect(other.paths()).not.toContain('GET /users/mfa/methods');
  });
});
