import type { OAuthInitAuthResponse, ProjectSettings, SignInResponse, SocialProvider, TelegramAuth } from '@latchkey/protocol';
import { SOCIAL_POPUP_POLL_MS } from '@latchkey/protocol/constants';
import { assign, fromCallback, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { initSocialAuth } from '../../actions/initSocialAuth.js';
import { signInWithSocial } from '../../actions/signInWithSocial.js';
import { verifySocial } from '../../actions/verifySocial.js';
import { initTelegramAuth } from '../../actions/initTelegramAuth.js';
import { signInWithTelegram } from '../../actions/signInWithTelegram.js';
import { verifyTelegram } from '../../actions/verifyTelegram.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import { createPkce } from '../../oauth/pkce.js';
import { appleSdkUrlOf, appleSignInError, createAppleNonce, loadAppleIdAuth, type AppleIdAuth, type AppleIdInitOptions, type AppleSdkLoader } from '../../oauth/appleSdk.js';
import { APPLE_SDK_URL } from '../../oauth/loadAppleSdk.js';
import type { PopupHandle, SocialBrowser } from '../../oauth/socialBrowser.js';
import { readRedirectReturn, storedRedirectAttempt, type RedirectReturn, type StoredRedirectAttempt } from '../../oauth/redirectAttempt.js';
import type { Store } from '../../storage/createStore.js';
import type { ApiClient } from '../../transport/createApi.js';
import type { SessionActorRef } from '../session/sessionMachine.js';

/** How long a popup attempt may take before it ends as a session timeout. */
export const SOCIAL_SESSION_TIMEOUT_MS = 5 * 60_000;
/** A redirect attempt older than this is stale when the browser comes back. */
export const SOCIAL_REDIRECT_MAX_AGE_MS = 10 * 60_000;
/** Storage key of the redirect attempt (state + verifier, or Apple's raw nonce, across the full-page round trip). */
export const REDIRECT_ATTEMPT_KEY = 'socialRedirect';

export interface SocialSignInClient extends ApiClient {
  apiBaseUrl: string;
  environmentId: string;
  storage: Store;
  session: Pick<SessionActorRef, 'send'>;
  /** The project settings (Apple's SDK URL comes from the Apple provider entry's `baseAuthUrl`). */
  settings?: { get(): { settings: ProjectSettings | undefined } };
}

export interface SocialSignInInput {
  client: SocialSignInClient;
  browser: SocialBrowser;
  /** Origin the authorization message must come from. Default: the origin of `client.apiBaseUrl` (the redirect page's). */
  redirectOrigin?: string;
  /** Current time in ms (stale redirect returns). Default `Date.now`. */
  now?: () => number;
  /** Loads Sign in with Apple JS and returns `AppleID.auth`. Default: `loadAppleSdk` and the global. */
  appleSdk?: AppleSdkLoader;
}

export type SocialMode = 'signIn' | 'link';
export type SocialStrategy = 'popup' | 'redirect';

export interface SocialSignInContext {
  client: SocialSignInClient;
  browser: SocialBrowser;
  redirectOrigin: string;
  now: () => number;
  appleSdk: AppleSdkLoader;
  /** Apple: the loaded SDK, initialised for the attempt under way. */
  appleAuth: AppleIdAuth | undefined;
  provider: SocialProvider | undefined;
  mode: SocialMode;
  popup: PopupHandle | null;
  /** The state sent and the PKCE verifier (Apple's SDK: the raw nonce instead), for the attempt under way (memory only). */
  attempt: { state: string; verifier: string; nonce?: string | undefined } | undefined;
  error: LatchkeyError | undefined;
}

export interface AuthorizationMessage {
  provider: string;
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  /** Telegram: the login widget's data (instead of a code). */
  telegramAuth?: TelegramAuth | undefined;
}

export type SocialSignInEvent =
  | { type: 'user.start'; provider: SocialProvider; mode?: SocialMode; strategy?: SocialStrategy }
  | { type: 'user.completeRedirect' }
  | { type: 'server.authorization'; message: AuthorizationMessage }
  | { type: 'user.cancel' }
  | { type: 'user.reset' };

const RESET = { provider: undefined, mode: 'signIn', popup: null, appleAuth: undefined, attempt: undefined, error: undefined } as const;
const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

interface PreparedAttempt extends OAuthInitAuthResponse {
  verifier: string;
}

/** Apple's SDK loaded and initialised for an attempt: the state sent, the raw nonce kept. */
interface PreparedAppleAttempt {
  auth: AppleIdAuth;
  state: string;
  nonce: string;
}

function exchange(
  client: SocialSignInClient,
  mode: SocialMode,
  parameters: { provider: SocialProvider; code: string; state: string } & ({ codeVerifier: string } | { nonce: string }),
): Promise<SignInResponse> {
  return mode === 'link' ? verifySocial(client, parameters) : signInWithSocial(client, parameters);
}

/**
 * Apple: loads the SDK ('Failed to load Apple SDK'), starts the attempt with the hashed nonce (no
 * PKCE; `redirectUrl` for the full-page redirect) and returns what `AppleID.auth.init` needs.
 */
async function prepareApple(client: SocialSignInClient, loader: AppleSdkLoader, redirectUrl?: string) {
  const auth = await loader(appleSdkUrlOf(client.settings?.get().settings) ?? APPLE_SDK_URL);
  const nonce = await createAppleNonce();
  const response = await initSocialAuth(client, { provider: 'apple', nonce: nonce.hashed, ...(redirectUrl ? { redirectUrl } : {}) });
  // The server's authorization URL names the Services ID and scope Apple's SDK needs.
  const authorization = new URL(response.authorizationUrl).searchParams;
  const options = (usePopup: boolean): AppleIdInitOptions => ({
    clientId: authorization.get('client_id') ?? '',
    scope: authorization.get('scope') ?? 'name email',
    redirectURI: response.redirectUrl,
    state: response.state,
    nonce: nonce.hashed,
    usePopup,
  });
  return { auth, state: response.state, nonce: nonce.raw, options };
}

/** The app page without its fragment: where a redirect return lands. */
function returnUrlOf(browser: SocialBrowser): string {
  const returnUrl = new URL(browser.currentUrl());
  returnUrl.hash = '';
  return returnUrl.href;
}

/**
 * Telegram has no code exchange: the server registers a state with this page's origin (initTelegramAuth, so the
 * login page needs no Referer to know where to hand the data) and the popup opens its /telegram/auth page.
 */
async function telegramAttempt(client: SocialSignInClient): Promise<PreparedAttempt> {
  return { ...(await initTelegramAuth(client)), verifier: '' };
}

/** The message the redirect page posts (SPEC §7): only from `origin`, only this provider's. */
function asAuthorizationMessage(data: unknown, provider: string): AuthorizationMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  if (provider === 'telegram') {
    if (record['type'] !== 'telegram_auth_response') return undefined;
    const auth = record['telegramAuth'];
    return {
      provider,
      state: typeof record['state'] === 'string' ? record['state'] : undefined,
      telegramAuth: typeof auth === 'object' && auth !== null ? (auth as TelegramAuth) : undefined,
    };
  }
  if (record['type'] !== 'authorization_response' || record['provider'] !== provider) return undefined;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
  return { provider, code: text('code'), state: text('state'), error: text('error') };
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
 * Redirect (Apple, Safari, iOS, or `strategy: 'redirect'`): state and verifier go to storage and
 * the page leaves; back on the app, `user.completeRedirect` checks the return against them.
 *
 * Apple always goes through Sign in with Apple JS, loaded from the project's Apple `baseAuthUrl` or
 * Apple's CDN ('Failed to load Apple SDK', before anything leaves the page). No PKCE: the kit sends
 * SHA-256(nonce) (hex) to initAuth and to `AppleID.auth.init` — the ID token carries it — and the raw
 * nonce with the code. By default (SPEC §4) a full-page redirect: `init({ usePopup: false })`, the
 * state and the raw nonce go to storage, and `signIn()` navigates the page to Apple; the return is
 * completed like any redirect return, with the nonce. With `strategy: 'popup'`: Apple's popup,
 * whose answer must carry the state sent; its 'popup_closed_by_user' is 'User cancelled connection'.
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
    sessionTimeout: SOCIAL_SESSION_TIMEOUT_MS,
  },
  actors: {
    prepareAttempt: fromPromise<PreparedAttempt, { client: SocialSignInClient; provider: SocialProvider; redirectUrl?: string }>(async ({ input }) => {
      if (input.provider === 'telegram') return telegramAttempt(input.client);
      const pkce = await createPkce();
      const response = await initSocialAuth(input.client, {
        provider: input.provider,
        codeChallenge: pkce.challenge,
        ...(input.redirectUrl ? { redirectUrl: input.redirectUrl } : {}),
      });
      return { ...response, verifier: pkce.verifier };
    }),
    /** Apple's popup: the SDK loaded, the attempt started, `AppleID.auth` initialised with `usePopup: true`. */
    prepareAppleSdk: fromPromise<PreparedAppleAttempt, { client: SocialSignInClient; loader: AppleSdkLoader }>(async ({ input }) => {
      const prepared = await prepareApple(input.client, input.loader);
      prepared.auth.init(prepared.options(true));
      return { auth: prepared.auth, state: prepared.state, nonce: prepared.nonce };
    }),
    /** Apple: `AppleID.auth.signIn()` (its popup); the answer must carry the state sent and a code. */
    appleSignIn: fromPromise<{ code: string }, { auth: AppleIdAuth; state: string }>(async ({ input }) => {
      let answer: Awaited<ReturnType<AppleIdAuth['signIn']>>;
      try {
        answer = await input.auth.signIn();
      } catch (rejection) {
        throw appleSignInError(rejection);
      }
      const authorization = answer?.authorization;
      if (authorization?.state !== input.state) throw new LatchkeyError('social_invalid_state', { params: { provider: 'apple' } });
      if (!authorization.code) throw new LatchkeyError('social_no_authorization_code', { params: { provider: 'apple' } });
      return { code: authorization.code };
    }),
    startRedirect: fromPromise<
      void,
      { client: SocialSignInClient; browser: SocialBrowser; provider: SocialProvider; mode: SocialMode; now: () => number; appleSdk: AppleSdkLoader }
    >(async ({ input }) => {
      if (input.provider === 'apple') {
        // Apple's SDK navigates the page itself (`usePopup: false`); the SDK loads before anything is stored or sent.
        const prepared = await prepareApple(input.client, input.appleSdk, returnUrlOf(input.browser));
        input.client.storage.set(REDIRECT_ATTEMPT_KEY, { provider: 'apple', mode: input.mode, state: prepared.state, verifier: '', nonce: prepared.nonce, createdAt: input.now() });
        prepared.auth.init(prepared.options(false));
        try {
          // Pending while the page leaves; a rejection (e.g. 'invalid_request') means it stays.
          await prepared.auth.signIn();
        } catch (rejection) {
          input.client.storage.remove(REDIRECT_ATTEMPT_KEY);
          throw appleSignInError(rejection);
        }
        return;
      }
      const pkce = await createPkce();
      const response = await initSocialAuth(input.client, { provider: input.provider, codeChallenge: pkce.challenge, redirectUrl: returnUrlOf(input.browser) });
      input.client.storage.set(REDIRECT_ATTEMPT_KEY, {
        provider: input.provider,
        mode: input.mode,
        state: response.state,
        verifier: pkce.verifier,
        createdAt: input.now(),
      });
      input.browser.redirect(response.authorizationUrl);
    }),
    completeRedirect: fromPromise<CheckedReturn, { client: SocialSignInClient; browser: SocialBrowser; now: () => number }>(async ({ input }) => {
      const returned = readRedirectReturn(input.browser.currentUrl());
      const stored = input.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt);
      // Single use: whatever happens next, this attempt is over and the code leaves the address bar.
      input.client.storage.remove(REDIRECT_ATTEMPT_KEY);
      if (returned) input.browser.replaceUrl(returned.cleanUrl);
      return checkRedirectReturn(input, returned, stored);
    }),
    exchangeCode: fromPromise<
      SignInResponse,
      { client: SocialSignInClient; mode: SocialMode; provider: SocialProvider; code: string; verifier: string; nonce?: string | undefined; state: string; telegramAuth?: TelegramAuth | undefined }
    >(({ input }) => {
      if (input.provider === 'telegram' && input.telegramAuth) {
        const parameters = { telegramAuth: input.telegramAuth, state: input.state };
        return input.mode === 'link' ? verifyTelegram(input.client, parameters) : signInWithTelegram(input.client, parameters);
      }
      const proof = input.nonce !== undefined ? { nonce: input.nonce } : { codeVerifier: input.verifier };
      return exchange(input.client, input.mode, { provider: input.provider, code: input.code, state: input.state, ...proof });
    }),
    listenForAuthorization: fromCallback<SocialSignInEvent, { browser: SocialBrowser; origin: string; provider: string }>(({ input, sendBack }) =>
      input.browser.onMessage((received) => {
        // Anything not from the redirect origin is ignored, whatever it says.
        if (received.origin !== input.origin) return;
        const message = asAuthorizationMessage(received.data, input.provider);
        if (message) sendBack({ type: 'server.authorization', message });
      }),
    ),
  },
  actions: {
    assignStart: assign((_, params: { provider: SocialProvider; mode: SocialMode }) => ({ ...RESET, provider: params.provider, mode: params.mode })),
    openPopup: assign(({ context }) => ({ popup: context.browser.openPopup() })),
    assignAttempt: assign((_, params: { attempt: PreparedAttempt }) => ({ attempt: { state: params.attempt.state, verifier: params.attempt.verifier } })),
    navigatePopup: ({ context }, params: { url: string }) => context.popup?.navigate(params.url),
    closePopup: ({ context }) => {
      if (context.popup && !context.popup.closed) context.popup.close();
    },
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignPopupBlocked: assign(() => ({ error: new LatchkeyError('popup_blocked') })),
    assignCancelled: assign(() => ({ error: new LatchkeyError('user_cancelled_connection') })),
    assignSessionTimeout: assign(({ context }) => ({ error: new LatchkeyError('social_session_timeout', { params: { provider: context.provider ?? '' } }) })),
    assignProviderError: assign(({ context }, params: { message: AuthorizationMessage }) => ({
      error: new LatchkeyError('social_oauth_error', { params: { provider: context.provider ?? '', error: params.message.error ?? '' } }),
    })),
    assignInvalidState: assign(({ context }) => ({
      error: context.provider === 'telegram' ? new LatchkeyError('telegram_invalid_state') : new LatchkeyError('social_invalid_state', { params: { provider: context.provider ?? '' } }),
    })),
    assignNoCode: assign(({ context }) => ({ error: new LatchkeyError('social_no_authorization_code', { params: { provider: context.provider ?? '' } }) })),
    assignRedirectResult: assign((_, params: CheckedReturn) => ({
      mode: params.mode,
      provider: params.provider,
      attempt: { state: params.state, verifier: params.verifier, nonce: params.nonce },
    })),
    assignAppleAttempt: assign((_, params: { attempt: PreparedAppleAttempt }) => ({
      appleAuth: params.attempt.auth,
      attempt: { state: params.attempt.state, verifier: '', nonce: params.attempt.nonce },
    })),
    forgetAttempt: assign({ attempt: undefined, popup: null, appleAuth: undefined }),
    reset: assign(RESET),
    notifySignInStarted: ({ context }) => {
      if (context.mode === 'signIn') context.client.session.send({ type: 'user.startSignIn' });
    },
    notifySignInEnded: ({ context }) => {
      if (context.mode === 'signIn') context.client.session.send({ type: 'user.cancelSignIn' });
    },
    handOverSignIn: ({ context }, params: { response: SignInResponse }) => context.client.session.send({ type: 'server.signedIn', response: params.response }),
  },
  guards: {
    /** SPEC §4: Apple, Safari, iOS or the redirect strategy use a full-page redirect (Apple's through its SDK). */
    usesRedirect: ({ context }, params: { provider: SocialProvider; strategy: SocialStrategy | undefined }) =>
      params.provider !== 'telegram' &&
      (params.strategy === 'redirect' || (params.strategy !== 'popup' && (params.provider === 'apple' || context.browser.prefersRedirect()))),
    /** Apple's SDK popup: only when the popup strategy is asked for. */
    usesAppleSdk: (_, params: { provider: SocialProvider; strategy: SocialStrategy | undefined }) => params.provider === 'apple' && params.strategy === 'popup',
    isPopupBlocked: ({ context }) => context.popup === null,
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
            actions: { type: 'assignStart', params: ({ event }) => ({ provider: event.provider, mode: event.mode ?? 'signIn' }) },
          },
          {
            guard: { type: 'usesRedirect', params: ({ event }) => ({ provider: event.provider, strategy: event.strategy }) },
            target: 'redirecting',
            actions: { type: 'assignStart', params: ({ event }) => ({ provider: event.provider, mode: event.mode ?? 'signIn' }) },
          },
          {
            // Opened here, synchronously inside the user's click: browsers block popups opened later.
            target: 'popup',
            actions: [{ type: 'assignStart', params: ({ event }) => ({ provider: event.provider, mode: event.mode ?? 'signIn' }) }, 'openPopup'],
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
        input: ({ context }) => ({ browser: context.browser, origin: context.redirectOrigin, provider: context.provider as string }),
      },
      after: { sessionTimeout: { target: 'failed', actions: ['closePopup', 'assignSessionTimeout'] } },
      on: { 'user.cancel': { target: 'idle', actions: ['closePopup', 'reset'] } },
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
              { guard: 'isPopupClosed', target: '#socialSignIn.failed', actions: 'assignCancelled' },
              { target: 'awaitingAuthorization', reenter: true },
            ],
          },
          on: {
            'server.authorization': [
              {
                guard: { type: 'hasProviderError', params: ({ event }) => ({ message: event.message }) },
                target: '#socialSignIn.failed',
                actions: ['closePopup', { type: 'assignProviderError', params: ({ event }) => ({ message: event.message }) }],
              },
              {
                guard: { type: 'isStateMismatch', params: ({ event }) => ({ message: event.message }) },
                target: '#socialSignIn.failed',
                actions: ['closePopup', 'assignInvalidState'],
              },
              {
                guard: { type: 'hasNoCode', params: ({ event }) => ({ message: event.message }) },
                target: '#socialSignIn.failed',
                actions: ['closePopup', 'assignNoCode'],
              },
              { target: '#socialSignIn.exchanging', actions: 'closePopup' },
            ],
          },
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
          mode: context.mode,
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
          mode: context.mode,
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

/** A redirect return that passed the checks: what the exchange needs. */
interface CheckedReturn {
  provider: SocialProvider;
  mode: SocialMode;
  state: string;
  verifier: string;
  /** Apple's SDK redirect: the raw nonce (instead of the verifier). */
  nonce: string | undefined;
  code: string;
}

/** The checks of a redirect return against the stored attempt (SPEC §4). */
function checkRedirectReturn(input: { now: () => number }, returned: RedirectReturn | undefined, stored: StoredRedirectAttempt | undefined): CheckedReturn {
  const provider = (stored?.provider ?? returned?.provider ?? 'oauth') as SocialProvider;
  // Nothing stored, another provider, or another state: a foreign return.
  if (!returned || !stored || returned.provider !== stored.provider || returned.state !== stored.state) {
    throw new LatchkeyError('social_invalid_state', { params: { provider } });
  }
  if (input.now() - stored.createdAt > SOCIAL_REDIRECT_MAX_AGE_MS) throw new LatchkeyError('social_session_timeout', { params: { provider } });
  if (returned.error) throw new LatchkeyError('social_oauth_error', { params: { provider, error: returned.error } });
  if (!returned.code) throw new LatchkeyError('social_no_authorization_code', { params: { provider } });
  return { provider: stored.provider, mode: stored.mode, state: stored.state, verifier: stored.verifier, nonce: stored.nonce, code: returned.code };
}

export type SocialSignInMachine = typeof socialSignInMachine;
export type SocialSignInActorRef = ActorRefFrom<typeof socialSignInMachine>;
export type SocialSignInSnapshot = SnapshotFrom<typeof socialSignInMachine>;
export type SocialSignInStatus = 'idle' | 'opening' | 'awaitingAuthorization' | 'exchanging' | 'redirecting' | 'completingRedirect' | 'done' | 'failed';

/** The flat status of a snapshot (`popup.opening` → `opening`). */
export function socialSignInStatus(snapshot: SocialSignInSnapshot): SocialSignInStatus {
  const value = snapshot.value;
  if (typeof value === 'string') return value as SocialSignInStatus;
  // `popup.*` and `apple.*` (Apple's SDK) share the sub-states opening / awaitingAuthorization.
  return Object.values(value)[0] as SocialSignInStatus;
}
