import type { MfaDevice, MfaDeviceList, MfaUserMethods, RecoveryCodes, SignInResponse, TotpRegistration, User } from '@latchkey/protocol';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { acknowledgeRecoveryCodes } from '../../actions/acknowledgeRecoveryCodes.js';
import { deleteMfaDevice } from '../../actions/deleteMfaDevice.js';
import { getMfaDevices } from '../../actions/getMfaDevices.js';
import { getMfaMethods } from '../../actions/getMfaMethods.js';
import { updateMfaDevice } from '../../actions/updateMfaDevice.js';
import { authenticateMfaPasskey } from '../../actions/authenticateMfaPasskey.js';
import { getMfaPasskeyAuthenticationOptions } from '../../actions/getMfaPasskeyAuthenticationOptions.js';
import { getMfaPasskeyRegistrationOptions } from '../../actions/getMfaPasskeyRegistrationOptions.js';
import { registerMfaPasskey } from '../../actions/registerMfaPasskey.js';
import type { Logger } from '../../logger/createLogger.js';
import { runCeremony, supportedWebAuthn } from '../../webauthn/runCeremony.js';
import { isWarnOnlyPasskeyError } from '../../webauthn/toPasskeyError.js';
import { validateAuthenticationOptions, validateRegistrationOptions } from '../../webauthn/validatePasskeyOptions.js';
import type { WebAuthnLoader } from '../../webauthn/WebAuthnCeremonies.js';
import { authenticateMfaRecoveryCode } from '../../actions/authenticateMfaRecoveryCode.js';
import { authenticateMfaTotp } from '../../actions/authenticateMfaTotp.js';
import { getRecoveryCodes } from '../../actions/getRecoveryCodes.js';
import { regenerateRecoveryCodes } from '../../actions/regenerateRecoveryCodes.js';
import { getTotpRegistration } from '../../actions/getTotpRegistration.js';
import { registerTotp } from '../../actions/registerTotp.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { ApiClient } from '../../transport/createApi.js';
import { normalizeCode } from '../codeVerification/codeVerificationMachine.js';
import type { SessionActorRef } from '../session/sessionMachine.js';

/** What the MFA flow needs from its client: the API (its bearer is the MFA token while one is pending), the session, and — for passkeys — WebAuthn and the logger. */
export interface MfaClient extends ApiClient {
  session: Pick<SessionActorRef, 'send'>;
  webauthn: WebAuthnLoader;
  logger: Pick<Logger, 'warn'>;
}

export interface MfaInput {
  client: MfaClient;
}

export interface MfaContext {
  client: MfaClient;
  /** The TOTP secret and otpauth URI while enrolling. */
  registration: TotpRegistration | undefined;
  /** The device the enrolment verified. */
  device: MfaDevice | undefined;
  /** Recovery codes as last fetched: the codes only right after they were generated. */
  recoveryCodes: RecoveryCodes | undefined;
  /** The user's verified devices once loaded (`user.loadDevices`), kept in step with rename, default and delete. */
  devices: MfaDevice[] | undefined;
  /**
   * Challenge: the second factors the user has (`user.loadMethods` asks GET /users/mfa/methods):
   * each type of verified device, and whether an unused recovery code is left.
   */
  userMethods: MfaUserMethods | undefined;
  /** Challenge: whether the user has a passkey as a second factor (set with `userMethods`; false when they could not be loaded). */
  passkeyOffered: boolean | undefined;
  error: LatchkeyError | undefined;
}

export type MfaEvent =
  | { type: 'user.startEnrolment' }
  | { type: 'user.submitEnrolmentCode'; code: string }
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.submitRecoveryCode'; code: string }
  /** Adds a passkey as a second factor (signed in, or while a required enrolment is pending). */
  | { type: 'user.registerPasskey'; alias?: string | undefined }
  /** Challenge: the assertion of one of the user's MFA passkeys finishes the sign-in. */
  | { type: 'user.authenticatePasskey' }
  /** Challenge: asks the server which second factors the user has (GET /users/mfa/methods). */
  | { type: 'user.loadMethods' }
  /** The former name of `user.loadMethods`, kept for existing callers. */
  | { type: 'user.checkPasskey' }
  /** Device management (signed in). */
  | { type: 'user.loadDevices' }
  | { type: 'user.renameDevice'; id: string; alias: string }
  | { type: 'user.makeDefaultDevice'; id: string }
  | { type: 'user.deleteDevice'; id: string }
  | { type: 'user.loadRecoveryCodes' }
  | { type: 'user.regenerateRecoveryCodes' }
  /** The user saved the codes shown: recorded server-side, then the codes are forgotten here. */
  | { type: 'user.acknowledgeRecoveryCodes' }
  | { type: 'user.cancel' }
  | { type: 'user.reset' };

/** Server codes that end a challenge: sign in again. */
const ENDING_CODES: ReadonlySet<string> = new Set(['too_many_verification_attempts', 'unauthorized']);

const TOTP_PATTERN = /^\d{6}$/;
const RECOVERY_PATTERN = /^[a-z0-9]{4}-?[a-z0-9]{4}$/i;

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const codeParams = ({ event }: { event: { code: string } }) => ({ code: event.code });
const RESET = { registration: undefined, device: undefined, recoveryCodes: undefined, devices: undefined, userMethods: undefined, passkeyOffered: undefined, error: undefined } as const;

/**
 * Multi-factor authentication with TOTP. Enrolment (signed in): fetchingSecret → awaitingEnrolmentCode
 * (secret + otpauth URI for a QR code) → verifyingEnrolment → enrolled. Challenge (the session is in
 * `mfa`): idle → verifying → done, the answer handed to the session. A wrong code comes back with
 * `mfa_invalid_code` ('Invalid code'); the attempt limit (or a spent token) ends in `failed`.
 */
export const mfaMachine = setup({
  types: {
    context: {} as MfaContext,
    events: {} as MfaEvent,
    input: {} as MfaInput,
    tags: {} as 'busy',
  },
  actors: {
    fetchSecret: fromPromise<TotpRegistration, { client: MfaClient }>(({ input }) => getTotpRegistration(input.client)),
    verifyEnrolment: fromPromise<MfaDevice, { client: MfaClient; id: string; code: string }>(({ input }) =>
      registerTotp(input.client, { id: input.id, code: input.code }),
    ),
    verifyCode: fromPromise<SignInResponse, { client: MfaClient; code: string; recovery: boolean }>(({ input }) =>
      input.recovery ? authenticateMfaRecoveryCode(input.client, { code: input.code }) : authenticateMfaTotp(input.client, { code: input.code }),
    ),
    fetchRecoveryCodes: fromPromise<RecoveryCodes, { client: MfaClient; regenerate: boolean }>(({ input }) =>
      input.regenerate ? regenerateRecoveryCodes(input.client) : getRecoveryCodes(input.client),
    ),
    registerPasskey: fromPromise<MfaDevice, { client: MfaClient; alias: string | undefined }>(async ({ input, signal }) => {
      const webauthn = await supportedWebAuthn(input.client);
      const options = await getMfaPasskeyRegistrationOptions(input.client);
      validateRegistrationOptions(options, webauthn.hostname());
      const credential = await runCeremony(webauthn, signal, () => webauthn.startRegistration(options));
      return registerMfaPasskey(input.client, { credential, ...(input.alias ? { alias: input.alias } : {}) });
    }),
    verifyPasskey: fromPromise<SignInResponse, { client: MfaClient }>(async ({ input, signal }) => {
      const webauthn = await supportedWebAuthn(input.client);
      const options = await getMfaPasskeyAuthenticationOptions(input.client);
      validateAuthenticationOptions(options, webauthn.hostname());
      const credential = await runCeremony(webauthn, signal, () => webauthn.startAuthentication(options));
      return authenticateMfaPasskey(input.client, { credential });
    }),
    loadDevices: fromPromise<MfaDeviceList, { client: MfaClient }>(({ input }) => getMfaDevices(input.client)),
    // Any change reloads the list: a new default changes two devices.
    changeDevice: fromPromise<MfaDeviceList, { client: MfaClient; change: MfaEvent }>(async ({ input }) => {
      const { change } = input;
      if (change.type === 'user.deleteDevice') await deleteMfaDevice(input.client, { mfaDeviceId: change.id });
      else if (change.type === 'user.renameDevice') await updateMfaDevice(input.client, { mfaDeviceId: change.id, alias: change.alias.trim() });
      else if (change.type === 'user.makeDefaultDevice') await updateMfaDevice(input.client, { mfaDeviceId: change.id, default: true });
      return getMfaDevices(input.client);
    }),
    loadMethods: fromPromise<MfaUserMethods, { client: MfaClient }>(({ input }) => getMfaMethods(input.client)),
    acknowledgeRecoveryCodes: fromPromise<User, { client: MfaClient }>(async ({ input }) => (await acknowledgeRecoveryCodes(input.client)).user),
  },
  actions: {
    assignRegistration: assign((_, params: { registration: TotpRegistration }) => ({ registration: params.registration, error: undefined })),
    assignDevice: assign((_, params: { device: MfaDevice }) => ({ device: params.device, error: undefined })),
    assignRecoveryCodes: assign((_, params: { recoveryCodes: RecoveryCodes }) => ({ recoveryCodes: params.recoveryCodes, error: undefined })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignInvalidCode: assign(() => ({ error: new LatchkeyError('invalid_code', { path: 'code' }) })),
    clearError: assign({ error: undefined }),
    reset: assign(RESET),
    handOverSignIn: ({ context }, params: { response: SignInResponse }) =>
      context.client.session.send({ type: 'server.signedIn', response: params.response }),
    abandonSignIn: ({ context }) => context.client.session.send({ type: 'user.cancelSignIn' }),
    logWarning: ({ context }, params: { error: unknown }) =>
      context.client.logger.warn((params.error as LatchkeyError).message, { code: (params.error as LatchkeyError).code }),
    assignDevices: assign((_, params: { list: MfaDeviceList }) => ({ devices: params.list.devices, error: undefined })),
    assignInvalidAlias: assign(() => ({ error: new LatchkeyError('invalid_request', { message: 'Enter a name of 1 to 64 characters.', path: 'alias' }) })),
    assignUserMethods: assign((_, params: { userMethods: MfaUserMethods }) => ({
      userMethods: params.userMethods,
      passkeyOffered: params.userMethods.methods.includes('passkey'),
    })),
    // Unknown methods: no passkey offered, `userMethods` stays undefined (the settings decide about codes).
    assignMethodsUnknown: assign({ userMethods: undefined, passkeyOffered: false }),
    forgetRecoveryCodes: assign({ recoveryCodes: undefined, error: undefined }),
    handOverUser: ({ context }, params: { user: User }) => context.client.session.send({ type: 'server.userUpdated', user: params.user }),
  },
  guards: {
    isWellFormedCode: (_, params: { code: string }) => TOTP_PATTERN.test(normalizeCode(params.code)),
    isWellFormedRecoveryCode: (_, params: { code: string }) => typeof params.code === 'string' && RECOVERY_PATTERN.test(params.code.trim()),
    isEnding: (_, params: { error: unknown }) => params.error instanceof LatchkeyError && ENDING_CODES.has(params.error.code),
    hasEnrolledDevice: ({ context }) => context.device !== undefined,
    isWarnOnly: (_, params: { error: unknown }) => isWarnOnlyPasskeyError(params.error),
    isValidAlias: (_, params: { alias: string }) => typeof params.alias === 'string' && params.alias.trim().length >= 1 && params.alias.trim().length <= 64,
  },
}).createMachine({
  id: 'mfa',
  context: ({ input }) => ({ client: input.client, ...RESET }),
  initial: 'idle',
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      on: {
        'user.startEnrolment': { target: 'fetchingSecret', actions: 'clearError' },
        'user.submitCode': [
          { guard: { type: 'isWellFormedCode', params: codeParams }, target: 'verifying', actions: 'clearError' },
          { actions: 'assignInvalidCode' },
        ],
        'user.submitRecoveryCode': [
          { guard: { type: 'isWellFormedRecoveryCode', params: codeParams }, target: 'verifying', actions: 'clearError' },
          { actions: 'assignInvalidCode' },
        ],
        'user.loadRecoveryCodes': { target: 'fetchingRecoveryCodes', actions: 'clearError' },
        'user.regenerateRecoveryCodes': { target: 'fetchingRecoveryCodes', actions: 'clearError' },
        'user.registerPasskey': { target: 'registeringPasskey', actions: 'clearError' },
        'user.authenticatePasskey': { target: 'verifyingPasskey', actions: 'clearError' },
        'user.loadMethods': { target: 'loadingMethods' },
        'user.checkPasskey': { target: 'loadingMethods' },
        'user.loadDevices': { target: 'loadingDevices', actions: 'clearError' },
        'user.renameDevice': [
          { guard: { type: 'isValidAlias', params: ({ event }) => ({ alias: event.alias }) }, target: 'changingDevice', actions: 'clearError' },
          { actions: 'assignInvalidAlias' },
        ],
        'user.makeDefaultDevice': { target: 'changingDevice', actions: 'clearError' },
        'user.deleteDevice': { target: 'changingDevice', actions: 'clearError' },
        'user.acknowledgeRecoveryCodes': { target: 'acknowledgingRecoveryCodes', actions: 'clearError' },
        // Leave the pending second factor: the session goes back to signed out.
        'user.cancel': { actions: ['abandonSignIn', 'reset'] },
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
        // Signed in, this leaves enrolment; during a sign-in that must enrol first, it abandons the sign-in.
        'user.cancel': { target: 'idle', actions: ['abandonSignIn', 'reset'] },
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
    // Left with `user.reset`; recovery codes can be fetched from here. A sign-in that had to enrol
    // first (MFA required) finishes with the device's next code.
    enrolled: {
      on: {
        'user.submitCode': [
          { guard: { type: 'isWellFormedCode', params: codeParams }, target: 'verifying', actions: 'clearError' },
          { actions: 'assignInvalidCode' },
        ],
        'user.authenticatePasskey': { target: 'verifyingPasskey', actions: 'clearError' },
        'user.cancel': { target: 'idle', actions: ['abandonSignIn', 'reset'] },
        'user.loadRecoveryCodes': { target: 'fetchingRecoveryCodes', actions: 'clearError' },
        'user.regenerateRecoveryCodes': { target: 'fetchingRecoveryCodes', actions: 'clearError' },
      },
    },
    fetchingRecoveryCodes: {
      tags: ['busy'],
      invoke: {
        src: 'fetchRecoveryCodes',
        input: ({ context, event }) => ({ client: context.client, regenerate: event.type === 'user.regenerateRecoveryCodes' }),
        onDone: { target: 'idle', actions: { type: 'assignRecoveryCodes', params: ({ event }) => ({ recoveryCodes: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: errorParams } },
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
    // Finding out which second factors the user has; the code forms stay usable meanwhile.
    loadingMethods: {
      on: {
        'user.submitCode': [
          { guard: { type: 'isWellFormedCode', params: codeParams }, target: 'verifying', actions: 'clearError' },
          { actions: 'assignInvalidCode' },
        ],
        'user.submitRecoveryCode': [
          { guard: { type: 'isWellFormedRecoveryCode', params: codeParams }, target: 'verifying', actions: 'clearError' },
          { actions: 'assignInvalidCode' },
        ],
        'user.cancel': { target: 'idle', actions: ['abandonSignIn', 'reset'] },
      },
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
    verifying: {
      tags: ['busy'],
      invoke: {
        src: 'verifyCode',
        input: ({ context, event }) =>
          event.type === 'user.submitRecoveryCode'
            ? { client: context.client, code: event.code.trim(), recovery: true }
            : { client: context.client, code: event.type === 'user.submitCode' ? normalizeCode(event.code) : '', recovery: false },
        onDone: { target: 'done', actions: { type: 'handOverSignIn', params: ({ event }) => ({ response: event.output }) } },
        onError: [
          { guard: { type: 'isEnding', params: errorParams }, target: 'failed', actions: { type: 'assignError', params: errorParams } },
          { guard: 'hasEnrolledDevice', target: 'enrolled', actions: { type: 'assignError', params: errorParams } },
          { target: 'idle', actions: { type: 'assignError', params: errorParams } },
        ],
      },
    },
    done: {},
    failed: {
      on: { 'user.cancel': { target: 'idle', actions: ['abandonSignIn', 'reset'] } },
    },
  },
});

export type MfaMachine = typeof mfaMachine;
export type MfaActorRef = ActorRefFrom<typeof mfaMachine>;
export type MfaSnapshot = SnapshotFrom<typeof mfaMachine>;
export type MfaStatus =
  | 'idle'
  | 'fetchingSecret'
  | 'awaitingEnrolmentCode'
  | 'verifyingEnrolment'
  | 'enrolled'
  | 'fetchingRecoveryCodes'
  | 'acknowledgingRecoveryCodes'
  | 'loadingMethods'
  | 'loadingDevices'
  | 'changingDevice'
  | 'registeringPasskey'
  | 'verifyingPasskey'
  | 'verifying'
  | 'done'
  | 'failed';
