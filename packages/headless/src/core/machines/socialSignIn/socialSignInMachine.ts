import type { SignInResponse, SocialProvider, TelegramAuth } from '@latchkey/protocol';
import type { SocialLinkingErrorCode } from '@latchkey/protocol/clientErrorCodes';
import { SOCIAL_POPUP_POLL_MS } from '@latchkey/protocol/constants';
import { assign, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import { loadAppleIdAuth, type AppleIdAuth } from '../../oauth/appleSdk.js';
import { signInHandOver, type Purpose } from '../signInHandOver.js';
import { appleSignIn, prepareAppleSdk, type PreparedAppleAttempt } from './appleAttempt.js';
import { listenForAuthorization, preparePopupAttempt } from './popupAttempt.js';
import { completeRedirect, startRedirect } from './redirectStrategy.js';
import {
  exchange,
  SOCIAL_POPUP_CLOSE_GRACE_MS,
  SOCIAL_SESSION_TIMEOUT_MS,
  type AuthorizationMessage,
  type CheckedReturn,
  type PreparedAttempt,
  type SocialSignInClient,
  type SocialSignInContext,
  type SocialSignInEvent,
  type SocialSignInInput,
  type SocialStrategy,
} from './socialSignInTypes.js';
import { exchangeTelegram } from './telegramAttempt.js';

export {
  REDIRECT_ATTEMPT_KEY,
  SOCIAL_POPUP_CLOSE_GRACE_MS,
  SOCIAL_REDIRECT_MAX_AGE_MS,
  SOCIAL_SESSION_TIMEOUT_MS,
  type AuthorizationMessage,
  type SocialSignInClient,
  type SocialSignInContext,
  type SocialSignInEvent,
  type SocialSignInInput,
  type SocialStrategy,
} from './socialSignInTypes.js';

const RESET = { provider: undefined, purpose: 'signIn', popup: null, appleAuth: undefined, attempt: undefined, error: undefined } as const;
const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * SPEC §8's social-linking codes: a link (`purpose: 'link'`, adding the account to the signed-in user) that fails in
 * the popup reports the linking code — `oauth_window_blocked`, `oauth_window_closed`, `session_timeout`,
 * `user_cancelled` — with the sign-in message's wording (the same sentence reaches the user), the sign-in error kept as
 * its `cause`. `account_already_linked` comes from the server (`…/verify`). A sign-in keeps the sign-in codes.
 */
function forPurpose(purpose: Purpose, error: LatchkeyError, linkingCode: SocialLinkingErrorCode): LatchkeyError {
  return purpose === 'link' ? new LatchkeyError(linkingCode, { message: error.message, cause: error }) : error;
}

/**
 * Social sign-in (and linking) by popup or full-page redirect.
 *
 * Popup: `user.start` opens the popup synchronously (about:blank, in the click handler), then
 * `opening` asks the server for the authorization URL and navigates the popup there. In
 * `awaitingAuthorization` only a message from the redirect origin counts; its state must equal the
 * state sent. The popup is polled every 2000 ms: closed → 'User cancelled connection'. The whole
 * attempt times out after `SOCIAL_SESSION_TIMEOUT_MS`.
 *
 * Redirect (Apple, Safari, iOS, or `strategy: 'redirect'`): `redirectStrategy.ts` — state and verifier go to
 * storage and the page leaves; back on the app, `user.completeRedirect` checks the return against them.
 *
 * Apple (`appleAttempt.ts`) always goes through Sign in with Apple JS: by default a full-page redirect, with
 * `strategy: 'popup'` Apple's popup. Telegram (`telegramAttempt.ts`) uses the popup with the kit's own state.
 * With `purpose: 'link'` the account is added to the signed-in user instead of signing in.
 */
export const socialSignInMachine = setup({
  types: {
    context: {} as SocialSignInContext,
    events: {} as SocialSignInEvent,
    input: {} as SocialSignInInput,
    tags: {} as 'busy' | 'error',
  },
  delays: {
    pollInterval: SOCIAL_POPUP_POLL_MS,
    closeGrace: SOCIAL_POPUP_CLOSE_GRACE_MS,
    sessionTimeout: SOCIAL_SESSION_TIMEOUT_MS,
  },
  actors: {
    prepareAttempt: preparePopupAttempt,
    prepareAppleSdk,
    appleSignIn,
    startRedirect,
    completeRedirect,
    exchangeCode: fromPromise<
      SignInResponse,
      { client: SocialSignInClient; purpose: Purpose; provider: SocialProvider; code: string; verifier: string; nonce?: string | undefined; state: string; telegramAuth?: TelegramAuth | undefined }
    >(({ input }) => {
      if (input.provider === 'telegram' && input.telegramAuth) return exchangeTelegram(input.client, input.purpose, input.telegramAuth, input.state);
      const proof = input.nonce !== undefined ? { nonce: input.nonce } : { codeVerifier: input.verifier };
      return exchange(input.client, input.purpose, { provider: input.provider, code: input.code, state: input.state, ...proof });
    }),
    listenForAuthorization,
  },
  actions: {
    assignStart: assign((_, params: { provider: SocialProvider; purpose: Purpose }) => ({ ...RESET, provider: params.provider, purpose: params.purpose })),
    openPopup: assign(({ context }) => ({
      popup: context.browser.openPopup({ title: context.client.settings?.get().settings?.design?.branding?.popupPageTitle }),
    })),
    assignAttempt: assign((_, params: { attempt: PreparedAttempt }) => ({ attempt: { state: params.attempt.state, verifier: params.attempt.verifier } })),
    navigatePopup: ({ context }, params: { url: string }) => context.popup?.navigate(params.url),
    closePopup: ({ context }) => {
      if (context.popup && !context.popup.closed) context.popup.close();
    },
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignPopupBlocked: assign(({ context }) => ({ error: forPurpose(context.purpose, new LatchkeyError('popup_blocked'), 'oauth_window_blocked') })),
    assignCancelled: assign(({ context }) => ({ error: forPurpose(context.purpose, new LatchkeyError('user_cancelled_connection'), 'oauth_window_closed') })),
    assignSessionTimeout: assign(({ context }) => ({
      error: forPurpose(context.purpose, new LatchkeyError('social_session_timeout', { params: { provider: context.provider ?? '' } }), 'session_timeout'),
    })),
    assignProviderError: assign(({ context }, params: { message: AuthorizationMessage }) => {
      const error = new LatchkeyError('social_oauth_error', { params: { provider: context.provider ?? '', error: params.message.error ?? '' } });
      // The user said no at the provider (OAuth's access_denied): a link reports it as `user_cancelled`.
      return { error: params.message.error === 'access_denied' ? forPurpose(context.purpose, error, 'user_cancelled') : error };
    }),
    assignInvalidState: assign(({ context }) => ({
      error: context.provider === 'telegram' ? new LatchkeyError('telegram_invalid_state') : new LatchkeyError('social_invalid_state', { params: { provider: context.provider ?? '' } }),
    })),
    assignNoCode: assign(({ context }) => ({ error: new LatchkeyError('social_no_authorization_code', { params: { provider: context.provider ?? '' } }) })),
    assignRedirectResult: assign((_, params: CheckedReturn) => ({
      purpose: params.purpose,
      provider: params.provider,
      attempt: { state: params.state, verifier: params.verifier, nonce: params.nonce },
    })),
    assignAppleAttempt: assign((_, params: { attempt: PreparedAppleAttempt }) => ({
      appleAuth: params.attempt.auth,
      attempt: { state: params.attempt.state, verifier: '', nonce: params.attempt.nonce },
    })),
    forgetAttempt: assign({ attempt: undefined, popup: null, appleAuth: undefined }),
    reset: assign(RESET),
    ...signInHandOver,
  },
  guards: {
    /** SPEC §4: Apple, Safari, iOS or the redirect strategy use a full-page redirect (Apple's through its SDK). */
    usesRedirect: ({ context }, params: { provider: SocialProvider; strategy: SocialStrategy | undefined }) =>
      params.provider !== 'telegram' &&
      (params.strategy === 'redirect' || (params.strategy !== 'popup' && (params.provider === 'apple' || context.browser.prefersRedirect()))),
    /** Apple's SDK popup: only when the popup strategy is asked for. */
    usesAppleSdk: (_, params: { provider: SocialProvider; strategy: SocialStrategy | undefined }) => params.provider === 'apple' && params.strategy === 'popup',
    isPopupBlocked: ({ context }) => context.popup === null,
    hasNoAttempt: ({ context }) => context.attempt === undefined,
    isPopupClosed: ({ context }) => context.popup === null || context.popup.closed,
    hasProviderError: (_, params: { message: AuthorizationMessage }) => params.message.error !== undefined,
    isStateMismatch: ({ context }, params: { message: AuthorizationMessage }) => context.attempt === undefined || params.message.state !== context.attempt.state,
    hasNoCode: (_, params: { message: AuthorizationMessage }) => (params.message.provider === 'telegram' ? !params.message.telegramAuth : !params.message.code),
  },
}).createMachine({
  id: 'socialSignIn',
  context: ({ input }) => ({
    client: input.client,
    browser: input.browser,
    redirectOrigin: input.redirectOrigin ?? new URL(input.client.apiBaseUrl).origin,
    now: input.now ?? Date.now,
    appleSdk: input.appleSdk ?? loadAppleIdAuth,
    ...RESET,
  }),
  initial: 'idle',
  on: { 'user.reset': { target: '.idle', actions: ['closePopup', 'reset'] } },
  states: {
    idle: {
      on: {
        'user.start': [
          {
            guard: { type: 'usesAppleSdk', params: ({ event }) => ({ provider: event.provider, strategy: event.strategy }) },
            target: 'apple',
            actions: { type: 'assignStart', params: ({ event }) => ({ provider: event.provider, purpose: event.purpose ?? 'signIn' }) },
          },
          {
            guard: { type: 'usesRedirect', params: ({ event }) => ({ provider: event.provider, strategy: event.strategy }) },
            target: 'redirecting',
            actions: { type: 'assignStart', params: ({ event }) => ({ provider: event.provider, purpose: event.purpose ?? 'signIn' }) },
          },
          {
            // Opened here, synchronously inside the user's click: browsers block popups opened later.
            target: 'popup',
            actions: [{ type: 'assignStart', params: ({ event }) => ({ provider: event.provider, purpose: event.purpose ?? 'signIn' }) }, 'openPopup'],
          },
        ],
        'user.completeRedirect': 'completingRedirect',
      },
    },
    popup: {
      initial: 'opening',
      tags: ['busy'],
      invoke: {
        src: 'listenForAuthorization',
        input: ({ context }) => ({ browser: context.browser, origin: context.redirectOrigin, provider: context.provider as string, popup: context.popup }),
      },
      after: { sessionTimeout: { target: 'failed', actions: ['closePopup', 'assignSessionTimeout'] } },
      on: {
        'user.cancel': { target: 'idle', actions: ['closePopup', 'reset'] },
        'server.authorization': [
          // Before the attempt is known (the popup still opening) a message answers nothing: ignored.
          { guard: 'hasNoAttempt' },
          // The state first: a message without this attempt's state (any page of the redirect origin can post one) does
          // not get its error text shown.
          {
            guard: { type: 'isStateMismatch', params: ({ event }) => ({ message: event.message }) },
            target: '#socialSignIn.failed',
            actions: ['closePopup', 'assignInvalidState'],
          },
          {
            guard: { type: 'hasProviderError', params: ({ event }) => ({ message: event.message }) },
            target: '#socialSignIn.failed',
            actions: ['closePopup', { type: 'assignProviderError', params: ({ event }) => ({ message: event.message }) }],
          },
          {
            guard: { type: 'hasNoCode', params: ({ event }) => ({ message: event.message }) },
            target: '#socialSignIn.failed',
            actions: ['closePopup', 'assignNoCode'],
          },
          { target: '#socialSignIn.exchanging', actions: 'closePopup' },
        ],
      },
      states: {
        opening: {
          always: { guard: 'isPopupBlocked', target: '#socialSignIn.failed', actions: 'assignPopupBlocked' },
          invoke: {
            src: 'prepareAttempt',
            input: ({ context }) => ({ client: context.client, provider: context.provider as SocialProvider }),
            onDone: {
              target: 'awaitingAuthorization',
              actions: [
                { type: 'assignAttempt', params: ({ event }) => ({ attempt: event.output }) },
                { type: 'navigatePopup', params: ({ event }) => ({ url: event.output.authorizationUrl }) },
              ],
            },
            onError: { target: '#socialSignIn.failed', actions: ['closePopup', { type: 'assignError', params: errorParams }] },
          },
        },
        awaitingAuthorization: {
          after: {
            pollInterval: [
              { guard: 'isPopupClosed', target: 'popupClosed' },
              { target: 'awaitingAuthorization', reenter: true },
            ],
          },
        },
        // The redirect page posts its message and closes itself; the close can reach this page before the message
        // does (another process, a busy machine). A closed popup is given `closeGrace` for it before the attempt
        // counts as cancelled.
        popupClosed: {
          after: { closeGrace: { target: '#socialSignIn.failed', actions: 'assignCancelled' } },
        },
      },
    },
    // Apple's SDK popup (`strategy: 'popup'`): load and init ('opening'), then its popup ('awaitingAuthorization').
    apple: {
      initial: 'opening',
      tags: ['busy'],
      after: { sessionTimeout: { target: 'failed', actions: 'assignSessionTimeout' } },
      on: { 'user.cancel': { target: 'idle', actions: 'reset' } },
      states: {
        opening: {
          invoke: {
            src: 'prepareAppleSdk',
            input: ({ context }) => ({ client: context.client, loader: context.appleSdk }),
            onDone: { target: 'awaitingAuthorization', actions: { type: 'assignAppleAttempt', params: ({ event }) => ({ attempt: event.output }) } },
            onError: { target: '#socialSignIn.failed', actions: { type: 'assignError', params: errorParams } },
          },
        },
        awaitingAuthorization: {
          invoke: {
            src: 'appleSignIn',
            input: ({ context }) => ({ auth: context.appleAuth as AppleIdAuth, state: context.attempt?.state ?? '' }),
            onDone: '#socialSignIn.exchanging',
            onError: { target: '#socialSignIn.failed', actions: ['forgetAttempt', { type: 'assignError', params: errorParams }] },
          },
        },
      },
    },
    exchanging: {
      tags: ['busy'],
      entry: 'notifySignInStarted',
      invoke: {
        src: 'exchangeCode',
        // The code travels in the event only.
        input: ({ context, event }) => ({
          client: context.client,
          purpose: context.purpose,
          provider: context.provider as SocialProvider,
          code: event.type === 'server.authorization' ? (event.message.code ?? '') : ((event as { output?: CheckedReturn }).output?.code ?? ''),
          verifier: context.attempt?.verifier ?? '',
          nonce: context.attempt?.nonce,
          state: context.attempt?.state ?? '',
          telegramAuth: event.type === 'server.authorization' ? event.message.telegramAuth : undefined,
        }),
        onDone: { target: 'done', actions: ['forgetAttempt', { type: 'handOverSignIn', params: ({ event }) => ({ response: event.output }) }] },
        onError: { target: 'failed', actions: ['forgetAttempt', 'notifySignInEnded', { type: 'assignError', params: errorParams }] },
      },
    },
    redirecting: {
      tags: ['busy'],
      invoke: {
        src: 'startRedirect',
        input: ({ context }) => ({
          client: context.client,
          browser: context.browser,
          provider: context.provider as SocialProvider,
          purpose: context.purpose,
          now: context.now,
          appleSdk: context.appleSdk,
        }),
        // On success the page is leaving: stay here.
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
    },
    completingRedirect: {
      tags: ['busy'],
      invoke: {
        id: 'completeRedirect',
        src: 'completeRedirect',
        input: ({ context }) => ({ client: context.client, browser: context.browser, now: context.now }),
        onDone: {
          target: 'exchanging',
          actions: { type: 'assignRedirectResult', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
    },
    // Left with `user.reset`.
    done: {},
    failed: {
      tags: ['error'],
      // A new attempt straight from here, in the same macrostep: the popup still opens inside the click.
      on: { 'user.start': { target: 'idle', actions: ['reset', raise(({ event }) => event)] } },
    },
  },
});

export type SocialSignInMachine = typeof socialSignInMachine;
export type SocialSignInActorRef = ActorRefFrom<typeof socialSignInMachine>;
export type SocialSignInSnapshot = SnapshotFrom<typeof socialSignInMachine>;
export type SocialSignInStatus = 'idle' | 'opening' | 'awaitingAuthorization' | 'exchanging' | 'redirecting' | 'completingRedirect' | 'done' | 'failed';

/** The flat status of a snapshot (`popup.opening` → `opening`). */
export function socialSignInStatus(snapshot: SocialSignInSnapshot): SocialSignInStatus {
  const value = snapshot.value;
  if (typeof value === 'string') return value as SocialSignInStatus;
  // `popup.*` and `apple.*` (Apple's SDK) share the sub-states opening / awaitingAuthorization (a closed popup's grace included).
  const inner = Object.values(value)[0];
  return (inner === 'popupClosed' ? 'awaitingAuthorization' : inner) as SocialSignInStatus;
}
