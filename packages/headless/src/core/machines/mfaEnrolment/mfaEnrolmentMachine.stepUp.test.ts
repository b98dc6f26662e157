import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type FakeHandler } from '../../../test/fakeFetch.js';
import { fakeRegistrationOptions } from '../../../test/fakeWebAuthn.js';
import { guarded, METHODS, signedInClient, STEP_UP } from '../../../test/stepUpFixtures.js';
import type { LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { stepUpStatus, type StepUpActorRef } from '../mfaDevices/stepUpMachine.js';
import { mfaEnrolmentMachine, mfaEnrolmentStatus, mfaEnrolmentStepUpFor } from './mfaEnrolmentMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const REGISTRATION = { id: 'dev-2', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Demo:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const DEVICE = { id: 'dev-1', type: 'totp', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:10.000Z', default: true, alias: null };
const PASSKEY_DEVICE = { ...DEVICE, id: 'dev-pk', type: 'passkey', alias: 'Key' };
const CODES = { count: 2, recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] };

async function setup(routes: Record<string, FakeHandler>) {
  const harness = await signedInClient(routes);
  clients.push(harness.client);
  const actor = createActor(mfaEnrolmentMachine, { input: { client: harness.client } }).start();
  const stepUp = () => actor.getSnapshot().children.stepUp as StepUpActorRef | undefined;
  const status = () => {
    const child = stepUp();
    return child ? stepUpStatus(child.getSnapshot()) : mfaEnrolmentStatus(actor.getSnapshot());
  };
  const until = (expected: string) => vi.waitFor(() => expect(status()).toBe(expected));
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy') && mfaEnrolmentStatus(snapshot) !== 'confirming');
  return { ...harness, actor, stepUp, status, until, settled };
}

describe('mfaEnrolmentMachine: step-up (a second device, the first recovery codes)', () => {
  it('default: adding an authenticator app beside a verified factor → confirming → a TOTP code → the secret once more', async () => {
    const guard = guarded(() => json(200, REGISTRATION));
    const flow = await setup({ 'GET /users/mfa/register/totp': guard.route, 'GET /users/mfa/methods': () => json(200, METHODS), 'POST /users/mfa/auth/totp': guard.pass });
    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.until('awaitingStepUp');
    expect(mfaEnrolmentStepUpFor(flow.actor.getSnapshot())).toBe('addDevice');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '123456' });
    const snapshot = await flow.settled();
    expect(mfaEnrolmentStatus(snapshot)).toBe('awaitingEnrolmentCode');
    expect(snapshot.context).toMatchObject({ registration: REGISTRATION, command: undefined, steppedUp: false, error: undefined });
    expect(mfaEnrolmentStepUpFor(snapshot)).toBeUndefined();
    expect(flow.paths()).toEqual(['GET /users/mfa/register/totp', 'GET /users/mfa/methods', 'POST /users/mfa/auth/totp', 'GET /users/mfa/register/totp']);
  });

  it('behavior: a passkey as a second device is retried with its name after the step-up (the ceremony runs once)', async () => {
    const guard = guarded(() => json(200, fakeRegistrationOptions()));
    const flow = await setup({
      'GET /users/mfa/register/passkey': guard.route,
      'POST /users/mfa/register/passkey': () => json(200, PASSKEY_DEVICE),
      'GET /users/mfa/methods': () => json(200, METHODS),
      'POST /users/mfa/auth/recovery': guard.pass,
    });
    flow.actor.send({ type: 'user.registerPasskey', alias: ' Key ' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithRecoveryCode', code: 'aaaa-bbbb' });
    const snapshot = await flow.settled();
    expect(mfaEnrolmentStatus(snapshot)).toBe('enrolled');
    expect(snapshot.context.device).toEqual(PASSKEY_DEVICE);
    expect(flow.webauthn.calls).toEqual(['startRegistration']);
    expect(flow.requests.at(-1)?.body).toMatchObject({ alias: 'Key' });
  });

  it('behavior: the first recovery codes of a device verified earlier → confirming → the codes; cancel goes back to "added"', async () => {
    const guard = guarded(() => json(200, CODES));
    const flow = await setup({
      'GET /users/mfa/register/totp': () => json(200, REGISTRATION),
      'POST /users/mfa/register/totp': () => json(200, DEVICE),
      'GET /users/mfa/recovery': guard.route,
      'GET /users/mfa/methods': () => json(200, METHODS),
      'POST /users/mfa/auth/totp': guard.pass,
    });
    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.settled();
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '123456' });
    expect(mfaEnrolmentStatus(await flow.settled())).toBe('enrolled');
    flow.actor.send({ type: 'user.loadRecoveryCodes' });
    await flow.until('awaitingStepUp');
    expect(mfaEnrolmentStepUpFor(flow.actor.getSnapshot())).toBe('showRecoveryCodes');
    flow.actor.send({ type: 'user.cancelStepUp' });
    expect(mfaEnrolmentStatus(flow.actor.getSnapshot())).toBe('enrolled');
    expect(flow.actor.getSnapshot().context).toMatchObject({ device: DEVICE, recoveryCodes: undefined, command: undefined, error: undefined });

    flow.actor.send({ type: 'user.loadRecoveryCodes' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '654321' });
    expect((await flow.settled()).context.recoveryCodes).toEqual(CODES);
  });

  it('error: cancel before a second device adds nothing; refused again after a passed step-up → the error', async () => {
    const flow = await setup({ 'GET /users/mfa/register/totp': STEP_UP, 'GET /users/mfa/methods': () => json(200, METHODS), 'POST /users/mfa/auth/totp': guarded(() => json(200, {})).pass });
    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.cancelStepUp' });
    expect(mfaEnrolmentStatus(flow.actor.getSnapshot())).toBe('idle');
    expect(flow.actor.getSnapshot().context).toMatchObject({ registration: undefined, command: undefined, error: undefined });

    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '123456' });
    const snapshot = await flow.settled();
    expect(mfaEnrolmentStatus(snapshot)).toBe('idle');
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_request', status: 403 });
    expect(flow.paths().filter((path) => path === 'GET /users/mfa/register/totp')).toHaveLength(3);
  });
});
