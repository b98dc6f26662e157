import type { MfaDevice, MfaDeviceList, MfaUserMethods, RecoveryCodes, SignInResponse, User } from '@latchkey/protocol';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { acknowledgeRecoveryCodes } from '../../actions/acknowledgeRecoveryCodes.js';
import { deleteMfaDevice } from '../../actions/deleteMfaDevice.js';
import { getMfaDevices } from '../../actions/getMfaDevices.js';
import { regenerateRecoveryCodes } from '../../actions/regenerateRecoveryCodes.js';
import { updateMfaDevice } from '../../actions/updateMfaDevice.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { Logger } from '../../logger/createLogger.js';
import { isWarnOnlyPasskeyError } from '../../webauthn/toPasskeyError.js';
import type { SessionActorRef } from '../session/sessionMachine.js';
import { isStepUpRequired, isWellFormedStepUpCode, stepUpActors, type StepUpClient } from './stepUp.js';

/**
 * What device management needs from its client: the API (signed in), the session (the acknowledgement updates its
 * user; a step-up hands it the fresh token), and — for a step-up with a passkey — WebAuthn and the logger.
 */
export interface MfaDevicesClient extends StepUpClient {
  session: Pick<SessionActorRef, 'send'>;
  logger: Pick<Logger, 'warn'>;
}

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
  /** While a step-up is asked for: the user's second factors (GET /users/mfa/methods); undefined when they could not be loaded. */
  stepUpMethods: MfaUserMethods | undefined;
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
  /** Step-up with the authenticator app's current code. */
  | { type: 'user.stepUpWithCode'; code: string }
  /** Step-up with one of the user's recovery codes (it is spent). */
  | { type: 'user.stepUpWithRecoveryCode'; code: string }
  /** Step-up with one of the user's MFA passkeys. */
  | { type: 'user.stepUpWithPasskey' }
  /** Leaves the step-up: the command is dropped, everything stays as it was. */
  | { type: 'user.cancelStepUp' }
  | { type: 'user.reset' };

export const MFA_DEVICE_ALIAS_MAX_LENGTH = 64;

/** Step-up answers that end it (the attempts of this session are used up, or the session is gone). */
const ENDING_CODES: ReadonlySet<string> = new Set(['too_many_verification_attempts', 'unauthorized']);

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const codeParams = ({ event }: { event: { code: string } }) => ({ code: event.code });
const commandParams = ({ event }: { event: MfaDevicesEvent }) => ({ command: event as MfaDevicesCommand });
const startCommand = (target: string) => ({ target, actions: [{ type: 'assignCommand', params: commandParams }] }) as const;
const handOverAndRetry = {
  target: 'retryingCommand',
  actions: [{ type: 'handOverSignIn', params: ({ event }: { event: { output: SignInResponse } }) => ({ response: event.output }) }, 'markSteppedUp'],
} as const;
const commandFailed = [
  { guard: { type: 'canStepUp', params: errorParams }, target: 'loadingStepUpMethods' },
  { target: 'idle', actions: [{ type: 'assignError', params: errorParams }, 'forgetCommand'] },
] as const;
const cancelStepUp = { target: 'idle', actions: 'forgetStepUp' } as const;

/**
 * The signed-in user's second-factor devices: idle → loadingDevices → idle with the list; rename
 * (1–64 characters, refused before any request otherwise), make default and delete each go through
 * changingDevice and reload the list. New recovery codes: fetchingRecoveryCodes → idle with the codes
 * (shown once) → acknowledgingRecoveryCodes, recorded on the server and forgotten here.
 * Step-up: a delete or a new set of codes refused with 403 `mfa_invalid_request` (no second factor passed by this
 * session lately) asks for one — loadingStepUpMethods → awaitingStepUp (the user's methods) → steppingUp (a code)
 * or steppingUpWithPasskey → the fresh token goes to the session and the command runs once more. Cancel drops it.
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
    ...stepUpActors,
  },
  actions: {
    assignDevices: assign((_, params: { list: MfaDeviceList }) => ({ devices: params.list.devices, error: undefined })),
    assignRecoveryCodes: assign((_, params: { recoveryCodes: RecoveryCodes }) => ({ recoveryCodes: params.recoveryCodes, error: undefined })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignInvalidAlias: assign(() => ({
      error: new LatchkeyError('invalid_request', { message: `Enter a name of 1 to ${MFA_DEVICE_ALIAS_MAX_LENGTH} characters.`, path: 'alias' }),
    })),
    assignInvalidCode: assign(() => ({ error: new LatchkeyError('invalid_code', { path: 'code' }) })),
    assignCommand: assign((_, params: { command: MfaDevicesCommand }) => ({ command: params.command, steppedUp: false, error: undefined })),
    forgetCommand: assign({ command: undefined, steppedUp: false }),
    assignStepUpMethods: assign((_, params: { methods: MfaUserMethods | undefined }) => ({ stepUpMethods: params.methods })),
    forgetStepUp: assign({ command: undefined, stepUpMethods: undefined, steppedUp: false, error: undefined }),
    markSteppedUp: assign({ steppedUp: true, stepUpMethods: undefined, error: undefined }),
    clearError: assign({ error: undefined }),
    reset: assign({ recoveryCodes: undefined, command: undefined, stepUpMethods: undefined, steppedUp: false, error: undefined }),
    forgetRecoveryCodes: assign({ recoveryCodes: undefined, error: undefined }),
    handOverUser: ({ context }, params: { user: User }) => context.client.session.send({ type: 'server.userUpdated', user: params.user }),
    // The step-up's answer is a sign-in response for the same session: its fresh token goes to the session.
    handOverSignIn: ({ context }, params: { response: SignInResponse }) => context.client.session.send({ type: 'server.signedIn', response: params.response }),
    logWarning: ({ context }, params: { error: unknown }) => {
      const error = toLatchkeyErrorSync(params.error);
      context.client.logger.warn(error.message, { code: error.code });
    },
  },
  guards: {
    isValidAlias: (_, params: { alias: string }) =>
      typeof params.alias === 'string' && params.alias.trim().length >= 1 && params.alias.trim().length <= MFA_DEVICE_ALIAS_MAX_LENGTH,
    // Asked once per command: after a passed step-up a second refusal is shown as it is.
    canStepUp: ({ context }, params: { error: unknown }) => !context.steppedUp && isStepUpRequired(params.error),
    isWellFormedCode: (_, params: { code: string }) => isWellFormedStepUpCode('totp', params.code),
    isWellFormedRecoveryCode: (_, params: { code: string }) => isWellFormedStepUpCode('recovery', params.code),
    isEnding: (_, params: { error: unknown }) => params.error instanceof LatchkeyError && ENDING_CODES.has(params.error.code),
    isWarnOnly: (_, params: { error: unknown }) => isWarnOnlyPasskeyError(params.error),
    isRegenerating: ({ context }) => context.command?.type === 'user.regenerateRecoveryCodes',
  },
}).createMachine({
  id: 'mfaDevices',
  context: ({ input }) => ({
    client: input.client,
    devices: undefined,
    recoveryCodes: undefined,
    command: undefined,
    stepUpMethods: undefined,
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
    // Step-up asked for: which second factors can the user confirm with? Unknown (a failed request) → the code forms.
    loadingStepUpMethods: {
      tags: ['busy'],
      on: { 'user.cancelStepUp': cancelStepUp },
      invoke: {
        src: 'loadStepUpMethods',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'awaitingStepUp', actions: { type: 'assignStepUpMethods', params: ({ event }) => ({ methods: event.output }) } },
        onError: { target: 'awaitingStepUp', actions: [{ type: 'assignStepUpMethods', params: { methods: undefined } }, { type: 'logWarning', params: errorParams }] },
      },
    },
    awaitingStepUp: {
      on: {
        'user.stepUpWithCode': [
          { guard: { type: 'isWellFormedCode', params: codeParams }, target: 'steppingUp', actions: 'clearError' },
          { actions: 'assignInvalidCode' },
        ],
        'user.stepUpWithRecoveryCode': [
          { guard: { type: 'isWellFormedRecoveryCode', params: codeParams }, target: 'steppingUp', actions: 'clearError' },
          { actions: 'assignInvalidCode' },
        ],
        'user.stepUpWithPasskey': { target: 'steppingUpWithPasskey', actions: 'clearError' },
        'user.cancelStepUp': cancelStepUp,
      },
    },
    steppingUp: {
      tags: ['busy'],
      invoke: {
        src: 'stepUpWithCode',
        input: ({ context, event }) => ({
          client: context.client,
          method: event.type === 'user.stepUpWithRecoveryCode' ? ('recovery' as const) : ('totp' as const),
          code: event.type === 'user.stepUpWithCode' || event.type === 'user.stepUpWithRecoveryCode' ? event.code : '',
        }),
        onDone: handOverAndRetry,
        onError: [
          { guard: { type: 'isEnding', params: errorParams }, target: 'idle', actions: ['forgetStepUp', { type: 'assignError', params: errorParams }] },
          { target: 'awaitingStepUp', actions: { type: 'assignError', params: errorParams } },
        ],
      },
    },
    // A passkey ceremony; cancelling it in the browser is only logged (SPEC §8 warn-only) and the prompt stays.
    steppingUpWithPasskey: {
      tags: ['busy'],
      on: { 'user.cancelStepUp': cancelStepUp },
      invoke: {
        src: 'stepUpWithPasskey',
        input: ({ context }) => ({ client: context.client }),
        onDone: handOverAndRetry,
        onError: [
          { guard: { type: 'isEnding', params: errorParams }, target: 'idle', actions: ['forgetStepUp', { type: 'assignError', params: errorParams }] },
          { guard: { type: 'isWarnOnly', params: errorParams }, target: 'awaitingStepUp', actions: { type: 'logWarning', params: errorParams } },
          { target: 'awaitingStepUp', actions: { type: 'assignError', params: errorParams } },
        ],
      },
    },
    // The step-up passed: the command runs once more with the fresh token.
    retryingCommand: {
      always: [{ guard: 'isRegenerating', target: 'fetchingRecoveryCodes' }, { target: 'changingDevice' }],
    },
  },
});

export type MfaDevicesMachine = typeof mfaDevicesMachine;
export type MfaDevicesActorRef = ActorRefFrom<typeof mfaDevicesMachine>;
export type MfaDevicesSnapshot = SnapshotFrom<typeof mfaDevicesMachine>;
export type MfaDevicesStatus =
  | 'idle'
  | 'loadingDevices'
  | 'changingDevice'
  | 'fetchingRecoveryCodes'
  | 'acknowledgingRecoveryCodes'
  | 'loadingStepUpMethods'
  | 'awaitingStepUp'
  | 'steppingUp'
  | 'steppingUpWithPasskey';

/** The status of a snapshot (its state's name; the instant between a step-up and the retry reads as the command's). */
export function mfaDevicesStatus(snapshot: MfaDevicesSnapshot): MfaDevicesStatus {
  if (snapshot.value === 'retryingCommand') return snapshot.context.command?.type === 'user.regenerateRecoveryCodes' ? 'fetchingRecoveryCodes' : 'changingDevice';
  return snapshot.value;
}

/** What a pending step-up is for: `deleteDevice` or `regenerateRecoveryCodes` (undefined when none is asked for). */
export function mfaDevicesStepUpFor(snapshot: MfaDevicesSnapshot): 'deleteDevice' | 'regenerateRecoveryCodes' | 'changeDevice' | undefined {
  const status = mfaDevicesStatus(snapshot);
  if (status !== 'loadingStepUpMethods' && status !== 'awaitingStepUp' && status !== 'steppingUp' && status !== 'steppingUpWithPasskey') return undefined;
  const type = snapshot.context.command?.type;
  return type === 'user.deleteDevice' ? 'deleteDevice' : type === 'user.regenerateRecoveryCodes' ? 'regenerateRecoveryCodes' : 'changeDevice';
}
