import type { SignInResponse } from '@latchkey/protocol';
import { captchaFields, type CaptchaClient } from '../../captcha/captchaFields.js';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { getPasskeySignInOptions } from '../../actions/getPasskeySignInOptions.js';
import { signInWithPasskey } from '../../actions/signInWithPasskey.js';
import type { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { Logger } from '../../logger/createLogger.js';
import type { ApiClient } from '../../transport/createApi.js';
import { runCeremony, supportedWebAuthn } from '../../webauthn/runCeremony.js';
import { isWarnOnlyPasskeyError } from '../../webauthn/toPasskeyError.js';
import { validateAuthenticationOptions } from '../../webauthn/validatePasskeyOptions.js';
import type { WebAuthnLoader } from '../../webauthn/WebAuthnCeremonies.js';
import { signInHandOver, watchSignOut, type SessionLink } from '../signInHandOver.js';

/** What passkey sign-in needs from its client: the API, the session, the logger and the browser's WebAuthn. */
export interface PasskeySignInClient extends ApiClient, SessionLink, CaptchaClient {
  logger: Pick<Logger, 'warn'>;
  webauthn: WebAuthnLoader;
}

export interface PasskeySignInInput {
  client: PasskeySignInClient;
}

export interface PasskeySignInContext {
  client: PasskeySignInClient;
  error: LatchkeyError | undefined;
}

export type PasskeySignInEvent = { type: 'user.signIn' } | { type: 'user.cancel' } | { type: 'user.reset' };

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * Sign-in with a discoverable passkey: idle → signingIn (the browser's prompt) → done, the answer
 * handed to the session. The options are checked before the ceremony starts (SPEC §5), browser
 * failures become the passkey codes of SPEC §8, and the warn-only cases (cancelled, timed out or not
 * allowed, no authenticator, permission denied) are logged and leave no error. `user.cancel`, or a
 * new `user.signIn`, aborts the running ceremony; the session's sign-in ends with it.
 */
export const passkeySignInMachine = setup({
  types: {
    context: {} as PasskeySignInContext,
    events: {} as PasskeySignInEvent,
    input: {} as PasskeySignInInput,
    tags: {} as 'busy' | 'ceremony',
  },
  actors: {
    signIn: fromPromise<SignInResponse, { client: PasskeySignInClient }>(async ({ input, signal }) => {
      const webauthn = await supportedWebAuthn(input.client);
      const options = await getPasskeySignInOptions(input.client);
      validateAuthenticationOptions(options, webauthn.hostname());
      const credential = await runCeremony(webauthn, signal, () => webauthn.startAuthentication(options));
      // The captcha runs after the ceremony, right before the request (its token lives 120 s; a ceremony up to 300 s).
      return signInWithPasskey(input.client, { credential, ...(await captchaFields(input.client)) });
    }),
    watchSignOut,
  },
  actions: {
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    clearError: assign({ error: undefined }),
    logWarning: ({ context }, params: { error: unknown }) =>
      context.client.logger.warn((params.error as LatchkeyError).message, { code: (params.error as LatchkeyError).code }),
    ...signInHandOver,
  },
  guards: {
    isWarnOnly: (_, params: { error: unknown }) => isWarnOnlyPasskeyError(params.error),
  },
}).createMachine({
  id: 'passkeySignIn',
  context: ({ input }) => ({ client: input.client, error: undefined }),
  initial: 'idle',
  on: {
    'user.signIn': { target: '.signingIn', actions: 'clearError' },
    'user.reset': { target: '.idle', actions: 'clearError' },
  },
  states: {
    idle: {},
    signingIn: {
      tags: ['busy', 'ceremony'],
      entry: 'notifySignInStarted',
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'done', actions: { type: 'handOverSignIn', params: ({ event }) => ({ response: event.output }) } },
        onError: [
          {
            guard: { type: 'isWarnOnly', params: errorParams },
            target: 'idle',
            actions: ['notifySignInEnded', { type: 'logWarning', params: errorParams }],
          },
          { target: 'idle', actions: ['notifySignInEnded', { type: 'assignError', params: errorParams }] },
        ],
      },
      on: {
        'user.cancel': { target: 'idle', actions: 'notifySignInEnded' },
        'user.reset': { target: 'idle', actions: ['notifySignInEnded', 'clearError'] },
        // A new ceremony replaces the running one (its actor stops, the browser call is aborted).
        'user.signIn': { target: 'signingIn', reenter: true, actions: ['notifySignInEnded', 'clearError'] },
      },
    },
    // Signed in with a passkey; left with `user.reset`, which a sign-out sends too: the next sign-in starts afresh.
    done: {
      invoke: { src: 'watchSignOut', input: ({ context }) => ({ session: context.client.session }) },
    },
  },
});

export type PasskeySignInMachine = typeof passkeySignInMachine;
export type PasskeySignInActorRef = ActorRefFrom<typeof passkeySignInMachine>;
export type PasskeySignInSnapshot = SnapshotFrom<typeof passkeySignInMachine>;
export type PasskeySignInStatus = 'idle' | 'signingIn' | 'done';

/** The status of a snapshot (its state's name). */
export function passkeySignInStatus(snapshot: PasskeySignInSnapshot): PasskeySignInStatus {
  return snapshot.value as PasskeySignInStatus;
}
