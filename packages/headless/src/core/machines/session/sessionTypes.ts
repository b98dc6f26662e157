import type { SignInResponse, User } from '@latchkey/protocol';
import type { Emitter, LatchkeyEvents } from '../../events/createEmitter.js';
import type { Logger } from '../../logger/createLogger.js';
import type { SettingsStore } from '../../settings/createSettingsStore.js';
import type { Store } from '../../storage/createStore.js';
import type { Api } from '../../transport/createApi.js';

/** What the session needs from its client. */
export interface SessionDeps {
  api: Api;
  store: Store;
  events: Pick<Emitter<LatchkeyEvents>, 'emit'>;
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
  now: () => number;
  /**
   * Whether the session lives in the product API's HttpOnly cookie (`security.auth.storage: ['cookie']`): the token is
   * then never stored, only a marker of the session's expiry, and a reload restores it through the cookie.
   */
  cookieSession?: () => boolean;
  /**
   * The project settings, which say which profile fields are required: a user missing one is `onboarding`, not
   * `signedIn`, until they are saved. Consulted once loaded or loading (a session waits for settings on their way);
   * without them every session counts as complete.
   */
  settings?: Pick<SettingsStore, 'get' | 'load'> & Partial<Pick<SettingsStore, 'watch'>>;
}

export interface SessionInput {
  deps: SessionDeps;
}

export type SessionEvent =
  /** A flow sent its final request (e.g. the code is being verified). */
  | { type: 'user.startSignIn' }
  /** That request failed or the flow was left. */
  | { type: 'user.cancelSignIn' }
  /** A flow finished: the sign-in response of the server. */
  | { type: 'server.signedIn'; response: SignInResponse }
  | { type: 'server.userUpdated'; user: User }
  /** A bearer request was answered 401: the token is no longer good. */
  | { type: 'server.sessionRejected' }
  /** Signs out; `everywhere` ends every session of the user on the server (every device), not only this one. */
  | { type: 'user.signOut'; everywhere?: boolean }
  /** The project settings arrived (or changed): whether onboarding is pending is decided again. */
  | { type: 'settings.ready' };
