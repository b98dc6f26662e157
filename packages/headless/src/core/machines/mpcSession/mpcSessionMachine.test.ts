import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import { FROST_SIGNERS, identifierOf } from '@latchkey/protocol/frost';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { signCeremony, type Ceremony, type MpcRpc, type MpcStepName } from '../../mpc/ceremonies.js';
import { mpcSessionMachine, mpcSessionStatus, type MpcSessionStatus } from './mpcSessionMachine.js';

/** A ceremony of named steps whose runs are given; it records its discards. */
function fakeCeremony(names: MpcStepName[], runs: ((rpc: MpcRpc) => Promise<void>)[], result = 'ok') {
  const record = { discarded: 0 };
  const ceremony: Ceremony<string> = {
    steps: names.map((name, i) => ({ name, run: runs[i] ?? (async () => undefined) })),
    result: () => result,
    discard: () => void (record.discarded += 1),
  };
  return { ceremony, record };
}

const rpc: MpcRpc = { call: async () => ({}) as never };

function run(input: { connect?: () => Promise<MpcRpc>; start: () => Promise<Ceremony>; maxRestarts?: number }) {
  const statuses: MpcSessionStatus[] = [];
  const actor = createActor(mpcSessionMachine, { input: { connect: input.connect ?? (async () => rpc), start: input.start, ...(input.maxRestarts === undefined ? {} : { maxRestarts: input.maxRestarts }) } });
  actor.subscribe((snapshot) => {
    const status = mpcSessionStatus(snapshot);
    if (statuses.at(-1) !== status) statuses.push(status);
  });
  actor.start();
  actor.send({ type: 'user.start' });
  return { actor, statuses, settled: waitFor(actor, (snapshot) => snapshot.status === 'done') };
}

const dropped = () => new LatchkeyError('socket_closed_before_reply', { params: { method: 'sign.share' } });

describe('mpcSession machine', () => {
  it('default: connecting → opening → each round by name → done, with the result; the secrets are discarded at the end', async () => {
    const { ceremony, record } = fakeCeremony(['keygenRound1', 'keygenRound2', 'keygenRound3'], []);
    const { statuses, settled } = run({ start: async () => ceremony });
    const snapshot = await settled;
    expect(snapshot.value).toBe('done');
    expect(snapshot.context.result).toBe('ok');
    expect(statuses).toEqual(['idle', 'connecting', 'opening', 'keygenRound1', 'keygenRound2', 'keygenRound3', 'done']);
    expect(record.discarded).toBe(1);
  });

  it('behavior: a socket drop mid-ceremony discards the attempt and starts over from a new room', async () => {
    const attempts: { record: { discarded: number } }[] = [];
    let starts = 0;
    const { statuses, settled } = run({
      start: async () => {
        starts += 1;
        const made = fakeCeremony(['signCommit', 'signShare'], [async () => undefined, async () => { if (starts === 1) throw dropped(); }]);
        attempts.push(made);
        return made.ceremony;
      },
    });
    const snapshot = await settled;
    expect(snapshot.value).toBe('done');
    expect(starts).toBe(2);
    expect(attempts.map((attempt) => attempt.record.discarded)).toEqual([1, 1]);
    expect(statuses).toEqual(['idle', 'connecting', 'opening', 'signCommit', 'signShare', 'connecting', 'opening', 'signCommit', 'signShare', 'done']);
  });

  it('error: drops past maxRestarts end in failed with mpc_ceremony_interrupted', async () => {
    const { settled } = run({ maxRestarts: 1, start: async () => fakeCeremony(['signCommit'], [async () => { throw dropped(); }]).ceremony });
    const snapshot = await settled;
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error?.code).toBe('mpc_ceremony_interrupted');
    expect(snapshot.context.restarts).toBe(1);
  });

  it("error: a round message the maths refuses (the curve library throws) is invalid_response, not UNKNOWN with the library's words", async () => {
    const { ceremony, record } = fakeCeremony(['signCommit'], [async () => { throw new Error('expected valid point.y: 0 <= n < 5789604461865809771178549250434395392663499233282028201972879200395656481996, got 5'); }]);
    const { settled } = run({ start: async () => ceremony });
    const snapshot = await settled;
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toMatchObject({ code: 'invalid_response', message: 'The server answered with an unexpected response.' });
    expect(record.discarded).toBe(1);
  });

  it('error: a refusal is not retried — failed with its error, the secrets discarded', async () => {
    const { ceremony, record } = fakeCeremony(['keygenRound1'], [async () => { throw new LatchkeyError('unauthorized', { message: 'no' }); }]);
    const { settled } = run({ start: async () => ceremony });
    const snapshot = await settled;
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error?.code).toBe('unauthorized');
    expect(record.discarded).toBe(1);
  });

  it('behavior: with a real signing ceremony, the nonces of an attempt cut off between commit and share are discarded and never sign', async () => {
    const deal = frost.trustedDealer(FROST_SIGNERS.TWO_OF_TWO, [identifierOf('device'), identifierOf('server')]);
    const device = deal.secretShares[identifierOf('device')]!;
    const server = deal.secretShares[identifierOf('server')]!;
    const message = new TextEncoder().encode('m');
    const committed: string[] = [];
    let shared = 0;
    const sharedRooms: string[] = [];
    let attempt = 0;
    const serverNonces = new Map<string, ReturnType<typeof frost.commit>>();
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    const fakeServer: MpcRpc = {
      async call(method, params: any) {
        if (method === 'sign.commit') {
          committed.push(params.commitments[0].hiding);
          const mine = frost.commit(server);
          serverNonces.set(params.roomId, mine);
          return { commitments: [{ identifier: mine.commitments.identifier, hiding: hex(mine.commitments.hiding), binding: hex(mine.commitments.binding) }] } as never;
        }
        if (attempt === 1) throw dropped();
        shared += 1;
        sharedRooms.push(params.roomId);
        // The server's share, so the signature aggregates; the device's share came from the nonces of this room's commit.
        const mine = serverNonces.get(params.roomId)!;
        const list = [{ identifier: params.shares[0].identifier, hiding: Buffer.from(committed.at(-1)!, 'hex'), binding: Buffer.from(lastBinding!, 'hex') }, mine.commitments];
        const share = frost.signShare(server, deal.public, mine.nonces, list as never, message);
        const all = { [params.shares[0].identifier]: Buffer.from(params.shares[0].share, 'hex'), [server.identifier]: share };
        return { shares: [{ identifier: server.identifier, share: hex(share) }], signature: hex(frost.aggregate(deal.public, list as never, message, all as never)) } as never;
      },
    };
    let lastBinding: string | undefined;
    const spy: MpcRpc = {
      call: (method, params: any) => {
        if (method === 'sign.commit') lastBinding = params.commitments[0].binding;
        return fakeServer.call(method, params);
      },
    };
    const ceremonies: Ceremony<Uint8Array>[] = [];
    const { settled } = run({
      connect: async () => spy,
      start: async () => {
        attempt += 1;
        const made = signCeremony({ roomId: `room-${attempt}` }, deal.public, [device], message);
        ceremonies.push(made);
        return made;
      },
    });
    const snapshot = await settled;
    expect(snapshot.value).toBe('done');
    expect(committed).toHaveLength(2);
    expect(committed[0]).not.toBe(committed[1]);
    expect(shared).toBe(1);
    expect(sharedRooms).toEqual(['room-2']);
    expect(frost.verify(snapshot.context.result as Uint8Array, message, deal.public.commitments[0]!)).toBe(true);
  });
});
