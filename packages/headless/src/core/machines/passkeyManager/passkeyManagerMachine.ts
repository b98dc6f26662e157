import type { PasskeyList, PasskeyRecord, PasskeyRegistered } from '@latchkey/protocol';
import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { deletePasskey } from '../../actions/deletePasskey.js';
import { getPasskeyRegistrationOptions } from '../../actions/getPasskeyRegistrationOptions.js';
import { getPasskeys } from '../../actions/getPasskeys.js';
import { registerPasskey } from '../../actions/registerPasskey.js';
import { updatePasskey } from '../../actions/updatePasskey.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { Logger } from '../../logger/createLogger.js';
import type { ApiClient } from '../../transport/createApi.js';
import { runCeremony, supportedWebAuthn } from '../../webauthn/runCeremony.js';
import { isWarnOnlyPasskeyError } from '../../webauthn/toPasskeyError.js';
import { validateRegistrationOptions } from '../../webauthn/validatePasskeyOptions.js';
import type { WebAuthnLoader } from '../../webauthn/WebAuthnCeremonies.js';
import { isStepUpRequired } from '../mfaDevices/stepUp.js';
import { hasPassedStepUp, stepUpAnswers, stepUpMachine, type StepUpEvent, type StepUpOutput } from '../mfaDevices/stepUpMachine.js';
import type { SessionActorRef } from '../session/sessionMachine.js';

/** What passkey management needs from its client: the API (signed in), the session (its user gains the passkey), the logger and the browser's WebAuthn. */
export interface PasskeyManagerClient extends ApiClient {
  session: Pick<SessionActorRef, 'send'>;
  logger: Pick<Logger, 'warn'>;
  webauthn: WebAuthnLoader;
}

export interface PasskeyManagerInput {
  client: PasskeyManagerClient;
}

export interface PasskeyManagerContext {
  client: PasskeyManagerClient;
  /** The user's passkeys once loaded (`user.load`), kept in step with register, rename and delete. */
  passkeys: PasskeyRecord[] | undefined;
  /** The passkey the last registration added. */
  registered: PasskeyRecord | undefined;
  /** The passkey being deleted, or waiting for a step-up (the delete is retried once after one). */
  deleting: string | undefined;
  /** The delete's step-up passed: a second refusal is shown, not asked again. */
  steppedUp: boolean;
  error: LatchkeyError | undefined;
}

export type PasskeyManagerEvent =
  | { type: 'user.register'; alias?: string | undefined }
  | { type: 'user.load' }
  | { type: 'user.rename'; id: string; alias: string }
  | { type: 'user.delete'; id: string }
  | { type: 'user.cancel' }
  /** During a delete's step-up (see `stepUpMachine`). */
  | StepUpEvent
  /** Leaves the step-up: the passkey stays. */
  | { type: 'user.cancelStepUp' }
  | { type: 'user.reset' };

export const PASSKEY_ALIAS_MAX_LENGTH = 64;

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * The signed-in user's passkeys: register one (the browser's prompt), list, rename and delete. The
 * registration options are checked before the ceremony starts (SPEC §5), browser failures become the
 * passkey codes of SPEC §8, and the warn-only cases (cancelled, timed out or not allowed, no
 * authenticator, permission denied) are logged and leave no error. A new registration, or
 * `user.cancel`, aborts the running one.
 */
export const passkeyManagerMachine = setup({
  types: {
    context: {} as PasskeyManagerContext,
    events: {} as PasskeyManagerEvent,
    input: {} as PasskeyManagerInput,
    tags: {} as 'busy' | 'ceremony',
  },
  actors: {
    register: fromPromise<PasskeyRegistered, { client: PasskeyManagerClient; alias: string | undefined }>(async ({ input, signal }) => {
      const webauthn = await supportedWebAuthn(input.client);
      const options = await getPasskeyRegistrationOptions(input.client);
      validateRegistrationOptions(options, webauthn.hostname());
      const credential = await runCeremony(webauthn, signal, () => webauthn.startRegistration(options));
      return registerPasskey(input.client, { credential, ...(input.alias ? { alias: input.alias } : {}) });
    }),
    loadPasskeys: fromPromise<PasskeyList, { client: PasskeyManagerClient }>(({ input }) => getPasskeys(input.client)),
    renamePasskey: fromPromise<PasskeyRecord, { client: PasskeyManagerClient; id: string; alias: string }>(({ input }) =>
      updatePasskey(input.client, { id: input.id, alias: input.alias }),
    ),
    deletePasskey: fromPromise<string, { client: PasskeyManagerClient; id: string }>(async ({ input }) => {
      await deletePasskey(input.client, { id: input.id });
      return input.id;
    }),
    stepUp: stepUpMachine,
  },
  actions: {
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    clearError: assign({ error: undefined }),
    assignInvalidAlias: assign(() => ({
      error: new LatchkeyError('invalid_request', { message: `Enter a name of 1 to ${PASSKEY_ALIAS_MAX_LENGTH} characters.`, path: 'alias' }),
    })),
    logWarning: ({ context }, params: { error: unknown }) =>
      context.client.logger.warn((params.error as LatchkeyError).message, { code: (params.error as LatchkeyError).code }),
    assignRegistered: assign(({ context }, params: { registered: PasskeyRegistered }) => ({
      registered: params.registered.passkey,
      passkeys: context.passkeys ? [...context.passkeys, params.registered.passkey] : undefined,
      error: undefined,
    })),
    assignPasskeys: assign((_, params: { list: PasskeyList }) => ({ passkeys: params.list.passkeys, error: undefined })),
    replacePasskey: assign(({ context }, params: { passkey: PasskeyRecord }) => ({
      passkeys: context.passkeys?.map((passkey) => (passkey.id === params.passkey.id ? params.passkey : passkey)),
      registered: context.registered?.id === params.passkey.id ? params.passkey : context.registered,
      error: undefined,
    })),
    removePasskey: assign(({ context }, params: { id: string }) => ({
      passkeys: context.passkeys?.filter((passkey) => passkey.id !== params.id),
      registered: context.registered?.id === params.id ? undefined : context.registered,
      error: undefined,
    })),
    assignDeleting: assign((_, params: { id: string }) => ({ deleting: params.id, steppedUp: false, error: undefined })),
    forgetDeleting: assign({ deleting: undefined, steppedUp: false }),
    markSteppedUp: assign({ steppedUp: true }),
    forwardToStepUp: sendTo('stepUp', ({ event }) => event as StepUpEvent),
    reset: assign({ registered: undefined, deleting: undefined, steppedUp: false, error: undefined }),
  },
  guards: {
    // Asked once per delete: after a passed step-up a second refusal is shown as it is.
    canStepUp: ({ context }, params: { error: unknown }) => !context.steppedUp && isStepUpRequired(params.error),
    hasPassedStepUp: (_, params: { output: StepUpOutput }) => hasPassedStepUp(params.output),
    isWarnOnly: (_, params: { error: unknown }) => isWarnOnlyPasskeyError(params.error),
    isValidAlias: (_, params: { alias: string }) => {
      const alias = typeof params.alias === 'string' ? params.alias.trim() : '';
      return alias.length >= 1 && alias.length <= PASSKEY_ALIAS_MAX_LENGTH;
    },
  },
}).createMachine({
  id: 'passkeyManager',
  context: ({ input }) => ({ client: input.client, passkeys: undefined, registered: undefined, deleting: undefined, steppedUp: false, error: undefined }),
  initial: 'idle',
  on: {
    // A new ceremony from any state replaces the running one (its actor stops, the browser call is aborted).
    'user.register': { target: '.registering', actions: 'clearError' },
    'user.reset': { target: '.idle', actions: 'reset' },
  },
  states: {
    idle: {
      on: {
        'user.load': { target: 'loading', actions: 'clearError' },
        'user.rename': [
          {
            guard: { type: 'isValidAlias', params: ({ event }) => ({ alias: event.alias }) },
            target: 'renaming',
            actions: 'clearError',
          },
          { actions: 'assignInvalidAlias' },
        ],
        'user.delete': { target: 'deleting', actions: { type: 'assignDeleting', params: ({ event }) => ({ id: event.id }) } },
      },
    },
    registering: {
      tags: ['busy', 'ceremony'],
      invoke: {
        src: 'register',
        input: ({ context, event }) => ({
          client: context.client,
          alias: event.type === 'user.register' && event.alias?.trim() ? event.alias.trim() : undefined,
        }),
        onDone: { target: 'idle', actions: { type: 'assignRegistered', params: ({ event }) => ({ registered: event.output }) } },
        onError: [
          { guard: { type: 'isWarnOnly', params: errorParams }, target: 'idle', actions: { type: 'logWarning', params: errorParams } },
          { target: 'idle', actions: { type: 'assignError', params: errorParams } },
        ],
      },
      on: {
        'user.cancel': 'idle',
        'user.register': { target: 'registering', reenter: true, actions: 'clearError' },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadPasskeys',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'idle', actions: { type: 'assignPasskeys', params: ({ event }) => ({ list: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: errorParams } },
      },
    },
    renaming: {
      tags: ['busy'],
      invoke: {
        src: 'renamePasskey',
        input: ({ context, event }) => ({
          client: context.client,
          id: event.type === 'user.rename' ? event.id : '',
          alias: event.type === 'user.rename' ? event.alias.trim() : '',
        }),
        onDone: { target: 'idle', actions: { type: 'replacePasskey', params: ({ event }) => ({ passkey: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: errorParams } },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deletePasskey',
        input: ({ context }) => ({ client: context.client, id: context.deleting ?? '' }),
        onDone: { target: 'idle', actions: [{ type: 'removePasskey', params: ({ event }) => ({ id: event.output }) }, 'forgetDeleting'] },
        onError: [
          { guard: { type: 'canStepUp', params: errorParams }, target: 'confirming' },
          { target: 'idle', actions: [{ type: 'assignError', params: errorParams }, 'forgetDeleting'] },
        ],
      },
    },
    // The delete was refused until the user confirms with a second factor (see stepUpMachine).
    confirming: {
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: ({ context }) => ({ client: context.client }),
        onDone: [
          { guard: { type: 'hasPassedStepUp', params: ({ event }) => ({ output: event.output }) }, target: 'deleting', actions: 'markSteppedUp' },
          { target: 'idle', actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.output.error }) }, 'forgetDeleting'] },
        ],
      },
      on: {
        ...stepUpAnswers,
        'user.cancelStepUp': { target: 'idle', actions: ['forgetDeleting', 'clearError'] },
      },
    },
  },
});

export type PasskeyManagerMachine = typeof passkeyManagerMachine;
export type PasskeyManagerActorRef = ActorRefFrom<typeof passkeyManagerMachine>;
export type PasskeyManagerSnapshot = SnapshotFrom<typeof passkeyManagerMachine>;
/** `confirming`: a delete waits for a step-up (its own status says where it stands). */
export type PasskeyManagerStatus = 'idle' | 'registering' | 'loading' | 'renaming' | 'deleting' | 'confirming';

/** The status of a snapshot (its state's name). */
export function passkeyManagerStatus(snapshot: PasskeyManagerSnapshot): PasskeyManagerStatus {
  return snapshot.value;
}
