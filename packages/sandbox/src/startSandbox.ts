import type { Server } from 'node:http';
import path from 'node:path';
import { startCaptcha, type CaptchaServer } from './captcha/startCaptcha.js';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app.js';
import type { SandboxContext } from './context.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/openDatabase.js';
import { sandboxInfo, type SandboxInfo } from './sandboxInfo.js';
import { startOAuthProvider, type OAuthProvider } from './services/social/oauthProvider.js';
import { startTelegramSimulator, type TelegramSimulator } from './services/telegram/telegramLogin.js';
import { loadOrCreateBotToken } from './services/telegram/telegramSignIn.js';
import { createSessionTokens } from './services/session/sessionTokens.js';
import { createSettingsStore, loadSeedSettings } from './services/settings/settingsStore.js';
import { seedTokenRegistry } from './solana/tokenRegistry.js';
import { loadOrCreateSigningKey } from './services/session/signingKey.js';
import { LocalCluster } from './solana/localCluster.js';
import { startSolanaRpc, type SolanaRpcServer } from './solana/rpcServer.js';
import { createCustodyClient } from './custody/createCustodyClient.js';
import { loadOrCreateCustodySecrets } from './custody/secrets.js';
import { startCustody, type CustodyServer } from './custody/startCustody.js';
import { deliver } from './services/inbox/inbox.js';
import { loadOrCreateMpcSecrets } from './services/mpc/mpcSecrets.js';
import { attachJsonRpcSocket } from './http/jsonRpcSocket.js';
import { cloudDriveStateKey, startCloudDrive, type CloudDriveServer } from './cloudDrive/startCloudDrive.js';
import { mpcSocketPath, mpcSocketRoutes } from './routes/mpcSocketRoutes.js';
import { SWEEP_ONE_IN } from './services/retention/sweepExpired.js';
import { closeServer, listen } from './net/listen.js';
import { endKeysOfEndedSessions } from './services/session/endSessions.js';

/** How often, by default, the custody keys of sessions that ended are deleted. */
export const ENDED_SESSION_KEYS_EVERY_MS = 60_000;

/** The fixed environment id of the sandbox unless `environmentId` says otherwise. */
export const DEFAULT_ENVIRONMENT_ID = '2b1f6c1e-6a4d-4c8e-9f3a-5d7e8a9b0c1d';
export const DEFAULT_PORT = 4010;
/** `.sandbox-data/` at the repository root. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../.sandbox-data/', import.meta.url));
export const DEFAULT_SEED_FILE = fileURLToPath(new URL('../seed/settings.json', import.meta.url));

export interface SandboxOptions {
  /** Default 4010; `0` picks a free port. */
  port?: number;
  /** Loopback only. */
  host?: '127.0.0.1';
  environmentId?: string;
  /** PGlite folder (default `.sandbox-data/` at the repo root), or `'memory'`. Ignored with `databaseUrl`. */
  dataDir?: string | 'memory';
  /** PostgreSQL connection string: real PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** Project settings seed (default `packages/sandbox/seed/settings.json`). */
  seedFile?: string;
  /** No start-up banner. */
  quiet?: boolean;
  /** The clock (tests move it forward to expire codes and tokens). Default: the system clock. */
  now?: () => Date;
  /** Milliseconds per block of the local Solana cluster (default 400); `0`: blocks only on POST /sandbox/solana/blocks. */
  solanaSlotMs?: number;
  /**
   * The process is the sandbox's own (`pnpm sandbox`): the HTTP adapter may replace the global `Request` and
   * `Response` with its lightweight ones, which halves what a small JSON answer costs. Off by default: a host process
   * (a test runner, say) keeps its own globals.
   */
  ownsProcess?: boolean;
  /** A creation of one-time state sweeps its table's expired rows one time in this many (default `SWEEP_ONE_IN`; tests pass 1). */
  sweepOneIn?: number;
  /** How often the custody keys of sessions that ended are deleted (`endKeysOfEndedSessions`; default a minute, 0: never). */
  endedSessionKeysEveryMs?: number;
}

export interface Sandbox {
  /** The API origin, e.g. `http://127.0.0.1:4010` (the product API is under `/api/v0`). */
  url: string;
  info: SandboxInfo;
  /** Stops the server and closes the database. Safe to call twice. */
  close(): Promise<void>;
}

/** Starts the sandbox: database (migrated), settings (seeded), signing key, HTTP server. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  if (host !== '127.0.0.1') throw new Error('The sandbox listens on 127.0.0.1 only.');
  const environmentId = options.environmentId ?? DEFAULT_ENVIRONMENT_ID;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(environmentId)) throw new Error(`Invalid environment id "${environmentId}".`);
  const now = options.now ?? (() => new Date());
  const sweepOneIn = options.sweepOneIn ?? SWEEP_ONE_IN;
  const seedFile = options.seedFile ?? DEFAULT_SEED_FILE;
  const dataDir = options.dataDir === 'memory' ? 'memory' : path.resolve(options.dataDir ?? DEFAULT_DATA_DIR);

  const seed = await loadSeedSettings(seedFile);

  // Bind first: a taken port fails in milliseconds, not after the database has opened.
  let app: Hono | undefined;
  const server = createAdaptorServer({
    fetch: (request: Request, env: unknown) => app?.fetch(request, env) ?? Response.json({ error: { code: 'internal_error', message: 'The sandbox is starting.' } }, { status: 503 }),
    overrideGlobalObjects: options.ownsProcess === true,
  }) as Server;
  const port = await listen(server, options.port ?? DEFAULT_PORT, host);
  const planned = sandboxInfo(host, port, environmentId);
  const url = planned.apiBaseUrl;
  // The MPC ceremonies' socket shares the API's port; it answers once the context exists.
  let socketCtx: SandboxContext | undefined;
  const mpcSocket = attachJsonRpcSocket({
    server,
    path: mpcSocketPath(environmentId),
    ctx: () => socketCtx,
    methods: mpcSocketRoutes,
    onInternalError: (error) => console.error('[sandbox] MPC socket internal error:', error),
  });

  let opened: Database | undefined;
  let oauthProvider: OAuthProvider | undefined;
  let telegramSimulator: TelegramSimulator | undefined;
  let solanaRpc: SolanaRpcServer | undefined;
  const solana = new LocalCluster({ slotMs: options.solanaSlotMs ?? 400, now });
  let custodyServer: CustodyServer | undefined;
  let cloudDrive: CloudDriveServer | undefined;
  let captcha: CaptchaServer | undefined;
  try {
    // The OIDC provider on its own origin: API port + 4 (another free port if that one is taken).
    oauthProvider = await startOAuthProvider({ host, port: port + 4 });
    // The Solana JSON-RPC on API port + 2 (another free port if taken) and its websocket on the port after the
    // RPC's (+ 3), where web3.js looks when given only the RPC's URL.
    const onInternalError = (error: unknown) => console.error('[sandbox] internal error:', error);
    solanaRpc = await startSolanaRpc({ cluster: solana, host, port: port + 2, onInternalError });
    let info = { ...planned, oauthIssuer: oauthProvider.issuer, solanaRpcUrl: solanaRpc.rpcUrl, solanaWsUrl: solanaRpc.wsUrl };
    // The Telegram login simulator on its own origin: API port + 5 (another free port if taken).
    const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir });
    opened = db;
    // The bot token lives in the database: every sandbox process of this environment signs and checks alike.
    const bot = await loadOrCreateBotToken(db, environmentId, now());
    telegramSimulator = await startTelegramSimulator({ host, port: port + 5, botToken: bot.botToken, now });
    const telegram = { ...bot, loginOrigin: telegramSimulator.origin };
    const settings = await createSettingsStore({ db, environmentId, seed, now });
    await seedTokenRegistry(db, environmentId, now());
    const signingKey = await loadOrCreateSigningKey(db, environmentId, now);
    const tokens = createSessionTokens({ key: signingKey, environmentId, now });
    // The custody emulator on its own origin: API port + 1 (another free port if that one is taken).
    const custodySecrets = await db.transaction((tx) => loadOrCreateCustodySecrets(tx, environmentId, now()));
    custodyServer = await startCustody({
      host,
      port: port + 1,
      ctx: {
        db,
        environmentId,
        now,
        secrets: custodySecrets,
        sendEmail: (q, message) => deliver(q, environmentId, { channel: 'email', ...message, now: now() }),
      },
      onInternalError: (error) => console.error('[sandbox] custody internal error:', error),
    });
    info = { ...info, custodyBaseUrl: custodyServer.origin };
    const custody = {
      baseUrl: custodyServer.origin,
      client: createCustodyClient({ baseUrl: custodyServer.origin, rootOrganizationId: custodySecrets.rootOrganizationId, apiKey: custodySecrets.rootApiKey, now }),
    };
    const mpc = await loadOrCreateMpcSecrets(db, environmentId, now());
    // The cloud-drive emulator on its own origin: API port + 6 (another free port if taken).
    cloudDrive = await startCloudDrive({ host, port: port + 6, ctx: { db, environmentId, issuer: oauthProvider.issuer, stateKey: cloudDriveStateKey(mpc.masterKey), now } });
    info = { ...info, cloudDriveUrl: cloudDrive.origin };
    // The captcha emulator on its own origin: API port + 7 (another free port if taken).
    captcha = await startCaptcha({ host, port: port + 7, ctx: { db, environmentId, settings, now, sweepOneIn } });
    info = { ...info, captchaUrl: captcha.origin };
    const ctx: SandboxContext = { db, apiBaseUrl: url, oauthProvider, telegram, environmentId, now, settings, signingKey, tokens, custody, solana, solanaRpcUrl: solanaRpc.rpcUrl, mpc, captchaUrl: captcha.origin, sweepOneIn, sockets: { drop: () => mpcSocket.dropConnections() } };
    app = createApp({ ctx, info, onInternalError });
    socketCtx = ctx;
    // Sessions that ran out take their custody keys with them within a round (see endKeysOfEndedSessions).
    const endedSessionKeysEveryMs = options.endedSessionKeysEveryMs ?? ENDED_SESSION_KEYS_EVERY_MS;
    let endingKeys: Promise<void> | undefined;
    const endedSessionKeys =
      endedSessionKeysEveryMs > 0
        ? setInterval(() => {
            // A round still under way (custody slow): this one is skipped.
            endingKeys ??= endKeysOfEndedSessions(ctx)
              .then(() => undefined)
              .catch((error: unknown) => console.warn('[sandbox] ending the custody keys of ended sessions failed; the next round retries:', error))
              .finally(() => (endingKeys = undefined));
          }, endedSessionKeysEveryMs)
        : undefined;
    endedSessionKeys?.unref();

    if (!options.quiet) {
      const storage = options.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : dataDir === 'memory' ? 'PGlite in memory' : `PGlite in ${dataDir}`;
      console.log(
        [
          'Latchkey sandbox is running',
          // Every address printed answers a GET (the JSON-RPC endpoints take POST; their health pages are printed).
          `  settings:       ${url}/api/v0/sdk/${environmentId}/settings   (apiBaseUrl: ${url})`,
          `  environment id: ${environmentId}`,
          `  info:           ${url}/sandbox/info`,
          `  inbox:          ${info.inboxUrl}`,
          `  OAuth issuer:   ${info.oauthIssuer}/.well-known/openid-configuration`,
          `  Solana RPC:     ${info.solanaRpcUrl}/health   (JSON-RPC by POST at the same origin; websocket ${info.solanaWsUrl})`,
          `  custody:        ${info.custodyBaseUrl}/health`,
          `  cloud drive:    ${info.cloudDriveUrl}/health`,
          `  captcha:        ${info.captchaUrl}/1/api.js`,
          `  MPC socket:     ${info.mpcSocketUrl}   (JSON-RPC 2.0 over WebSocket)`,
          `  storage:        ${storage}`,
        ].join('\n'),
      );
    }

    let closing: Promise<void> | undefined;
    return {
      url,
      info,
      close() {
        clearInterval(endedSessionKeys);
        // A round under way finishes first: it uses the database and custody.
        closing ??= Promise.resolve(endingKeys)
          .then(() => mpcSocket.close())
          .then(() => closeServer(server))
          .finally(() => oauthProvider?.close())
          .finally(() => telegramSimulator?.close())
          .finally(() => solanaRpc?.close())
          .finally(() => solana.close())
          .finally(() => custodyServer?.close())
          .finally(() => cloudDrive?.close())
          .finally(() => captcha?.close())
          .finally(() => db.close());
        return closing;
      },
    };
  } catch (error) {
    await mpcSocket.close().catch(() => undefined);
    await closeServer(server).catch(() => undefined);
    await oauthProvider?.close().catch(() => undefined);
    await telegramSimulator?.close().catch(() => undefined);
    await solanaRpc?.close().catch(() => undefined);
    solana.close();
    await custodyServer?.close().catch(() => undefined);
    await cloudDrive?.close().catch(() => undefined);
    await captcha?.close().catch(() => undefined);
    await opened?.close().catch(() => undefined);
    throw error;
  }
}
