import type { MfaDevice, RecoveryCodes, TotpRegistration, User } from '@latchkey/protocol';
import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { acknowledgeRecoveryCodes } from '../../actions/acknowledgeRecoveryCodes.js';
import { getMfaPasskeyRegistrationOptions } from '../../actions/getMfaPasskeyRegistrationOptions.js';
import { getRecoveryCodes } from '../../actions/getRecoveryCodes.js';
import { getTotpRegistration } from '../../actions/getTotpRegistration.js';
import { registerMfaPasskey } from '../../actions/registerMfaPasskey.js';
import { registerTotp } from '../../actions/registerTotp.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { Logger } from '../../logger/createLogger.js';
import type { ApiClient } from '../../transport/createApi.js';
import { runCeremony, supportedWebAuthn } from '../../webauthn/runCeremony.js';
import { isWarnOnlyPasskeyError } from '../../webauthn/toPasskeyError.js';
import { validateRegistrationOptions } from '../../webauthn/validatePasskeyOptions.js';
import type { WebAuthnLoader } from '../../webauthn/WebAuthnCeremonies.js';
import { normalizeCode } from '../codeVerification/codeVerificationMachine.js';
import { isStepUpRequired, isWellFormedStepUpCode } from '../mfaDevices/stepUp.js';
import { hasPassedStepUp, stepUpAnswers, stepUpMachine, type StepUpEvent, type StepUpOutput } from '../mfaDevices/stepUpMachine.js';
import type { SessionLink } from '../signInHandOver.js';

/**
 * What enrolment needs from its client: the API (its bearer is the session's, or the MFA token while a
 * sign-in that must enrol first is pending), the session (the acknowledgement updates its user), and —
 * for a passkey — WebAuthn and the logger.
 */
export interface MfaEnrolmentClient extends ApiClient, SessionLink {
  webauthn: WebAuthnLoader;
  logger: Pick<Logger, 'warn'>;
}

export interface MfaEnrolmentInput {
  client: MfaEnrolmentClient;
}

export interface MfaEnrolmentContext {
  client: MfaEnrolmentClient;
  /** The TOTP secret and otpauth URI while enrolling. */
  registration: TotpRegistration | undefined;
  /** The device the enrolment verified (an authenticator app or a passkey). */
  device: MfaDevice | undefined;
  /** Recovery codes as last fetched: the codes only right after they were generated (shown once). */
  recoveryCodes: RecoveryCodes | undefined;
  /** The step under way that a step-up may have to lift (it is retried once after one). */
  command: MfaEnrolmentCommand | undefined;
  /** The command's step-up passed: a second refusal is shown, not asked again. */
  steppedUp: boolean;
  error: LatchkeyError | undefined;
}

/** What the server may refuse until a step-up: adding a second device beside a verified one, the first recovery codes. */
export type MfaEnrolmentCommand =
  | { type: 'user.startEnrolment' }
  | { type: 'user.registerPasskey'; alias?: string | undefined }
  | { type: 'user.loadRecoveryCodes' };

export type MfaEnrolmentEvent =
  | { type: 'user.startEnrolment' }
  | { type: 'user.submitEnrolmentCode'; code: string }
  /** Adds a passkey as a second factor (a WebAuthn ceremony). */
  | { type: 'user.registerPasskey'; alias?: string | undefined }
  /** Fetches the recovery codes: generated and shown on the first call. */
  | { type: 'user.loadRecoveryCodes' }
  /** The user saved the codes shown: recorded server-side, then the codes are forgotten here. */
  | { type: 'user.acknowledgeRecoveryCodes' }
  | { type: 'user.cancel' }
  /** During a step-up (see `stepUpMachine`). */
  | StepUpEvent
  /** Leaves the step-up: nothing is added. */
  | { type: 'user.cancelStepUp' }
  | { type: 'user.reset' };

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const codeParams = ({ event }: { event: { code: string } }) => ({ code: event.code });
const RESET = { registration: undefined, device: undefined, recoveryCodes: undefined, command: undefined, steppedUp: false, error: undefined } as const;
const commandParams = ({ event }: { event: MfaEnrolmentEvent }) => ({ command: event as MfaEnrolmentCommand });
const startCommand = (target: string) => ({ target, actions: { type: 'assignCommand', params: commandParams } }) as const;
/** A refusal a step-up can lift → confirming; anything else is the step's error. */
const refused = (target: string) =>
  [
    { guard: { type: 'canStepUp', params: errorParams }, target: 'confirming' },
    { target, actions: [{ type: 'assignError', params: errorParams }, 'forgetCommand'] },
  ] as const;

/**
 * Adding a second factor. An authenticator app: idle → fetchingSecret → awaitingEnrolmentCode (secret +
 * otpauth URI for a QR code) → verifyingEnrolment → enrolled; a wrong first code comes back with
 * `mfa_invalid_code` ('Invalid code'). A passkey: idle → registeringPasskey (the browser's prompt) →
 * enrolled; cancelled or timed out in the browser is only logged (SPEC §8 warn-only). Then the recovery
 * codes, shown once: fetchingRecoveryCodes → idle with the codes → acknowledgingRecoveryCodes, recorded
 * on the server and forgotten here. The MFA challenge invokes this machine when a sign-in must enrol
 * first (MFA required, no device yet). Step-up: adding a device beside a verified one, or the first recovery codes
 * of a device this session did not verify, is refused with 403 `mfa_invalid_request` unless this session passed
 * a second factor lately (verifying the device counts) — confirming (`stepUpMachine`, id `stepUp`) → the step runs
 * once more; cancel drops it.
 */
export const mfaEnrolmentMachine = setup({
  types: {
    context: {} as MfaEnrolmentContext,
    events: {} as MfaEnrolmentEvent,
    input: {} as MfaEnrolmentInput,
    tags: {} as 'busy',
  },
  actors: {
    fetchSecret: fromPromise<TotpRegistration, { client: MfaEnrolmentClient }>(({ input }) => getTotpRegistration(input.client)),
    verifyEnrolment: fromPromise<MfaDevice, { client: MfaEnrolmentClient; id: string; code: string }>(({ input }) =>
      registerTotp(input.client, { id: input.id, code: input.code }),
    ),
    registerPasskey: fromPromise<MfaDevice, { client: MfaEnrolmentClient; alias: string | undefined }>(async ({ input, signal }) => {
      const webauthn = await supportedWebAuthn(input.client);
      const options = await getMfaPasskeyRegistrationOptions(input.client);
      validateRegistrationOptions(options, webauthn.hostname());
      const credential = await runCeremony(webauthn, signal, () => webauthn.startRegistration(options));
      return registerMfaPasskey(input.client, { credential, ...(input.alias ? { alias: input.alias } : {}) });
    }),
    fetchRecoveryCodes: fromPromise<RecoveryCodes, { client: MfaEnrolmentClient }>(({ input }) => getRecoveryCodes(input.client)),
    acknowledgeRecoveryCodes: fromPromise<User, { client: MfaEnrolmentClient }>(async ({ input }) => (await acknowledgeRecoveryCodes(input.client)).user),
    stepUp: stepUpMachine,
  },
  actions: {
    assignRegistration: assign((_, params: { registration: TotpRegistration }) => ({ registration: params.registration, error: undefined })),
    // The device is verified: the secret it was set up with is not kept (the app holds it now).
    assignDevice: assign((_, params: { device: MfaDevice }) => ({ device: params.device, registration: undefined, error: undefined })),
    assignRecoveryCodes: assign((_, params: { recoveryCodes: RecoveryCodes }) => ({ recoveryCodes: params.recoveryCodes, error: undefined })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignInvalidCode: assign(() => ({ error: new LatchkeyError('invalid_code', { path: 'code' }) })),
    clearError: assign({ error: undefined }),
    reset: assign(RESET),
    logWarning: ({ context }, params: { error: unknown }) =>
      context.client.logger.warn((params.error as LatchkeyError).message, { code: (params.error as LatchkeyError).code }),
    forgetRecoveryCodes: assign({ recoveryCodes: undefined, error: undefined }),
    handOverUser: ({ context }, params: { user: User }) => context.client.session.send({ type: 'server.userUpdated', user: params.user }),
    assignCommand: assign((_, params: { command: MfaEnrolmentCommand }) => ({ command: params.command, steppedUp: false, error: undefined })),
    forgetCommand: assign({ command: undefined, steppedUp: false }),
    markSteppedUp: assign({ steppedUp: true }),
    forwardToStepUp: sendTo('stepUp', ({ event }) => event as StepUpEvent),
  },
  guards: {
    // Asked once per step: after a passed step-up a second refusal is shown as it is.
    canStepUp: ({ context }, params: { error: unknown }) => !context.steppedUp && isStepUpRequired(params.error),
    hasPassedStepUp: (_, params: { output: StepUpOutput }) => hasPassedStepUp(params.output),
    isCommand: ({ context }, params: { type: MfaEnrolmentCommand['type'] }) => context.command?.type === params.type,
    isEnrolled: ({ context }) => context.device !== undefined,
    isWellFormedCode: (_, params: { code: string }) => isWellFormedStepUpCode('totp', params.code),
    isWarnOnly: (_, params: { error: unknown }) => isWarnOnlyPasskeyError(params.error),
  },
}).createMachine({
  id: 'mfaEnrolment',
  context: ({ input }) => ({ client: input.client, ...RESET }),
  initial: 'idle',
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      on: {
        'user.startEnrolment': startCommand('fetchingSecret'),
        'user.registerPasskey': startCommand('registeringPasskey'),
        'user.loadRecoveryCodes': startCommand('fetchingRecoveryCodes'),
        'user.acknowledgeRecoveryCodes': { target: 'acknowledgingRecoveryCodes', actions: 'clearError' },
        'user.cancel': { actions: 'reset' },
      },
    },
    fetchingSecret: {
      tags: ['busy'],
      invoke: {
        src: 'fetchSecret',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'awaitingEnrolmentCode', actions: [{ type: 'assignRegistration', params: ({ event }) => ({ registration: event.output }) }, 'forgetCommand'] },
        onError: refused('idle'),
      },
    },
    awaitingEnrolmentCode: {
      on: {
        'user.submitEnrolmentCode': [
          { guard: { type: 'isWellFormedCode', params: codeParams }, target: 'verifyingEnrolment', actions: 'clearError' },
          { actions: 'assignInvalidCode' },
        ],
        'user.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    verifyingEnrolment: {
      tags: ['busy'],
      invoke: {
        src: 'verifyEnrolment',
        // The code travels in the event only; it is never kept in context.
        input: ({ context, event }) => ({
          client: context.client,
          id: context.registration?.id ?? '',
          code: event.type === 'user.submitEnrolmentCode' ? normalizeCode(event.code) : '',
        }),
        onDone: { target: 'enrolled', actions: { type: 'assignDevice', params: ({ event }) => ({ device: event.output }) } },
        onError: { target: 'awaitingEnrolmentCode', actions: { type: 'assignError', params: errorParams } },
      },
    },
    // A passkey ceremony: cancelled or timed out in the browser is only logged (SPEC §8 warn-only).
    registeringPasskey: {
      tags: ['busy'],
      on: { 'user.cancel': { target: 'idle' } },
      invoke: {
        src: 'registerPasskey',
        input: ({ context }) => ({ client: context.client, alias: context.command?.type === 'user.registerPasskey' ? context.command.alias?.trim() || undefined : undefined }),
        onDone: { target: 'enrolled', actions: [{ type: 'assignDevice', params: ({ event }) => ({ device: event.output }) }, 'forgetCommand'] },
        onError: [
          { guard: { type: 'isWarnOnly', params: errorParams }, target: 'idle', actions: [{ type: 'logWarning', params: errorParams }, 'forgetCommand'] },
          ...refused('idle'),
        ],
      },
    },
    // Left with `user.reset` (or `user.cancel`); the recovery codes can be fetched from here.
    enrolled: {
      on: {
        'user.loadRecoveryCodes': startCommand('fetchingRecoveryCodes'),
        'user.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    fetchingRecoveryCodes: {
      tags: ['busy'],
      invoke: {
        src: 'fetchRecoveryCodes',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'idle', actions: [{ type: 'assignRecoveryCodes', params: ({ event }) => ({ recoveryCodes: event.output }) }, 'forgetCommand'] },
        onError: refused('idle'),
      },
    },
    // The step was refused until the user confirms with a second factor (see stepUpMachine); then it runs once more.
    confirming: {
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: ({ context }) => ({ client: context.client }),
        onDone: [
          { guard: { type: 'hasPassedStepUp', params: ({ event }) => ({ output: event.output }) }, target: 'retrying', actions: 'markSteppedUp' },
          { target: 'leavingStepUp', actions: { type: 'assignError', params: ({ event }) => ({ error: event.output.error }) } },
        ],
      },
      on: {
        ...stepUpAnswers,
        'user.cancelStepUp': { target: 'leavingStepUp', actions: 'clearError' },
      },
    },
    retrying: {
      always: [
        { guard: { type: 'isCommand', params: { type: 'user.startEnrolment' } }, target: 'fetchingSecret' },
        { guard: { type: 'isCommand', params: { type: 'user.registerPasskey' } }, target: 'registeringPasskey' },
        { target: 'fetchingRecoveryCodes' },
      ],
    },
    // Back where the step was asked from: the added device's screen for its recovery codes, the start otherwise.
    leavingStepUp: {
      always: [{ guard: 'isEnrolled', target: 'enrolled', actions: 'forgetCommand' }, { target: 'idle', actions: 'forgetCommand' }],
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

export type MfaEnrolmentMachine = typeof mfaEnrolmentMachine;
export type MfaEnrolmentActorRef = ActorRefFrom<typeof mfaEnrolmentMachine>;
export type MfaEnrolmentSnapshot = SnapshotFrom<typeof mfaEnrolmentMachine>;
export type MfaEnrolmentStatus =
  | 'idle'
  | 'fetchingSecret'
  | 'awaitingEnrolmentCode'
  | 'verifyingEnrolment'
  | 'registeringPasskey'
  | 'enrolled'
  | 'fetchingRecoveryCodes'
  | 'acknowledgingRecoveryCodes'
  /** A step waits for a step-up (its own status says where it stands). */
  | 'confirming';

/** The status of a snapshot (its state's name; the instants between a step-up and what follows read as `confirming`). */
export function mfaEnrolmentStatus(snapshot: MfaEnrolmentSnapshot): MfaEnrolmentStatus {
  return snapshot.value === 'retrying' || snapshot.value === 'leavingStepUp' ? 'confirming' : snapshot.value;
}

/** What a pending step-up is for: adding a device, or the first recovery codes (undefined when none is asked for). */
export function mfaEnrolmentStepUpFor(snapshot: MfaEnrolmentSnapshot): 'addDevice' | 'showRecoveryCodes' | undefined {
  if (mfaEnrolmentStatus(snapshot) !== 'confirming') return undefined;
  return snapshot.context.command?.type === 'user.loadRecoveryCodes' ? 'showRecoveryCodes' : 'addDevice';
}
