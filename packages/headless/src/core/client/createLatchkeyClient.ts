import type { LogLevel } from '@latchkey/protocol';
import { getSettings } from '../actions/getSettings.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { ClientEvents } from '../events/clientEvents.js';
import { createEmitter, type Emitter, type LatchkeyEvents } from '../events/createEmitter.js';
import type { LatchkeyEventCallbacks } from '../events/eventCallbacks.js';
import { createLogger, type ConsoleSink, type Logger, type Timers } from '../logger/createLogger.js';
import { resolveLogLevel } from '../logger/resolveLogLevel.js';
import type { SessionActorRef } from '../machines/session/sessionMachine.js';
import { createCaptchaRunner, type CaptchaRunner } from '../captcha/createCaptchaRunner.js';
import { createLazySession, type LazySessionRef, type SessionClock } from '../session/lazySession.js';

export type { SessionClock } from '../session/lazySession.js';
import { createSettingsStore, type SettingsStore } from '../settings/createSettingsStore.js';
import { createStore, resolveStorageAdapters, type StorageOption, type Store } from '../storage/createStore.js';
// The marker alone: the cookie session's restore (and the JWT decoding it brings) stays with the session's chunk.
import { COOKIE_SESSION_KEY, cookieSessionParser } from '../session/cookieSessionMarker.js';
import { forgetUserRecords } from '../storage/userRecords.js';
import { createApi, type Api } from '../transport/createApi.js';
import { createTransport } from '../transport/createTransport.js';
import { loadBrowserWebAuthn } from '../webauthn/loadBrowserWebAuthn.js';
import type { WebAuthnLoader } from '../webauthn/WebAuthnCeremonies.js';
import type { EmbeddedWalletConfig } from '../embedded/createEmbeddedWalletClient.js';
import { importWhenOnline } from '../loading/importWhenOnline.js';

export interface LatchkeyClientConfig {
  environmentId: string;
  /** The API origin, without the `/api/v0` suffix, e.g. `https://api.example.com`. */
  apiBaseUrl: string;
  /**
   * Where the kit keeps its values: local storage (default); `'cookie'`: first-party cookies, the session token too, so
   * the host's own server can read it (`getSessionTokenFromCookies`), and requests send credentials — but the records
   * that are secrets (a mobile wallet's key and session, a signature not yet picked up, a wallet sign-in or social
   * redirect under way) stay in local storage, since a JavaScript cookie goes with every request to every path for 30
   * days; or a `StorageAdapter` of the host's, which holds every record, those secrets included (the host's choice:
   * `createCookieStorage()` passed as the adapter puts them in cookies). Otherwise the project's `security.auth.storage`
   * decides where the session lives: `['cookie', …]` keeps it in the product API's HttpOnly cookie (requests send
   * credentials, the kit never stores the token, a reload restores the session through the cookie).
   */
  storage?: StorageOption;
  /** A fixed log level. Without it: WARN in production, DEBUG outside (see `production`). */
  logLevel?: LogLevel;
  /** Whether this is production. Without it, the loaded settings decide (`environmentName === 'live'`). */
  production?: boolean;
  fetch?: typeof fetch;
  /** Current time in ms; the session uses it for expiry. Default `clock.now()` when a clock with `now` is given, else `Date.now`. */
  now?: () => number;
  /** Clock for the session's timers (refresh, expiry), e.g. xstate's `SimulatedClock` in tests. */
  clock?: SessionClock;
  /** Timers for the log batching. */
  timers?: Timers;
  /** Log records per batch sent to POST /logs (default 20) and how long a partial batch waits (default 5000 ms). */
  logBatchSize?: number;
  logFlushIntervalMs?: number;
  /** Send log records to the logging endpoint. Default true. */
  sendLogs?: boolean;
  /** Where log records are printed; `false` for nowhere. Default the global console. */
  console?: ConsoleSink | false;
  /** The browser's WebAuthn for passkeys. Default: `@simplewebauthn/browser`, loaded on first use. */
  webauthn?: WebAuthnLoader;
  /** The captcha run before a code is sent (`security.hCaptcha`). Default: the widget script, loaded on first use. */
  captcha?: CaptchaRunner;
  /**
   * The embedded (custody) wallet: the custody provider's `baseUrl`, the `appName` its pages show, and optionally the
   * session-key `store` and `fetch`. Only kept here: the wallet's client is made on first use (`useEmbeddedWallet()`),
   * one per Latchkey client, and its code stays in the `./embedded` entries. `useEmbeddedWallet`'s parameters win over it.
   */
  embeddedWallet?: Partial<EmbeddedWalletConfig>;
  /**
   * The host's callbacks for the lifecycle moments (`onAuthSuccess`, `onLogout`, `onWalletAdded`…), called in order just
   * after the event (their code is a chunk loaded on the first event). A callback that throws is logged.
   */
  callbacks?: LatchkeyEventCallbacks;
  /**
   * Send analytics events (POST /events: sign-in started/succeeded/failed, sign-out, wallet connected/linked/unlinked,
   * embedded wallet created, MFA enrolled…; an anonymous id, no address or e-mail). Default true; `false` opts out:
   * nothing is queued, stored or sent (and without `callbacks` the events chunk never loads).
   */
  analytics?: boolean;
  /** How long queued analytics events wait before they are sent (default 2000 ms); a full batch (20) goes at once. */
  analyticsFlushIntervalMs?: number;
}

export interface LatchkeyClient {
  readonly environmentId: string;
  readonly apiBaseUrl: string;
  readonly api: Api;
  /** JSON values under this client's namespace (`latchkey:<environmentId>:`). */
  readonly storage: Store;
  readonly logger: Logger;
  readonly events: Emitter<LatchkeyEvents>;
  readonly settings: SettingsStore;
  /**
   * The root auth actor (`sessionMachine`). Its code (and xstate's) loads on first use — a read (once the running task
   * is over, so a render is never held up by it), a subscription or an event — and it is `restoring` until then;
   * events sent meanwhile are delivered once it runs.
   */
  readonly session: SessionActorRef;
  /** Loads the WebAuthn ceremonies the passkey flow runs. */
  readonly webauthn: WebAuthnLoader;
  /** Fresh captcha tokens when the project enables one (the script loads on first use). */
  readonly captcha: CaptchaRunner;
  /** The embedded-wallet configuration given as `embeddedWallet`, if any. */
  readonly embeddedWalletConfig?: Partial<EmbeddedWalletConfig> | undefined;
  /** Stops the session actor and sends the queued log records and analytics events. */
  destroy(): Promise<void>;
}

function checkConfig(config: LatchkeyClientConfig): void {
  if (typeof config.environmentId !== 'string' || config.environmentId.trim() === '') {
    throw new LatchkeyError('missing_environment_id');
  }
  let url: URL | undefined;
  try {
    url = new URL(config.apiBaseUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new LatchkeyError('invalid_config', { params: { reason: 'apiBaseUrl must be an http(s) URL' } });
  }
}

/**
 * Builds one client: API, storage, logger, events, settings and the session. Nothing is shared
 * between clients, and nothing touches a browser global until it is used.
 */
export function createLatchkeyClient(config: LatchkeyClientConfig): LatchkeyClient {
  checkConfig(config);
  const { environmentId, apiBaseUrl } = config;
  const { clock } = config;
  const now = config.now ?? (clock?.now ? () => (clock.now as () => number).call(clock) : Date.now);
  let session: LazySessionRef | undefined;
  let storage: Store | undefined;
  let settings: SettingsStore | undefined;
  // Cookie sessions chosen by the project (unless the host keeps the token in its own first-party cookie): the loaded
  // settings say so, or a session kept that way awaits its restore.
  const cookieSession = (): boolean =>
    config.storage !== 'cookie' &&
    (settings?.get().settings?.security.auth?.storage[0] === 'cookie' || storage?.get(COOKIE_SESSION_KEY, cookieSessionParser) !== undefined);

  // The host callbacks and the analytics queue: a chunk loaded on the first event (`clientEvents.ts`); the events
  // seen before it has loaded wait here (bounded) and are handed over in order.
  const early: [keyof LatchkeyEvents, unknown][] = [];
  let handlers: Promise<ClientEvents | undefined> | undefined;
  const loadHandlers = () =>
    (handlers ??= importWhenOnline(() => import('../events/clientEvents.js')).then(
      // The import settles after the client is built: the store exists by then.
      (module) => module.createClientEvents({ config, transport, storage: storage as Store, logger }),
      // Not kept: the next event tries again (the early events wait, bounded).
      () => (handlers = undefined),
    ));
  const events = createEmitter<LatchkeyEvents>({
    onListenerError: (error, type) => logger.error(`A listener of ${String(type)} threw`, { error }),
    onEmit:
      config.analytics === false && !config.callbacks
        ? undefined
        : (type, payload) => {
            if (early.push([type, payload]) > 100) early.shift();
            void loadHandlers().then((loaded) => early.splice(0).forEach(([t, p]) => loaded?.deliver(t, p as never)));
          },
  });

  const transport = createTransport({
    apiBaseUrl,
    environmentId,
    fetch: config.fetch,
    // While a second factor is pending there is no session token: the MFA routes take the MFA token. A sign-in
    // handed to the session while its machine still loads is in once the load settles: wait for it.
    getJwt: async () => {
      await session?.whenLoaded();
      const context = session?.getSnapshot().context;
      return context?.jwt ?? context?.mfaToken;
    },
    includeCredentials: () => config.storage === 'cookie' || cookieSession(),
  });
  const logger = createLogger({
    level: resolveLogLevel({ logLevel: config.logLevel, production: config.production }),
    // The raw transport: the API layer logs its requests, and must not log the log delivery.
    send: config.sendLogs === false ? undefined : (logs) => transport('postLogs', { body: { logs } }),
    batchSize: config.logBatchSize,
    flushIntervalMs: config.logFlushIntervalMs,
    timers: config.timers,
    console: config.console,
    now,
  });
  const api = createApi({
    transport,
    logger,
    events,
    onError: (error, _route, info) => {
      // A bearer request answered 401: the session's token is no longer good.
      if (info?.bearer && error.status === 401) session?.send({ type: 'server.sessionRejected' });
    },
  });
  storage = createStore({
    ...resolveStorageAdapters(config.storage),
    namespace: `latchkey:${environmentId}:`,
    events,
  });
  events.on('storage.parseFailed', ({ key }) => logger.warn(`Dropped a stored value that failed to parse: ${key}`));
  // The user's wallet records and attempts under way end with their session: signed out here; run out or refused, the
  // session machine forgets them (when the stored session is still this tab's), and a stored one found dead at load.
  // The embedded wallet forgets its own key.
  events.on('auth.signedOut', () => forgetUserRecords(storage as Store));

  settings = createSettingsStore({ fetchSettings: () => getSettings({ api }) });
  settings.watch((state) => {
    if (state.status === 'ready' && state.settings && !config.logLevel) {
      logger.setLevel(resolveLogLevel({ production: config.production, environmentName: state.settings.environmentName }));
    }
  });

  session = createLazySession({
    input: { deps: { api, store: storage, events, logger, now, cookieSession, settings } },
    clock,
    onLoadError: (error) => logger.error('The session could not be loaded', { error }),
  });

  return {
    environmentId,
    apiBaseUrl,
    api,
    storage,
    logger,
    events,
    settings,
    session,
    webauthn: config.webauthn ?? loadBrowserWebAuthn,
    // The widget's code loads with the first token of a project whose captcha is on.
    captcha: config.captcha ?? createCaptchaRunner({ loadSettings: () => settings.load() }),
    ...(config.embeddedWallet ? { embeddedWalletConfig: config.embeddedWallet } : {}),
    async destroy() {
      session?.stop();
      await (await handlers)?.dispose();
      return logger.dispose();
    },
  };
}
