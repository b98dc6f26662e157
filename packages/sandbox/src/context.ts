import type { CustodyClient } from './custody/createCustodyClient.js';
import type { Database } from './db/database.js';
import type { OAuthProvider } from './services/social/oauthProvider.js';
import type { SessionTokens } from './services/session/sessionTokens.js';
import type { SettingsStore } from './services/settings/settingsStore.js';
import type { SigningKey } from './services/session/signingKey.js';
import type { LocalCluster } from './solana/localCluster.js';
import type { MpcSecrets } from './services/mpc/mpcSecrets.js';

/** Everything a handler needs; built once per sandbox by `startSandbox`. */
export interface SandboxContext {
  readonly db: Database;
  /** The API origin (no `/api/v0`), e.g. `http://127.0.0.1:4010`. */
  readonly apiBaseUrl: string;
  /** The OIDC provider behind every social provider. */
  readonly oauthProvider: OAuthProvider;
  /** The Telegram bot the login simulator signs for, and the simulator's origin. */
  readonly telegram: { readonly botId: string; readonly botToken: string; readonly loginOrigin: string };
  readonly environmentId: string;
  /** The clock: every expiry and timestamp reads it (tests inject their own). */
  readonly now: () => Date;
  readonly settings: SettingsStore;
  readonly signingKey: SigningKey;
  readonly tokens: SessionTokens;
  /** The local Solana cluster (LiteSVM) behind the JSON-RPC endpoint. */
  readonly solana: LocalCluster;
  /** The cluster's JSON-RPC URL (what the `localnet` network points at). */
  readonly solanaRpcUrl: string;
  /** The custody emulator (its own origin) and the product API's client of it (root organisation key). */
  readonly custody: { readonly baseUrl: string; readonly client: CustodyClient };
  /** The MPC server party's master key (server shares and ceremony secrets are sealed under it). */
  readonly mpc: MpcSecrets;
  /** The JSON-RPC socket's live connections: `drop()` ends them all (1012) and says how many. */
  readonly sockets: { drop(): number };
  /** The captcha emulator's origin (its widget script is `{captchaUrl}/1/api.js`). */
  readonly captchaUrl: string;
  /** A creation of one-time state sweeps its table's expired rows one time in this many (`sweepExpired`). */
  readonly sweepOneIn: number;
  /**
   * The network address of the client whose request is being handled (the route layer hands each product route's
   * handler a copy of the context with it), for the domain layer, which does not see the HTTP request: a sign-in
   * stores it on its session while the project collects it (`collectedClientAddress`).
   */
  readonly clientAddress?: string | undefined;
}
