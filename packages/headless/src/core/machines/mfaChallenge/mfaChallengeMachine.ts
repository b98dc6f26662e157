import type { MfaDevice, MfaUserMethods } from '@latchkey/protocol';
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import { isWarnOnlyPasskeyError } from '../../webauthn/toPasskeyError.js';
import { isEndingMfaError, isWellFormedStepUpCode, stepUpActors } from '../mfaDevices/stepUp.js';
import { signInHandOver, watchSignOut } from '../signInHandOver.js';
import { mfaEnrolmentMachine, mfaEnrolmentStatus, type MfaEnrolmentClient, type MfaEnrolmentSnapshot } from '../mfaEnrolment/mfaEnrolmentMachine.js';

/** What the challenge needs from its client: the API (its bearer is the MFA token while one is pending), the session, WebAuthn and the logger. */
export type MfaChallengeClient = MfaEnrolmentClient;

export interface MfaChallengeInput {
  client: MfaChallengeClient;
}

export interface MfaChallengeContext {
  client: MfaChallengeClient;
  /** The second factors the user has (`user.loadMethods` asks GET /users/mfa/methods): each type of verified device, and whether an unused recovery code is left. */
  userMethods: MfaUserMethods | undefined;
  /** Whether the user has a passkey as a second factor (set with `userMethods`; false when they could not be loaded). */
  passkeyOffered: boolean | undefined;
  /** MFA required, no device yet: the enrolment's latest snapshot while it runs (in `enrolling`). */
  enrolment: MfaEnrolmentSnapshot | undefined;
  /** The device the enrolment inside this sign-in verified; its next code finishes the sign-in. */
  device: MfaDevice | undefined;
  error: LatchkeyError | undefined;
}

export type MfaChallengeEvent =
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.submitRecoveryCode'; code: string }
  /** The assertion of one of the user's MFA passkeys finishes the sign-in. */
  | { type: 'user.authenticatePasskey' }
  /** Asks the server which second factors the user has (GET /users/mfa/methods). */
  | { type: 'user.loadMethods' }
  /** MFA required, no device yet: set up an authenticator app with the MFA token, then its next code finishes the sign-in. */
  | { type: 'user.startEnrolment' }
  | { type: 'user.submitEnrolmentCode'; code: string }
  /** Abandons the pending sign-in: the session goes back to signed out. */
  | { type: 'user.cancel' }
  | { type: 'user.reset' };

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const codeParams = ({ event }: { event: { code: string } }) => ({ code: event.code });
const RESET = { userMethods: undefined, passkeyOffered: undefined, enrolment: undefined, device: undefined, error: undefined } as const;

const submitCode = [
  { guard: { type: 'isWellFormedCode', params: codeParams }, target: 'verifying', actions: 'clearError' },
  { actions: 'assignInvalidCode' },
] as const;
const submitRecoveryCode = [
  { guard: { type: 'isWellFormedRecoveryCode', params: codeParams }, target: 'verifying', actions: 'clearError' },
  { actions: 'assignInvalidCode' },
] as const;
const abandon = { target: 'idle', actions: ['abandonSignIn', 'reset'] } as const;

/**
 * The second factor after sign-in (the session is in `mfa`): an authenticator app's code, a recovery
 * code or an MFA passkey → verifying → done, the answer handed to the session. A wrong code comes back
 * with `mfa_invalid_code` ('Invalid code'); the attempt limit (or a spent token) ends in `failed`.
 * When MFA is required and the user has no device yet, `user.startEnrolment` runs the enrolment
 * machine (`mfaEnrolmentMachine`, invoked) with the MFA token until the app is added (`enrolled`);
 * the app's next code then finishes the sign-in.
 */
export const mfaChallengeMachine = setup({
  types: {
    context: {} as MfaChallengeContext,
    events: {} as MfaChallengeEvent,
    input: {} as MfaChallengeInput,
    tags: {} as 'busy',
  },
  actors: {
    enrolment: mfaEnrolmentMachine,
    // The same requests as a step-up's (with the MFA token as bearer here, the session's there).
    verifyCode: stepUpActors.stepUpWithCode,
    verifyPasskey: stepUpActors.stepUpWithPasskey,
    loadMethods: stepUpActors.loadStepUpMethods,
    watchSignOut,
  },
  actions: {
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignInvalidCode: assign(() => ({ error: new LatchkeyError('invalid_code', { path: 'code' }) })),
    clearError: assign({ error: undefined }),
    reset: assign(RESET),
    handOverSignIn: signInHandOver.handOverSignIn,
    // Leaving the pending second factor ends the sign-in: the session goes back to signed out.
    abandonSignIn: signInHandOver.notifySignInEnded,
    logWarning: ({ context }, params: { error: unknown }) =>
      context.client.logger.warn((params.error as LatchkeyError).message, { code: (params.error as LatchkeyError).code }),
    assignUserMethods: assign((_, params: { userMethods: MfaUserMethods }) => ({
      userMethods: params.userMethods,
      passkeyOffered: params.userMethods.methods.includes('passkey'),
    })),
    // Unknown methods: no passkey offered, `userMethods` stays undefined (the settings decide about codes).
    assignMethodsUnknown: assign({ userMethods: undefined, passkeyOffered: false }),
    startEnrolment: sendTo('enrolment', { type: 'user.startEnrolment' }),
    forwardEnrolmentCode: sendTo('enrolment', (_, params: { code: string }) => ({ type: 'user.submitEnrolmentCode' as const, code: params.code })),
    assignEnrolment: assign((_, params: { snapshot: MfaEnrolmentSnapshot }) => ({ enrolment: params.snapshot })),
    assignEnrolledDevice: assign((_, params: { snapshot: MfaEnrolmentSnapshot }) => ({ enrolment: undefined, device: params.snapshot.context.device, error: undefined })),
  },
  guards: {
    isWellFormedCode: (_, params: { code: string }) => isWellFormedStepUpCode('totp', params.code),
    isWellFormedRecoveryCode: (_, params: { code: string }) => isWellFormedStepUpCode('recovery', params.code),
    isEnding: (_, params: { error: unknown }) => isEndingMfaError(params.error),
    isEnrolled: (_, params: { snapshot: MfaEnrolmentSnapshot }) => mfaEnrolmentStatus(params.snapshot) === 'enrolled',
    hasEnrolledDevice: ({ context }) => context.device !== undefined,
    isWarnOnly: (_, params: { error: unknown }) => isWarnOnlyPasskeyError(params.error),
  },
}).createMachine({
  id: 'mfaChallenge',
  context: ({ input }) => ({ client: input.client, ...RESET }),
  initial: 'idle',
  // The challenge belongs to one pending sign-in: when the session signs out (abandoned, the token spent, or a later
  // sign-out after `done`) it starts over, so the next sign-in's challenge begins from `idle`; the UI resets nothing.
  invoke: { src: 'watchSignOut', input: ({ context }) => ({ session: context.client.session }) },
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      on: {
        'user.submitCode': submitCode,
        'user.submitRecoveryCode': submitRecoveryCode,
        'user.authenticatePasskey': { target: 'verifyingPasskey', actions: 'clearError' },
        'user.loadMethods': { target: 'loadingMethods' },
        'user.startEnrolment': { target: 'enrolling', actions: 'clearError' },
        'user.cancel': { actions: ['abandonSignIn', 'reset'] },
      },
    },
    // Finding out which second factors the user has; the code forms stay usable meanwhile.
    loadingMethods: {
      on: { 'user.submitCode': submitCode, 'user.submitRecoveryCode': submitRecoveryCode, 'user.cancel': abandon },
      invoke: {
        src: 'loadMethods',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'idle', actions: { type: 'assignUserMethods', params: ({ event }) => ({ userMethods: event.output }) } },
        onError: [
          { guard: { type: 'isEnding', params: errorParams }, target: 'failed', actions: { type: 'assignError', params: errorParams } },
          { target: 'idle', actions: ['assignMethodsUnknown', { type: 'logWarning', params: errorParams }] },
        ],
      },
    },
    // MFA required, no device yet: the enrolment runs (with the MFA token) until the app is added.
    enrolling: {
      entry: 'startEnrolment',
      invoke: {
        id: 'enrolment',
        src: 'enrolment',
        input: ({ context }) => ({ client: context.client }),
        onSnapshot: [
          {
            guard: { type: 'isEnrolled', params: ({ event }) => ({ snapshot: event.snapshot }) },
            target: 'enrolled',
            actions: { type: 'assignEnrolledDevice', params: ({ event }) => ({ snapshot: event.snapshot }) },
          },
          { actions: { type: 'assignEnrolment', params: ({ event }) => ({ snapshot: event.snapshot }) } },
        ],
      },
      on: {
        'user.startEnrolment': { actions: 'startEnrolment' },
        'user.submitEnrolmentCode': { actions: { type: 'forwardEnrolmentCode', params: codeParams } },
        'user.cancel': abandon,
      },
    },
    // The device is added; its next code (or, for a passkey, its assertion) finishes the sign-in.
    enrolled: {
      on: {
        'user.submitCode': submitCode,
        'user.authenticatePasskey': { target: 'verifyingPasskey', actions: 'clearError' },
        'user.cancel': abandon,
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        src: 'verifyCode',
        // The recovery code is trimmed, the app's code normalized (spaces, full-width digits) by the request.
        input: ({ context, event }) => ({
          client: context.client,
          method: event.type === 'user.submitRecoveryCode' ? ('recovery' as const) : ('totp' as const),
          code: event.type === 'user.submitRecoveryCode' || event.type === 'user.submitCode' ? event.code : '',
        }),
        onDone: { target: 'done', actions: { type: 'handOverSignIn', params: ({ event }) => ({ response: event.output }) } },
        onError: [
          { guard: { type: 'isEnding', params: errorParams }, target: 'failed', actions: { type: 'assignError', params: errorParams } },
          { guard: 'hasEnrolledDevice', target: 'enrolled', actions: { type: 'assignError', params: errorParams } },
          { target: 'idle', actions: { type: 'assignError', params: errorParams } },
        ],
      },
    },
    // A passkey ceremony: cancelled or timed out in the browser is only logged (SPEC §8 warn-only).
    verifyingPasskey: {
      tags: ['busy'],
      on: { 'user.cancel': [{ guard: 'hasEnrolledDevice', target: 'enrolled' }, { target: 'idle' }] },
      invoke: {
        src: 'verifyPasskey',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'done', actions: { type: 'handOverSignIn', params: ({ event }) => ({ response: event.output }) } },
        onError: [
          { guard: { type: 'isEnding', params: errorParams }, target: 'failed', actions: { type: 'assignError', params: errorParams } },
          { guard: { type: 'isWarnOnly', params: errorParams }, target: 'idle', actions: { type: 'logWarning', params: errorParams } },
          { guard: 'hasEnrolledDevice', target: 'enrolled', actions: { type: 'assignError', params: errorParams } },
          { target: 'idle', actions: { type: 'assignError', params: errorParams } },
        ],
      },
    },
    done: {},
    failed: {
      on: { 'user.cancel': abandon },
    },
  },
});

export type MfaChallengeMachine = typeof mfaChallengeMachine;
export type MfaChallengeActorRef = ActorRefFrom<typeof mfaChallengeMachine>;
export type MfaChallengeSnapshot = SnapshotFrom<typeof mfaChallengeMachine>;
export type MfaChallengeStatus =
  | 'idle'
  | 'loadingMethods'
  | 'fetchingSecret'
  | 'awaitingEnrolmentCode'
  | 'verifyingEnrolment'
  | 'enrolled'
  | 'verifyingPasskey'
  | 'verifying'
  | 'done'
  | 'failed';

/** The enrolment's states a sign-in goes through (it forwards only starting and the first code); any other reads as `idle`. */
const ENROLMENT_STEPS: ReadonlySet<string> = new Set(['idle', 'fetchingSecret', 'awaitingEnrolmentCode', 'verifyingEnrolment']);

/** The flat status of a snapshot: while enrolling (MFA required), the enrolment's own step. */
export function mfaChallengeStatus(snapshot: MfaChallengeSnapshot): MfaChallengeStatus {
  if (snapshot.value !== 'enrolling') return snapshot.value;
  const step = snapshot.context.enrolment ? mfaEnrolmentStatus(snapshot.context.enrolment) : 'idle';
  return ENROLMENT_STEPS.has(step) ? (step as MfaChallengeStatus) : 'idle';
}

/** The error shown: while enrolling, the enrolment's (e.g. `mfa_invalid_code` for the first code). */
export function mfaChallengeError(snapshot: MfaChallengeSnapshot): LatchkeyError | undefined {
  return snapshot.value === 'enrolling' ? snapshot.context.enrolment?.context.error : snapshot.context.error;
}

/** True while a request or a ceremony runs, the enrolment's included. */
export function mfaChallengeIsBusy(snapshot: MfaChallengeSnapshot): boolean {
  return snapshot.hasTag('busy') || (snapshot.value === 'enrolling' && snapshot.context.enrolment?.hasTag('busy') === true);
}
