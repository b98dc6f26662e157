import type { ProjectSettings, SignInResponse, User } from '@latchkey/protocol';
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import { requiredFieldsMissing } from '../../profile/profileFields.js';
import { expiryDelayMs, refreshDelayMs, REFRESH_RETRY_MS, toEpochMs } from '../../session/sessionTiming.js';
import { authFromResponse, AUTH_STORAGE_KEY, storedAuthParser, type StoredAuth } from '../../session/storedAuth.js';
import { COOKIE_SESSION_KEY } from '../../session/cookieSessionMarker.js';
import { sessionActors, type RestoredSession } from './sessionActors.js';
import type { SessionDeps, SessionEvent, SessionInput } from './sessionTypes.js';

import type { Store } from '../../storage/createStore.js';
import { forgetUserRecords } from '../../storage/userRecords.js';

export type { SessionDeps, SessionEvent, SessionInput } from './sessionTypes.js';

export interface SessionContext {
  deps: SessionDeps;
  jwt: string | undefined;
  expiresAt: string | undefined;
  user: User | undefined;
  /** Set while a second factor is pending (the `mfa` state). */
  mfaToken: string | undefined;
  /** The sign-in response's `nextView` while in `mfa`: `mfa-challenge`, or `mfa-enrolment` when a device must be set up first. */
  mfaNextView: string | undefined;
  error: LatchkeyError | undefined;
}

/** Codes that end the stored session: the token is no good, or its user lost access (SPEC §6 'User does not have access'). */
const REJECTION_CODES: ReadonlySet<string> = new Set(['unauthorized', 'session_expired', 'forbidden', 'user_without_access']);

const EMPTY_SESSION = { jwt: undefined, expiresAt: undefined, user: undefined, mfaToken: undefined, mfaNextView: undefined } as const;

function forgetStoredSession(store: Store): void {
  store.remove(AUTH_STORAGE_KEY);
  store.remove(COOKIE_SESSION_KEY);
}

/**
 * Whether the stored session is this tab's (or there is none): another tab of the same storage may have signed out and
 * signed another user in since. A tab's own timers and refusals then touch only its memory, never the other's session.
 */
const ownsStoredSession = ({ deps, jwt }: SessionContext) => [undefined, jwt].includes(deps.store.get(AUTH_STORAGE_KEY, storedAuthParser)?.jwt);

function persist(deps: SessionDeps, { jwt, expiresAt }: Partial<StoredAuth>): void {
  if (!jwt || !expiresAt) return;
  const { store } = deps;
  if (deps.cookieSession?.()) {
    // The cookie holds the session; only its expiry is kept here.
    store.set(COOKIE_SESSION_KEY, { expiresAt });
    store.remove(AUTH_STORAGE_KEY);
  } else {
    store.set(AUTH_STORAGE_KEY, { jwt, expiresAt });
    store.remove(COOKIE_SESSION_KEY);
  }
}

const responseParams = ({ event }: { event: { response: SignInResponse } }) => ({ response: event.response });
const sessionParams = ({ context, event }: { context: SessionContext; event: { response: SignInResponse } }) => ({
  auth: authFromResponse(event.response, context.deps.now()) as StoredAuth,
  user: event.response.user,
});
const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * The root auth machine: restoring → signedOut → signingIn → (mfa) → signedIn (or onboarding) → expired
 * (`signedOut`, `signingIn` and `expired` are the states of `anonymous`: no session).
 * Restores the stored JWT (expiry checked, user loaded with GET /users), refreshes it before it
 * expires (POST /refresh, timed with `after` so a simulated clock drives it), signs out
 * (POST /revoke, storage cleared) and emits the `auth.*` events.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: sessionActors,
  actions: {
    assignSession: assign((_, params: { auth: StoredAuth; user: User }) => ({
      ...params.auth,
      user: params.user,
      mfaToken: undefined,
      mfaNextView: undefined,
      error: undefined,
    })),
    // A refreshed session, before it is assigned: stored only over this tab's own (not over another tab's sign-in, nor
    // after another tab's sign-out).
    persistRefreshed: ({ context }, params: { auth: StoredAuth }) => {
      if (ownsStoredSession(context)) persist(context.deps, params.auth);
    },
    persistSession: ({ context }) => persist(context.deps, context),
    removeStoredSession: ({ context }) => forgetStoredSession(context.deps.store),
    clearSession: assign(({ context }) => {
      forgetStoredSession(context.deps.store);
      return EMPTY_SESSION;
    }),
    /** A session that ran out or was refused here: its stored records go with it — when they are its own. */
    expireSession: assign(({ context }) => {
      if (ownsStoredSession(context)) {
        forgetStoredSession(context.deps.store);
        forgetUserRecords(context.deps.store);
      }
      return EMPTY_SESSION;
    }),
    /** A stored session found dead at load: what its user left (a mobile wallet's keys, a wallet connection) goes too. */
    forgetUserRecords: ({ context }) => forgetUserRecords(context.deps.store),
    assignMfa: assign((_, params: { response: SignInResponse }) => ({
      ...EMPTY_SESSION,
      user: params.response.user,
      mfaToken: params.response.mfaToken,
      mfaNextView: params.response.nextView,
      error: undefined,
    })),
    assignUser: assign((_, params: { user: User }) => ({ user: params.user })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignAccessError: assign((_, params: { error: unknown }) => {
      const error = toLatchkeyErrorSync(params.error);
      return { error: error.code === 'user_without_access' ? error : undefined };
    }),
    assignInvalidSignIn: assign(() => ({
      error: new LatchkeyError('invalid_response', { message: 'The sign-in response carries neither a session nor a second factor.' }),
    })),
    emitSignedIn: ({ context }, params?: { restored: boolean }) => {
      if (context.user && context.expiresAt) {
        context.deps.events.emit('auth.signedIn', { user: context.user, expiresAt: context.expiresAt, restored: params?.restored ?? false });
      }
    },
    emitSignedInIfOtherUser: ({ context }, params: { auth: StoredAuth; user: User }) => {
      if (params.user.id !== context.user?.id) context.deps.events.emit('auth.signedIn', { user: params.user, expiresAt: params.auth.expiresAt, restored: false });
    },
    emitSignedOut: ({ context }) => context.deps.events.emit('auth.signedOut', { reason: 'user' }),
    emitExpired: ({ context }) => context.deps.events.emit('auth.expired', { expiresAt: context.expiresAt }),
    logRefreshFailure: ({ context }, params: { error: unknown }) =>
      context.deps.logger.warn('Session refresh failed; retrying', { error: params.error }),
  },
  guards: {
    /** Nothing to wait for: no settings to consult, or settings already here and no required field missing. */
    isProfileComplete: ({ context }) => {
      const state = context.deps.settings?.get();
      // Settings nobody asked for (the Provider loads them on mount; a core-only host calls `client.settings.load()`)
      // or that failed to load say nothing about the profile: the session is not held back.
      if (!state || state.status === 'idle' || state.status === 'failed') return true;
      return state.settings !== undefined && !requiredFieldsMissing(state.settings, context.user);
    },
    isProfilePending: ({ context }) => {
      const settings = context.deps.settings?.get().settings;
      return settings !== undefined && requiredFieldsMissing(settings, context.user);
    },
    isRequiredFieldMissing: ({ context }, params: { settings: ProjectSettings }) => requiredFieldsMissing(params.settings, context.user),
    hasSession: (_, params: { response: SignInResponse }) => authFromResponse(params.response) !== undefined,
    isMfaRequired: (_, params: { response: SignInResponse }) => !params.response.jwt && Boolean(params.response.mfaToken),
    isRestored: (_, params: { output: RestoredSession | undefined }) => params.output !== undefined,
    isCookieRefused: (_, params: { error: unknown }) => params.error instanceof LatchkeyError && params.error.code === 'cookie_invalid_or_expired',
    isRejection: (_, params: { error: unknown }) =>
      params.error instanceof LatchkeyError && REJECTION_CODES.has(params.error.code),
  },
  delays: {
    refreshDelay: ({ context }) => refreshDelayMs(toEpochMs(context.expiresAt), context.deps.now()),
    expiryDelay: ({ context }) => expiryDelayMs(toEpochMs(context.expiresAt), context.deps.now()),
    retryDelay: REFRESH_RETRY_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ deps: input.deps, ...EMPTY_SESSION, error: undefined }),
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['busy'],
      on: {
        // A flow that finishes before the restore does wins.
        'server.signedIn': {
          guard: { type: 'hasSession', params: responseParams },
          target: 'signedIn',
          actions: [{ type: 'assignSession', params: sessionParams }, 'persistSession', 'emitSignedIn'],
        },
      },
      invoke: {
        src: 'restoreSession',
        input: ({ context }) => ({ deps: context.deps }),
        onDone: [
          {
            guard: { type: 'isRestored', params: ({ event }) => ({ output: event.output }) },
            target: 'signedIn',
            actions: [
              {
                type: 'assignSession',
                params: ({ event }) => {
                  const { user, ...auth } = event.output as RestoredSession;
                  return { auth, user };
                },
              },
              { type: 'emitSignedIn', params: { restored: true } },
            ],
          },
          { target: 'anonymous' },
        ],
        onError: [
          {
            // The session cookie was refused: signed out, saying so ('The cookie is invalid or expired').
            guard: { type: 'isCookieRefused', params: errorParams },
            target: 'anonymous',
            actions: ['clearSession', 'forgetUserRecords', { type: 'assignError', params: errorParams }],
          },
          {
            // The stored token was refused: forget it (and say why when its user lost access).
            guard: { type: 'isRejection', params: errorParams },
            target: 'anonymous',
            actions: ['clearSession', 'forgetUserRecords', { type: 'assignAccessError', params: errorParams }],
          },
          // Anything else (network…): signed out for now; the token stays for the next load.
          { target: 'anonymous', actions: { type: 'assignError', params: errorParams } },
        ],
      },
    },
    // No session: `signedOut`, `signingIn` (a flow's final request is in flight) or `expired`.
    anonymous: {
      initial: 'signedOut',
      on: {
        'server.signedIn': [
          {
            guard: { type: 'hasSession', params: responseParams },
            target: 'signedIn',
            actions: [{ type: 'assignSession', params: sessionParams }, 'persistSession', 'emitSignedIn'],
          },
          {
            guard: { type: 'isMfaRequired', params: responseParams },
            target: 'mfa',
            actions: { type: 'assignMfa', params: responseParams },
          },
          { target: '.signedOut', actions: 'assignInvalidSignIn' },
        ],
      },
      states: {
        signedOut: {
          on: { 'user.startSignIn': 'signingIn' },
        },
        signingIn: {
          tags: ['busy'],
          on: { 'user.cancelSignIn': 'signedOut' },
        },
        expired: {
          entry: ['emitExpired', 'expireSession'],
          on: { 'user.startSignIn': 'signingIn' },
        },
      },
    },
    // Placeholder for the MFA issue: a second factor is pending; its flow finishes with `server.signedIn`.
    mfa: {
      on: {
        'user.cancelSignIn': { target: 'anonymous', actions: 'clearSession' },
        'server.signedIn': {
          guard: { type: 'hasSession', params: responseParams },
          target: 'signedIn',
          actions: [{ type: 'assignSession', params: sessionParams }, 'persistSession', 'emitSignedIn'],
        },
      },
    },
    signedIn: {
      // Two regions: `auth` holds the token (refresh, expiry, sign-out); `profile` says whether the sign-in is complete
      // for the host: `checking` (settings loading), `onboarding` (a required profile field is missing) or `complete`.
      type: 'parallel',
      states: {
        profile: {
          initial: 'checking',
          // Settings that arrive after the sign-in (a session restored before anyone asked for them) decide again.
          invoke: { src: 'watchSettings', input: ({ context }) => ({ deps: context.deps }) },
          on: {
            'settings.ready': '.checking',
            'server.userUpdated': {
              target: '.checking',
              actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
            },
          },
          states: {
            checking: {
              tags: ['busy'],
              always: [
                { guard: 'isProfileComplete', target: 'complete' },
                { guard: 'isProfilePending', target: 'onboarding' },
              ],
              invoke: {
                src: 'loadSettings',
                input: ({ context }) => ({ deps: context.deps }),
                onDone: [
                  {
                    guard: { type: 'isRequiredFieldMissing', params: ({ event }) => ({ settings: event.output }) },
                    target: 'onboarding',
                  },
                  { target: 'complete' },
                ],
                // Settings that cannot load say nothing about the profile: the session is not held back.
                onError: { target: 'complete' },
              },
            },
            onboarding: {},
            complete: {},
          },
        },
        auth: {
          initial: 'live',
          states: {
            live: {
              initial: 'active',
              after: { expiryDelay: '#session.anonymous.expired' },
              on: {
                'user.signOut': 'signingOut',
                'server.sessionRejected': '#session.anonymous.expired',
                // Signing in again replaces the session and restarts its timers and the profile check. A link (wallet,
                // e-mail…) answers with the same user's new session: not a sign-in, so `auth.signedIn` only when the user
                // changed.
                'server.signedIn': {
                  guard: { type: 'hasSession', params: responseParams },
                  target: '#session.signedIn',
                  reenter: true,
                  actions: [{ type: 'emitSignedInIfOtherUser', params: sessionParams }, { type: 'assignSession', params: sessionParams }, 'persistSession'],
                },
              },
              states: {
                active: {
                  after: { refreshDelay: 'refreshing' },
                },
                refreshing: {
                  invoke: {
                    src: 'refreshSession',
                    input: ({ context }) => ({ deps: context.deps, jwt: context.jwt as string }),
                    onDone: [
                      {
                        guard: { type: 'hasSession', params: ({ event }) => ({ response: event.output }) },
                        // Re-enter `live` so the expiry timer follows the new expiry.
                        target: '#session.signedIn.auth.live',
                        reenter: true,
                        actions: [
                          { type: 'persistRefreshed', params: ({ context, event }) => sessionParams({ context, event: { response: event.output } }) },
                          { type: 'assignSession', params: ({ context, event }) => sessionParams({ context, event: { response: event.output } }) },
                        ],
                      },
                      { target: 'retrying', actions: 'assignInvalidSignIn' },
                    ],
                    onError: [
                      {
                        guard: { type: 'isRejection', params: errorParams },
                        target: '#session.anonymous.expired',
                        actions: { type: 'assignAccessError', params: errorParams },
                      },
                      { target: 'retrying', actions: { type: 'logRefreshFailure', params: errorParams } },
                    ],
                  },
                },
                // Bounded: the expiry timer of `live` ends the retries.
                retrying: {
                  after: { retryDelay: 'refreshing' },
                },
              },
            },
            signingOut: {
              tags: ['busy'],
              // Forget the token at once so a reload during the request does not restore it.
              entry: 'removeStoredSession',
              invoke: {
                src: 'revokeSession',
                input: ({ context, event }) => ({ deps: context.deps, jwt: context.jwt as string, everywhere: event.type === 'user.signOut' && event.everywhere === true }),
                // Signed out locally whatever the server answers.
                onDone: { target: '#session.anonymous', actions: ['clearSession', 'emitSignedOut'] },
                onError: { target: '#session.anonymous', actions: ['clearSession', 'emitSignedOut'] },
              },
            },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export { getSessionStatus, type SessionStatus } from './sessionStatus.js';
