import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fakeFetch.js';
import { guarded, METHODS, signedInClient } from '../../../test/stepUpFixtures.js';
import type { LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { refreshMpcWallet } from '../../actions/refreshMpcWallet.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { stepUpStatus, type StepUpActorRef } from '../mfaDevices/stepUpMachine.js';
import { mpcStepUpMachine, startMpcCommand } from './mpcStepUpMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

/** The step-up flow of `useMpcWallet`, and a command (opening an MPC room) the fake server guards like the sandbox. */
async function setup() {
  const guard = guarded(() => json(200, { roomId: 'room-1', serverKeygenIds: ['server-1'], walletId: 'wallet-1' }));
  const harness = await signedInClient({ 'POST /waas/wallet-1/refresh': guard.route, 'GET /users/mfa/methods': () => json(200, METHODS), 'POST /users/mfa/auth/totp': guard.pass });
  clients.push(harness.client);
  const actor = createActor(mpcStepUpMachine, { input: { client: harness.client } }).start();
  const stepUp = () => actor.getSnapshot().children.stepUp as StepUpActorRef | undefined;
  // The command as the MPC wallet client runs it: the room request through the client's API, then its ceremony.
  const ceremony = vi.fn(async () => undefined);
  const refresh = async () => {
    await refreshMpcWallet(harness.client, { walletId: 'wallet-1' });
    await ceremony();
  };
  return { ...harness, actor, stepUp, ceremony, refresh };
}

describe('mpcStepUpMachine (useMpcWallet: reshare, refresh, export)', () => {
  it('behavior: refused until a second factor → "Confirm it\'s you" → a TOTP code → the command runs once more and resolves done', async () => {
    const flow = await setup();
    const outcome = startMpcCommand(flow.actor, flow.refresh);
    await vi.waitFor(() => expect(flow.stepUp() && stepUpStatus(flow.stepUp()!.getSnapshot())).toBe('awaitingStepUp'));
    expect(flow.ceremony).not.toHaveBeenCalled();
    flow.actor.send({ type: 'user.stepUpWithCode', code: '123456' });
    await expect(outcome).resolves.toBe('done');
    expect(flow.ceremony).toHaveBeenCalledTimes(1);
    expect(flow.paths()).toEqual(['POST /waas/wallet-1/refresh', 'GET /users/mfa/methods', 'POST /users/mfa/auth/totp', 'POST /waas/wallet-1/refresh']);
  });

  it('behavior: cancel at "Confirm it\'s you" resolves cancelled; nothing ran; the next command starts afresh', async () => {
    const flow = await setup();
    const outcome = startMpcCommand(flow.actor, flow.refresh);
    await vi.waitFor(() => expect(flow.actor.getSnapshot().value).toBe('confirming'));
    flow.actor.send({ type: 'user.cancelStepUp' });
    await expect(outcome).resolves.toBe('cancelled');
    expect(flow.ceremony).not.toHaveBeenCalled();
    expect(flow.actor.getSnapshot().context.error).toBeUndefined();
  });

  it('error: another refusal rejects with its typed error; a command started while a step-up waits drops that one', async () => {
    const flow = await setup();
    const refused = new LatchkeyError('mpc_wallet_locked');
    await expect(startMpcCommand(flow.actor, () => Promise.reject(refused))).rejects.toMatchObject({ code: 'mpc_wallet_locked' });
    const first = startMpcCommand(flow.actor, flow.refresh);
    await vi.waitFor(() => expect(flow.actor.getSnapshot().value).toBe('confirming'));
    await expect(startMpcCommand(flow.actor, async () => 'signed')).resolves.toBe('done');
    await expect(first).resolves.toBe('cancelled');
  });
});
