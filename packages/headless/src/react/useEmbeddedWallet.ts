import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useReducer, useSyncExternalStore } from 'react';
import {
  embeddedWalletSettingsOf,
  type CreateWalletOptions,
  type EmbeddedWalletAccount,
  type EmbeddedWalletClient,
  type EmbeddedWalletSettings,
} from '../core/embedded/createEmbeddedWalletClient.js';
import { embeddedWalletStatus, type EmbeddedWalletStatus } from '../core/machines/embeddedWallet/embeddedWalletMachine.js';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { embeddedWalletOf, retainEmbeddedWallet } from '../core/embedded/embeddedWalletOf.js';
import type { SolanaSigner } from '../core/signer/SolanaSigner.js';
import type { SessionKeyStore } from '../core/embedded/stampers/sessionKeyStore.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useSession } from './useSession.js';

/**
 * Overrides of the configuration given to `createLatchkeyClient({ embeddedWallet })`: each field given here wins over
 * the client's. Without a client configuration, `appName` and `baseUrl` are needed here.
 */
export interface UseEmbeddedWalletParameters {
  /** The app's name (shown by custody pages); wins over the client's `embeddedWallet.appName`. One of the two is required. */
  appName?: string;
  /** The custody provider's base URL (the sandbox: `custodyBaseUrl`); wins over the client's. One of the two is required. */
  baseUrl?: string;
  /** Where session keys are kept (default IndexedDB); read when the wallet's client is made. */
  store?: SessionKeyStore;
  /** The fetch for custody requests; read when the wallet's client is made. */
  fetch?: typeof fetch;
}

export interface UseEmbeddedWalletReturnType {
  /** The session of SPEC §4: `none` → `loading` → `active`; `failed` with `error`. */
  status: EmbeddedWalletStatus;
  /** The user's embedded Solana wallet, if any. */
  account: EmbeddedWalletAccount | undefined;
  /** When the active session's key stops working (ms since epoch). */
  expiresAt: number | undefined;
  /** The last failure: the session's, or the last command's. */
  error: LatchkeyError | undefined;
  /** A command is running. */
  isBusy: boolean;
  /** Whether the user is waiting for a recovery code. */
  awaitingRecoveryCode: boolean;
  /**
   * The project's embedded-wallet settings (SPEC §3) the screens follow: `forceAuthenticator`
   * (`forceAuthenticatorAtSignup`), `allowSkipping` (`allowSkippingAuthenticatorAtSignup`),
   * `promptForKeyExport`, `emailRecoveryEnabled`. `undefined` until the project settings are loaded.
   */
  settings: EmbeddedWalletSettings | undefined;
  /**
   * Creates the wallet; `{ withPasskey: true }` (or `isAuthenticatorAttached: true`) runs the passkey's
   * registration ceremony first. Failures land in `error` (e.g. 'Webauthn is not supported on this
   * device.', or `invalid_embedded_wallet_settings` when the project forces a passkey and none is asked for).
   */
  create(options?: CreateWalletOptions): Promise<EmbeddedWalletAccount | undefined>;
  openSession(): Promise<void>;
  signMessage(message: Uint8Array): Promise<Uint8Array | undefined>;
  signTransaction(transaction: Uint8Array): Promise<Uint8Array | undefined>;
  exportAccount(targetPublicKey: string): Promise<string | undefined>;
  startRecovery(email: string): Promise<void>;
  completeRecovery(code: string): Promise<void>;
  /** The wallet as a `SolanaSigner` for the send machine (`useSolanaWallet({ address, signer })`), once it has an account; one per wallet and account. */
  signer: SolanaSigner | undefined;
  /** The underlying client. */
  wallet: EmbeddedWalletClient;
}

/**
 * The signed-in user's embedded wallet: create it, keep its session, sign, export, recover by e-mail. Its
 * configuration is `createLatchkeyClient({ embeddedWallet })`, each field of `parameters` winning over it;
 * 'Embedded wallet requires app name and base URL' is thrown at once without both. Every hook instance with the same
 * app name and base URL shares one wallet client and its busy and error state (kept in `wallet.commands`); it is
 * stopped when the last of them unmounts.
 */
export function useEmbeddedWallet(parameters: UseEmbeddedWalletParameters = {}): UseEmbeddedWalletReturnType {
  const client = useLatchkeyClient();
  const { user } = useSession();
  // A lookup per render: the same app name and base URL give the same client (an inline `store` makes no new one).
  const wallet = embeddedWalletOf(client, parameters);
  const [, replaced] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    // Strict mode unmounts and mounts again: a client stopped by the first cleanup is replaced, not reused.
    if (wallet.session.getSnapshot().status === 'stopped') {
      replaced();
      return undefined;
    }
    return retainEmbeddedWallet(client, wallet);
  }, [client, wallet]);
  const status = useSelector(wallet.session, embeddedWalletStatus);
  const sessionError = useSelector(wallet.session, (snapshot) => snapshot.context.error);
  const expiresAt = useSelector(wallet.session, (snapshot) => snapshot.context.session?.expiresAt);
  const { busy, error: commandError, awaitingRecoveryCode } = useSyncExternalStore(wallet.commands.subscribe, wallet.commands.getSnapshot, wallet.commands.getSnapshot);
  const projectSettings = useSyncExternalStore(client.settings.watch, client.settings.get, client.settings.get).settings;
  const settings = useMemo(() => (projectSettings ? embeddedWalletSettingsOf(projectSettings) : undefined), [projectSettings]);

  const account = useMemo(() => wallet.getAccount(), [wallet, user]);
  // Stable while the wallet and the account's address stay, so the send flow keeps its signer across renders.
  const signer = useMemo(() => (account ? wallet.signer() : undefined), [wallet, account?.address]);
  return useMemo(
    () => ({
      status,
      account,
      expiresAt,
      error: commandError ?? (status === 'failed' ? sessionError : undefined),
      isBusy: busy > 0 || status === 'loading',
      awaitingRecoveryCode,
      settings,
      create: (options?: CreateWalletOptions) => wallet.commands.run(() => wallet.createWallet(options)),
      openSession: async () => void (await wallet.commands.run(() => wallet.openSession())),
      signMessage: (message: Uint8Array) => wallet.commands.run(() => wallet.signer().signMessage(message)),
      signTransaction: (transaction: Uint8Array) => wallet.commands.run(() => wallet.signer().signTransaction(transaction)),
      exportAccount: (targetPublicKey: string) => wallet.commands.run(() => wallet.exportAccount(targetPublicKey)),
      startRecovery: async (email: string) => void (await wallet.commands.run(() => wallet.startRecovery(email), { awaitingRecoveryCode: true })),
      completeRecovery: async (code: string) => void (await wallet.commands.run(() => wallet.completeRecovery(code), { awaitingRecoveryCode: false })),
      signer,
      wallet,
    }),
    [status, account, expiresAt, commandError, sessionError, busy, awaitingRecoveryCode, settings, signer, wallet],
  );
}
