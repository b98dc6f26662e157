import type { MfaDevice, RecoveryCodes, TotpRegistration, User } from '@latchkey/protocol';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
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
  error: LatchkeyError | undefined;
}

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
  | { type: 'user.reset' };

const TOTP_PATTERN = /^\d{6}$/;

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const codeParams = ({ event }: { event: { code: string } }) => ({ code: event.code });
const RESET = { registration: undefined, device: undefined, recoveryCodes: undefined, error: undefined } as const;

/**
 * Adding a second factor. An authenticator app: idle → fetchingSecret → awaitingEnrolmentCode (secret +
 * otpauth URI for a QR code) → verifyingEnrolment → enrolled; a wrong first code comes back with
 * `mfa_invalid_code` ('Invalid code'). A passkey: idle → registeringPasskey (the browser's prompt) →
 * enrolled; cancelled or timed out in the browser is only logged (SPEC §8 warn-only). Then the recovery
 * codes, shown once: fetchingRecoveryCodes → idle with the codes → acknowledgingRecoveryCodes, recorded
 * on the server and forgotten here. The MFA challenge invokes this machine when a sign-in must enrol
 * first (MFA required, no device yet).
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
  },
  actions: {
    assignRegistration: assign((_, params: { registration: TotpRegistration }) => ({ registration: params.registration, error: undefined })),
    assignDevice: assign((_, params: { device: MfaDevice }) => ({ device: params.device, error: undefined })),
    assignRecoveryCodes: assign((_, params: { recoveryCodes: RecoveryCodes }) => ({ recoveryCodes: params.recoveryCodes, error: undefined })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignInvalidCode: assign(() => ({ error: new LatchkeyError('invalid_code', { path: 'code' }) })),
    clearError: assign({ error: undefined }),
    reset: assign(RESET),
    logWarning: ({ context }, params: { error: unknown }) =>
      context.client.logger.warn((params.error as LatchkeyError).message, { code: (params.error as LatchkeyError).code }),
    forgetRecoveryCodes: assign({ recoveryCodes: undefined, error: undefined }),
    handOverUser: ({ context }, params: { user: User }) => context.client.session.send({ type: 'server.userUpdated', user: params.user }),
  },
  guards: {
    isWellFormedCode: (_, params: { code: string }) => TOTP_PATTERN.test(normalizeCode(params.code)),
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
        'user.startEnrolment': { target: 'fetchingSecret', actions: 'clearError' },
        'user.registerPasskey': { target: 'registeringPasskey', actions: 'clearError' },
        'user.loadRecoveryCodes': { target: 'fetchingRecoveryCodes', actions: 'clearError' },
        'user.acknowledgeRecoveryCodes': { target: 'acknowledgingRecoveryCodes', actions: 'clearError' },
        'user.cancel': { actions: 'reset' },
      },
    },
    fetchingSecret: {
      tags: ['busy'],
      invoke: {
        src: 'fetchSecret',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'awaitingEnrolmentCode', actions: { type: 'assignRegistration', params: ({ event }) => ({ registration: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: errorParams } },
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
        input: ({ context, event }) => ({ client: context.client, alias: event.type === 'user.registerPasskey' ? event.alias?.trim() || undefined : undefined }),
        onDone: { target: 'enrolled', actions: { type: 'assignDevice', params: ({ event }) => ({ device: event.output }) } },
        onError: [
          { guard: { type: 'isWarnOnly', params: errorParams }, target: 'idle', actions: { type: 'logWarning', params: errorParams } },
          { target: 'idle', actions: { type: 'assignError', params: errorParams } },
        ],
      },
    },
    // Left with `user.reset` (or `user.cancel`); the recovery codes can be fetched from here.
    enrolled: {
      on: {
        'user.loadRecoveryCodes': { target: 'fetchingRecoveryCodes', actions: 'clearError' },
        'user.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    fetchingRecoveryCodes: {
      tags: ['busy'],
      invoke: {
        src: 'fetchRecoveryCodes',
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
  | 'acknowledgingRecoveryCodes';

/** The status of a snapshot (its state's name). */
export function mfaEnrolmentStatus(snapshot: MfaEnrolmentSnapshot): MfaEnrolmentStatus {
  return snapshot.value;
}
