import type { MfaDevice, MfaDeviceList, RecoveryCodes, User } from '@latchkey/protocol';
import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { acknowledgeRecoveryCodes } from '../../actions/acknowledgeRecoveryCodes.js';
import { deleteMfaDevice } from '../../actions/deleteMfaDevice.js';
import { getMfaDevices } from '../../actions/getMfaDevices.js';
import { regenerateRecoveryCodes } from '../../actions/regenerateRecoveryCodes.js';
import { updateMfaDevice } from '../../actions/updateMfaDevice.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import { isStepUpRequired } from './stepUp.js';
import { hasPassedStepUp, stepUpAnswers, stepUpMachine, type StepUpEvent, type StepUpMachineClient, type StepUpOutput } from './stepUpMachine.js';

/**
 * What device management needs from its client: the API (signed in), the session (the acknowledgement updates its
 * user; a step-up hands it the fresh token), and — for a step-up with a passkey — WebAuthn and the logger.
 */
export type MfaDevicesClient = StepUpMachineClient;

export interface MfaDevicesInput {
  client: MfaDevicesClient;
}

/** A command that changes the devices or the recovery codes; removing a second factor may need a step-up first. */
export type MfaDevicesCommand =
  | { type: 'user.renameDevice'; id: string; alias: string }
  | { type: 'user.makeDefaultDevice'; id: string }
  | { type: 'user.deleteDevice'; id: string }
  /** Replaces the recovery codes with a new set (the old ones stop working). */
  | { type: 'user.regenerateRecoveryCodes' };

export interface MfaDevicesContext {
  client: MfaDevicesClient;
  /** The user's verified devices once loaded (`user.loadDevices`), kept in step with rename, default and delete. */
  devices: MfaDevice[] | undefined;
  /** A new set of recovery codes, shown once, until acknowledged. */
  recoveryCodes: RecoveryCodes | undefined;
  /** The command under way, or waiting for a step-up (it is retried once after one). */
  command: MfaDevicesCommand | undefined;
  /** The command's step-up passed: a second refusal is shown, not asked again. */
  steppedUp: boolean;
  error: LatchkeyError | undefined;
}

export type MfaDevicesEvent =
  | { type: 'user.loadDevices' }
  /** Each change reloads the list (a new default changes two devices). */
  | MfaDevicesCommand
  /** The user saved the codes shown: recorded server-side, then the codes are forgotten here. */
  | { type: 'user.acknowledgeRecoveryCodes' }
  /** During a command's step-up (see `stepUpMachine`). */
  | StepUpEvent
  /** Leaves the step-up: the command is dropped, everything stays as it was. */
  | { type: 'user.cancelStepUp' }
  | { type: 'user.reset' };

export const MFA_DEVICE_ALIAS_MAX_LENGTH = 64;

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const commandParams = ({ event }: { event: MfaDevicesEvent }) => ({ command: event as MfaDevicesCommand });
const startCommand = (target: string) => ({ target, actions: [{ type: 'assignCommand', params: commandParams }] }) as const;
const commandFailed = [
  { guard: { type: 'canStepUp', params: errorParams }, target: 'confirming' },
  { target: 'idle', actions: [{ type: 'assignError', params: errorParams }, 'forgetCommand'] },
] as const;

/**
 * The signed-in user's second-factor devices: idle → loadingDevices → idle with the list; rename
 * (1–64 characters, refused before any request otherwise), make default and delete each go through
 * changingDevice and reload the list. New recovery codes: fetchingRecoveryCodes → idle with the codes
 * (shown once) → acknowledgingRecoveryCodes, recorded on the server and forgotten here.
 * Step-up: a delete or a new set of codes refused with 403 `mfa_invalid_request` (no second factor passed by this
 * session lately) asks for one — confirming (the step-up, `stepUpMachine`, id `stepUp`) → the command runs once
 * more with the fresh token. Cancel drops it.
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
    changeDevice: fromPromise<MfaDeviceList, { client: MfaDevicesClient; change: MfaDevicesCommand | undefined }>(async ({ input }) => {
      const { change } = input;
      if (change?.type === 'user.deleteDevice') await deleteMfaDevice(input.client, { mfaDeviceId: change.id });
      else if (change?.type === 'user.renameDevice') await updateMfaDevice(input.client, { mfaDeviceId: change.id, alias: change.alias.trim() });
      else if (change?.type === 'user.makeDefaultDevice') await updateMfaDevice(input.client, { mfaDeviceId: change.id, default: true });
      return getMfaDevices(input.client);
    }),
    regenerateRecoveryCodes: fromPromise<RecoveryCodes, { client: MfaDevicesClient }>(({ input }) => regenerateRecoveryCodes(input.client)),
    acknowledgeRecoveryCodes: fromPromise<User, { client: MfaDevicesClient }>(async ({ input }) => (await acknowledgeRecoveryCodes(input.client)).user),
    stepUp: stepUpMachine,
  },
  actions: {
    assignDevices: assign((_, params: { list: MfaDeviceList }) => ({ devices: params.list.devices, error: undefined })),
    assignRecoveryCodes: assign((_, params: { recoveryCodes: RecoveryCodes }) => ({ recoveryCodes: params.recoveryCodes, error: undefined })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignInvalidAlias: assign(() => ({
      error: new LatchkeyError('invalid_request', { message: `Enter a name of 1 to ${MFA_DEVICE_ALIAS_MAX_LENGTH} characters.`, path: 'alias' }),
    })),
    assignCommand: assign((_, params: { command: MfaDevicesCommand }) => ({ command: params.command, steppedUp: false, error: undefined })),
    forgetCommand: assign({ command: undefined, steppedUp: false }),
    forgetStepUp: assign({ command: undefined, steppedUp: false, error: undefined }),
    markSteppedUp: assign({ steppedUp: true, error: undefined }),
    clearError: assign({ error: undefined }),
    reset: assign({ recoveryCodes: undefined, command: undefined, steppedUp: false, error: undefined }),
    forgetRecoveryCodes: assign({ recoveryCodes: undefined, error: undefined }),
    handOverUser: ({ context }, params: { user: User }) => context.client.session.send({ type: 'server.userUpdated', user: params.user }),
    forwardToStepUp: sendTo('stepUp', ({ event }) => event as StepUpEvent),
  },
  guards: {
    isValidAlias: (_, params: { alias: string }) =>
      typeof params.alias === 'string' && params.alias.trim().length >= 1 && params.alias.trim().length <= MFA_DEVICE_ALIAS_MAX_LENGTH,
    // Asked once per command: after a passed step-up a second refusal is shown as it is.
    canStepUp: ({ context }, params: { error: unknown }) => !context.steppedUp && isStepUpRequired(params.error),
    hasFailed: (_, params: { output: StepUpOutput }) => !hasPassedStepUp(params.output),
    isRegenerating: ({ context }) => context.command?.type === 'user.regenerateRecoveryCodes',
  },
}).createMachine({
  id: 'mfaDevices',
  context: ({ input }) => ({
    client: input.client,
    devices: undefined,
    recoveryCodes: undefined,
    command: undefined,
    steppedUp: false,
    error: undefined,
  }),
  initial: 'idle',
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      on: {
        'user.loadDevices': { target: 'loadingDevices', actions: 'clearError' },
        'user.renameDevice': [
          { guard: { type: 'isValidAlias', params: ({ event }) => ({ alias: event.alias }) }, ...startCommand('changingDevice') },
          { actions: 'assignInvalidAlias' },
        ],
        'user.makeDefaultDevice': startCommand('changingDevice'),
        'user.deleteDevice': startCommand('changingDevice'),
        'user.regenerateRecoveryCodes': startCommand('fetchingRecoveryCodes'),
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
        input: ({ context }) => ({ client: context.client, change: context.command }),
        onDone: { target: 'idle', actions: [{ type: 'assignDevices', params: ({ event }) => ({ list: event.output }) }, 'forgetCommand'] },
        onError: commandFailed,
      },
    },
    fetchingRecoveryCodes: {
      tags: ['busy'],
      invoke: {
        src: 'regenerateRecoveryCodes',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'idle', actions: [{ type: 'assignRecoveryCodes', params: ({ event }) => ({ recoveryCodes: event.output }) }, 'forgetCommand'] },
        onError: commandFailed,
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
    // The command was refused until the user confirms with a second factor (see stepUpMachine); once it passed, the
    // command runs once more with the fresh token.
    confirming: {
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: ({ context }) => ({ client: context.client }),
        onDone: [
          {
            guard: { type: 'hasFailed', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.output.error }) }, 'forgetCommand'],
          },
          { guard: 'isRegenerating', target: 'fetchingRecoveryCodes', actions: 'markSteppedUp' },
          { target: 'changingDevice', actions: 'markSteppedUp' },
        ],
      },
      on: {
        ...stepUpAnswers,
        'user.cancelStepUp': { target: 'idle', actions: 'forgetStepUp' },
      },
    },
  },
});

export type MfaDevicesMachine = typeof mfaDevicesMachine;
export type MfaDevicesActorRef = ActorRefFrom<typeof mfaDevicesMachine>;
export type MfaDevicesSnapshot = SnapshotFrom<typeof mfaDevicesMachine>;
/** `confirming`: a command waits for a step-up (its own status says where it stands). */
export type MfaDevicesStatus = 'idle' | 'loadingDevices' | 'changingDevice' | 'fetchingRecoveryCodes' | 'acknowledgingRecoveryCodes' | 'confirming';

/** The status of a snapshot (its state's name). */
export function mfaDevicesStatus(snapshot: MfaDevicesSnapshot): MfaDevicesStatus {
  return snapshot.value;
}

/** What a pending step-up is for: `deleteDevice`, `regenerateRecoveryCodes` or `changeDevice` (undefined when none is asked for). */
export function mfaDevicesStepUpFor(snapshot: MfaDevicesSnapshot): 'deleteDevice' | 'regenerateRecoveryCodes' | 'changeDevice' | undefined {
  if (snapshot.value !== 'confirming') return undefined;
  const type = snapshot.context.command?.type;
  return type === 'user.deleteDevice' ? 'deleteDevice' : type === 'user.regenerateRecoveryCodes' ? 'regenerateRecoveryCodes' : 'changeDevice';
}
