import type { MfaDevice, MfaDeviceList, RecoveryCodes, User } from '@latchkey/protocol';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { acknowledgeRecoveryCodes } from '../../actions/acknowledgeRecoveryCodes.js';
import { deleteMfaDevice } from '../../actions/deleteMfaDevice.js';
import { getMfaDevices } from '../../actions/getMfaDevices.js';
import { regenerateRecoveryCodes } from '../../actions/regenerateRecoveryCodes.js';
import { updateMfaDevice } from '../../actions/updateMfaDevice.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { ApiClient } from '../../transport/createApi.js';
import type { SessionActorRef } from '../session/sessionMachine.js';

/** What device management needs from its client: the API (signed in) and the session (the acknowledgement updates its user). */
export interface MfaDevicesClient extends ApiClient {
  session: Pick<SessionActorRef, 'send'>;
}

export interface MfaDevicesInput {
  client: MfaDevicesClient;
}

export interface MfaDevicesContext {
  client: MfaDevicesClient;
  /** The user's verified devices once loaded (`user.loadDevices`), kept in step with rename, default and delete. */
  devices: MfaDevice[] | undefined;
  /** A new set of recovery codes, shown once, until acknowledged. */
  recoveryCodes: RecoveryCodes | undefined;
  error: LatchkeyError | undefined;
}

export type MfaDevicesEvent =
  | { type: 'user.loadDevices' }
  /** Each change reloads the list (a new default changes two devices). */
  | { type: 'user.renameDevice'; id: string; alias: string }
  | { type: 'user.makeDefaultDevice'; id: string }
  | { type: 'user.deleteDevice'; id: string }
  /** Replaces the recovery codes with a new set (the old ones stop working). */
  | { type: 'user.regenerateRecoveryCodes' }
  /** The user saved the codes shown: recorded server-side, then the codes are forgotten here. */
  | { type: 'user.acknowledgeRecoveryCodes' }
  | { type: 'user.reset' };

export const MFA_DEVICE_ALIAS_MAX_LENGTH = 64;

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * The signed-in user's second-factor devices: idle → loadingDevices → idle with the list; rename
 * (1–64 characters, refused before any request otherwise), make default and delete each go through
 * changingDevice and reload the list. New recovery codes: fetchingRecoveryCodes → idle with the codes
 * (shown once) → acknowledgingRecoveryCodes, recorded on the server and forgotten here.
 */
export const mfaDevicesMachine = setup({
  types: {
    context: {} as MfaDevicesContext,
    events: {} as MfaDevicesEvent,
    input: {} as MfaDevicesInput,
    tags: {} as 'busy',
  },
  actors: {
    loadDevices: fromPromise<MfaDeviceList, { client: MfaDevicesClient }>(({ input }) => getMfaDevices(input.client)),
    changeDevice: fromPromise<MfaDeviceList, { client: MfaDevicesClient; change: MfaDevicesEvent }>(async ({ input }) => {
      const { change } = input;
      if (change.type === 'user.deleteDevice') await deleteMfaDevice(input.client, { mfaDeviceId: change.id });
      else if (change.type === 'user.renameDevice') await updateMfaDevice(input.client, { mfaDeviceId: change.id, alias: change.alias.trim() });
      else if (change.type === 'user.makeDefaultDevice') await updateMfaDevice(input.client, { mfaDeviceId: change.id, default: true });
      return getMfaDevices(input.client);
    }),
    regenerateRecoveryCodes: fromPromise<RecoveryCodes, { client: MfaDevicesClient }>(({ input }) => regenerateRecoveryCodes(input.client)),
    acknowledgeRecoveryCodes: fromPromise<User, { client: MfaDevicesClient }>(async ({ input }) => (await acknowledgeRecoveryCodes(input.client)).user),
  },
  actions: {
    assignDevices: assign((_, params: { list: MfaDeviceList }) => ({ devices: params.list.devices, error: undefined })),
    assignRecoveryCodes: assign((_, params: { recoveryCodes: RecoveryCodes }) => ({ recoveryCodes: params.recoveryCodes, error: undefined })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignInvalidAlias: assign(() => ({
      error: new LatchkeyError('invalid_request', { message: `Enter a name of 1 to ${MFA_DEVICE_ALIAS_MAX_LENGTH} characters.`, path: 'alias' }),
    })),
    clearError: assign({ error: undefined }),
    reset: assign({ recoveryCodes: undefined, error: undefined }),
    forgetRecoveryCodes: assign({ recoveryCodes: undefined, error: undefined }),
    handOverUser: ({ context }, params: { user: User }) => context.client.session.send({ type: 'server.userUpdated', user: params.user }),
  },
  guards: {
    isValidAlias: (_, params: { alias: string }) =>
      typeof params.alias === 'string' && params.alias.trim().length >= 1 && params.alias.trim().length <= MFA_DEVICE_ALIAS_MAX_LENGTH,
  },
}).createMachine({
  id: 'mfaDevices',
  context: ({ input }) => ({ client: input.client, devices: undefined, recoveryCodes: undefined, error: undefined }),
  initial: 'idle',
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      on: {
        'user.loadDevices': { target: 'loadingDevices', actions: 'clearError' },
        'user.renameDevice': [
          { guard: { type: 'isValidAlias', params: ({ event }) => ({ alias: event.alias }) }, target: 'changingDevice', actions: 'clearError' },
          { actions: 'assignInvalidAlias' },
        ],
        'user.makeDefaultDevice': { target: 'changingDevice', actions: 'clearError' },
        'user.deleteDevice': { target: 'changingDevice', actions: 'clearError' },
        'user.regenerateRecoveryCodes': { target: 'fetchingRecoveryCodes', actions: 'clearError' },
        'user.acknowledgeRecoveryCodes': { target: 'acknowledgingRecoveryCodes', actions: 'clearError' },
      },
    },
    loadingDevices: {
      tags: ['busy'],
      invoke: {
        src: 'loadDevices',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'idle', actions: { type: 'assignDevices', params: ({ event }) => ({ list: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: errorParams } },
      },
    },
    changingDevice: {
      tags: ['busy'],
      invoke: {
        src: 'changeDevice',
        input: ({ context, event }) => ({ client: context.client, change: event }),
        onDone: { target: 'idle', actions: { type: 'assignDevices', params: ({ event }) => ({ list: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: errorParams } },
      },
    },
    fetchingRecoveryCodes: {
      tags: ['busy'],
      invoke: {
        src: 'regenerateRecoveryCodes',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'idle', actions: { type: 'assignRecoveryCodes', params: ({ event }) => ({ recoveryCodes: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: errorParams } },
      },
    },
    // The codes stay shown until the server has recorded the acknowledgement.
    acknowledgingRecoveryCodes: {
      tags: ['busy'],
      invoke: {
        src: 'acknowledgeRecoveryCodes',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'idle', actions: ['forgetRecoveryCodes', { type: 'handOverUser', params: ({ event }) => ({ user: event.output }) }] },
        onError: { target: 'idle', actions: { type: 'assignError', params: errorParams } },
      },
    },
  },
});

export type MfaDevicesMachine = typeof mfaDevicesMachine;
export type MfaDevicesActorRef = ActorRefFrom<typeof mfaDevicesMachine>;
export type MfaDevicesSnapshot = SnapshotFrom<typeof mfaDevicesMachine>;
export type MfaDevicesStatus = 'idle' | 'loadingDevices' | 'changingDevice' | 'fetchingRecoveryCodes' | 'acknowledgingRecoveryCodes';

/** The status of a snapshot (its state's name). */
export function mfaDevicesStatus(snapshot: MfaDevicesSnapshot): MfaDevicesStatus {
  return snapshot.value;
}
