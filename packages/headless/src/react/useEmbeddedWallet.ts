import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  createEmbeddedWalletClient,
  embeddedWalletSettingsOf,
  type CreateWalletOptions,
  type EmbeddedWalletAccount,
  type EmbeddedWalletClient,
  type EmbeddedWalletConfig,
  type EmbeddedWalletSettings,
} from '../core/embedded/createEmbeddedWalletClient.js';
import { embeddedWalletStatus, type EmbeddedWalletStatus } from '../core/machines/embeddedWallet/embeddedWalletMachine.js';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../core/errors/toLatchkeyError.js';
import type { SolanaSigner } from '../core/signer/SolanaSigner.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useSession } from './useSession.js';

export type UseEmbeddedWalletParameters = EmbeddedWalletConfig;

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
 * The signed-in user's embedded wallet: create it, keep its session, sign, export, recover by
 * e-mail. 'Embedded wallet requires app name and base URL' is thrown at once without both.
 */
export function useEmbeddedWallet(parameters: UseEmbeddedWalletParameters): UseEmbeddedWalletReturnType {
  const client = useLatchkeyClient();
  const { user } = useSession();
  const { appName, baseUrl, store, fetch } = parameters;
  // `store` and `fetch` are read when the client is made (an inline object must not make a new client per render);
  // a new client, app name or base URL makes a new one.
  const create = () => createEmbeddedWalletClient(client, { appName, baseUrl, ...(store ? { store } : {}), ...(fetch ? { fetch } : {}) });
  const [made, setMade] = useState(() => ({ client, appName, baseUrl, wallet: create() }));
  // Set during render, React's pattern for state derived from props.
  if (made.client !== client || made.appName !== appName || made.baseUrl !== baseUrl) setMade({ client, appName, baseUrl, wallet: create() });
  const { wallet } = made;
  useEffect(() => {
    // Strict mode unmounts and mounts again: a client stopped by the first cleanup is replaced, not reused.
    if (wallet.session.getSnapshot().status === 'stopped') setMade({ client, appName, baseUrl, wallet: create() });
    return () => wallet.stop();
  }, [wallet]);
  const status = useSelector(wallet.session, embeddedWalletStatus);
  const sessionError = useSelector(wallet.session, (snapshot) => snapshot.context.error);
  const expiresAt = useSelector(wallet.session, (snapshot) => snapshot.context.session?.expiresAt);
  const [commandError, setCommandError] = useState<LatchkeyError | undefined>(undefined);
  const [busy, setBusy] = useState(0);
  const [awaitingRecoveryCode, setAwaitingRecoveryCode] = useState(false);
  const projectSettings = useSyncExternalStore(client.settings.watch, client.settings.get, client.settings.get).settings;
  const settings = useMemo(() => (projectSettings ? embeddedWalletSettingsOf(projectSettings) : undefined), [projectSettings]);

  const command = useCallback(
    <A extends unknown[], T>(run: (...args: A) => Promise<T>) =>
      async (...args: A): Promise<T | undefined> => {
        setBusy((count) => count + 1);
        setCommandError(undefined);
        try {
          return await run(...args);
        } catch (error) {
          setCommandError(toLatchkeyErrorSync(error));
          return undefined;
        } finally {
          setBusy((count) => count - 1);
        }
      },
    [],
  );

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
      create: command((options?: CreateWalletOptions) => wallet.createWallet(options)),
      openSession: command(async () => void (await wallet.openSession())),
      signMessage: command((message: Uint8Array) => wallet.signer().signMessage(message)),
      signTransaction: command((transaction: Uint8Array) => wallet.signer().signTransaction(transaction)),
      exportAccount: command((targetPublicKey: string) => wallet.exportAccount(targetPublicKey)),
      startRecovery: command(async (email: string) => {
        await wallet.startRecovery(email);
        setAwaitingRecoveryCode(true);
      }),
      completeRecovery: command(async (code: string) => {
        await wallet.completeRecovery(code);
        setAwaitingRecoveryCode(false);
      }),
      signer,
      wallet,
    }),
    [status, account, expiresAt, commandError, sessionError, busy, awaitingRecoveryCode, settings, command, signer, wallet],
  );
}
