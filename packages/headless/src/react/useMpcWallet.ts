import type { FrostScheme } from '@latchkey/protocol/frost';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../core/errors/toLatchkeyError.js';
import { mpcSessionStatus, type MpcSessionStatus } from '../core/machines/mpcSession/mpcSessionMachine.js';
import type { SolanaSigner } from '../core/signer/SolanaSigner.js';
import { createPopupCloudDrive } from '../core/mpc/cloudDrive.js';
import { createMpcWalletClient, mpcWalletSettingsOf, type BackupOptions, type MpcWalletClient, type MpcWalletConfig, type MpcWalletSettings } from '../core/mpc/createMpcWalletClient.js';
import { mpcAccountOf, type MpcWalletAccount } from '../core/mpc/mpcAccount.js';
import { mountMpcExportFrame, type MpcExportFrame } from '../core/mpc/mountMpcExportFrame.js';
import { mpcStepUpMachine, startMpcCommand } from '../core/machines/mpcStepUp/mpcStepUpMachine.js';
import type { StepUpRetrySnapshot } from '../core/machines/mfaDevices/stepUpRetryMachine.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useSession } from './useSession.js';
import { useStepUp, type StepUpPurpose, type UseStepUpReturnType } from './useStepUp.js';

export interface UseMpcWalletParameters extends Omit<MpcWalletConfig, 'cloudDrive'> {
  /** The custody origin, where the isolated export page lives (the sandbox: `custodyBaseUrl`). */
  exportFrameOrigin?: string;
  /** The cloud drive's origin for `googleDrive` / `icloud` backups (the sandbox: `cloudDriveUrl`). */
  cloudDriveUrl?: string;
}

/**
 * Where the wallet is: `loading` (reading this device), `none` (no MPC wallet yet), `locked` (the wallet
 * exists but its share is not on this device: restore it), `ready`; or what runs now.
 */
export type MpcWalletStatus = 'loading' | 'none' | 'locked' | 'ready' | 'creating' | 'signing' | 'backingUp' | 'restoring' | 'resharing' | 'exporting';

type Command = Extract<MpcWalletStatus, 'creating' | 'signing' | 'backingUp' | 'restoring' | 'resharing' | 'exporting'>;

/** What "Confirm it's you" says it is for, by the command the server held (those that never ask say reshare). */
const STEP_UP_PURPOSES: Record<Command, StepUpPurpose> = {
  creating: 'reshareWallet',
  signing: 'reshareWallet',
  resharing: 'reshareWallet',
  backingUp: 'backupWallet',
  restoring: 'restoreWallet',
  exporting: 'exportWallet',
};

export interface UseMpcWalletReturnType {
  status: MpcWalletStatus;
  /** The round of the ceremony running now (`connecting`, `keygenRound2`, `signCommit`, …), while one runs. */
  round: MpcSessionStatus | undefined;
  account: MpcWalletAccount | undefined;
  /** `sdk.waas` as the screens follow it; undefined until the project settings are loaded. */
  settings: MpcWalletSettings | undefined;
  /** The last command's failure (typed: `mpc_backup_password_invalid`, `mpc_wallet_locked`, …). */
  error: LatchkeyError | undefined;
  /**
   * While a reshare, refresh, export, restore from the product API's backup, or a backup that must refresh (none exists
   * anywhere) waits for a second factor (a user with one who passed none in the last 5 minutes): "Confirm it's you" —
   * `stepUpFor` `reshareWallet`, `exportWallet`, `restoreWallet` or `backupWallet`. Once it passes, the command runs
   * once more; `stepUp.cancelStepUp()` drops it (the command then resolves `false`, with no error).
   */
  stepUp: UseStepUpReturnType | undefined;
  isBusy: boolean;
  /** A FROST signer for the send flow, once the wallet is ready on this device. */
  signer: SolanaSigner | undefined;
  create(options?: { scheme?: FrostScheme; backup?: BackupOptions }): void;
  createAsync(options?: { scheme?: FrostScheme; backup?: BackupOptions }): Promise<MpcWalletAccount | undefined>;
  signMessage(message: Uint8Array): void;
  signMessageAsync(message: Uint8Array): Promise<Uint8Array | undefined>;
  backup(options: BackupOptions): void;
  backupAsync(options: BackupOptions): Promise<boolean>;
  restore(options: BackupOptions): void;
  restoreAsync(options: BackupOptions): Promise<boolean>;
  reshare(options: { scheme: FrostScheme; backup?: BackupOptions }): void;
  reshareAsync(options: { scheme: FrostScheme; backup?: BackupOptions }): Promise<boolean>;
  refresh(options?: { backup?: BackupOptions }): void;
  refreshAsync(options?: { backup?: BackupOptions }): Promise<boolean>;
  /** Shows the key in the isolated frame inside `container` (the host never holds it). */
  export(container: HTMLElement): void;
  exportAsync(container: HTMLElement): Promise<boolean>;
  /** Clears `error`. */
  reset(): void;
  wallet: MpcWalletClient;
}

const selectConfirming = (snapshot: StepUpRetrySnapshot) => snapshot.value === 'confirming';

/**
 * The signed-in user's MPC wallet: create it (DKG), sign (FROST, also as a Solana signer), back it up
 * with a password, restore it on a new device, reshare or refresh its shares, export its key in the
 * isolated frame. Commands return void; the `…Async` forms resolve when done (failures land in `error`).
 */
export function useMpcWallet(parameters: UseMpcWalletParameters = {}): UseMpcWalletReturnType {
  const client = useLatchkeyClient();
  const { user } = useSession();
  const { socketUrl, WebSocket, vault, reconnectInterval, exportFrameOrigin, cloudDriveUrl } = parameters;
  const make = () =>
    createMpcWalletClient(client, {
      ...(socketUrl ? { socketUrl } : {}),
      ...(WebSocket ? { WebSocket } : {}),
      ...(vault ? { vault } : {}),
      ...(reconnectInterval ? { reconnectInterval } : {}),
      ...(cloudDriveUrl
        ? {
            cloudDrive: createPopupCloudDrive({
              url: cloudDriveUrl,
              loginHint: () => client.session.getSnapshot().context.user?.email ?? undefined,
              account: () => client.session.getSnapshot().context.user?.id,
            }),
          }
        : {}),
    });
  const [made, setMade] = useState(() => ({ client, socketUrl, cloudDriveUrl, wallet: make() }));
  if (made.client !== client || made.socketUrl !== socketUrl || made.cloudDriveUrl !== cloudDriveUrl) setMade({ client, socketUrl, cloudDriveUrl, wallet: make() });
  const { wallet } = made;
  useEffect(() => () => wallet.stop(), [wallet]);

  // The device state and the running ceremony's round, read from the client.
  const snapshot = useSyncExternalStore(
    wallet.watch,
    () => `${wallet.getDeviceState()}|${(() => {
      const actor = wallet.getCeremony();
      return actor && actor.getSnapshot().status === 'active' ? mpcSessionStatus(actor.getSnapshot()) : '';
    })()}`,
    () => 'unknown|',
  );
  const [deviceState, roundText] = snapshot.split('|') as [string, string];
  const account = useMemo(() => mpcAccountOf(user), [user]);
  // A new user or wallet: look at this device again.
  useEffect(() => void wallet.checkDevice().catch(() => undefined), [wallet, account?.id, account?.thresholdSignatureScheme]);

  const projectSettings = useSyncExternalStore(client.settings.watch, client.settings.get, client.settings.get).settings;
  const settings = useMemo(() => (projectSettings ? mpcWalletSettingsOf(projectSettings) : undefined), [projectSettings]);
  const [running, setRunning] = useState<Command | undefined>(undefined);
  const [error, setError] = useState<LatchkeyError | undefined>(undefined);
  // Reshare, refresh, export and restore go through the step-up flow: the server may want a recent second factor first.
  const stepUpFlow = useActorRef(mpcStepUpMachine, { input: { client } });
  const confirming = useSelector(stepUpFlow, selectConfirming);
  const stepUp = useStepUp(stepUpFlow, confirming && running ? STEP_UP_PURPOSES[running] : undefined);

  const command = useCallback(
    <A extends unknown[], T>(name: Command, work: (...args: A) => Promise<T>) =>
      async (...args: A): Promise<T | undefined> => {
        setRunning(name);
        setError(undefined);
        try {
          return await work(...args);
        } catch (thrown) {
          setError(toLatchkeyErrorSync(thrown));
          return undefined;
        } finally {
          setRunning(undefined);
        }
      },
    [],
  );

  return useMemo(() => {
    const create = command('creating', (options?: { scheme?: FrostScheme; backup?: BackupOptions }) => wallet.createWallet(options));
    const signMessage = command('signing', (message: Uint8Array) => wallet.signMessage(message));
    // Through the step-up flow: `false` when the user left its "Confirm it's you".
    const steppedUp = <A extends unknown[]>(name: Command, work: (...args: A) => Promise<unknown>) => {
      const run = command(name, async (...args: A) => (await startMpcCommand(stepUpFlow, () => work(...args))) === 'done');
      return async (...args: A) => (await run(...args)) === true;
    };
    // A backup on the product API is handed out only after a recent second factor (it and the server's share sign).
    const restore = steppedUp('restoring', (options: BackupOptions) => wallet.restore(options));
    // A backup with none anywhere refreshes the shares, which the server may hold for a second factor.
    const backup = steppedUp('backingUp', (options: BackupOptions) => wallet.backup(options));
    const reshare = steppedUp('resharing', (options: { scheme: FrostScheme; backup?: BackupOptions }) => wallet.reshare(options));
    const refresh = steppedUp('resharing', (options?: { backup?: BackupOptions }) => wallet.refresh(options));
    let frame: MpcExportFrame | undefined;
    const exportKey = steppedUp('exporting', async (container: HTMLElement) => {
      if (!exportFrameOrigin) throw new LatchkeyError('invalid_config', { params: { reason: 'useMpcWallet needs exportFrameOrigin to export the key' } });
      frame?.destroy();
      const mounted = mountMpcExportFrame({ wallet, frameOrigin: exportFrameOrigin, container, title: 'Your private key' });
      frame = mounted;
      try {
        await mounted.done;
      } catch (failure) {
        // A frame that will not show the key goes (it would say "Preparing…" on, under "Confirm it's you" or an error).
        mounted.destroy();
        throw failure;
      }
    });
    // The device is read after the user changes: until then (or while the vault says `none` for a wallet the user
    // just got) the wallet is loading.
    const device: MpcWalletStatus = deviceState === 'unknown' || (account && deviceState === 'none') ? 'loading' : !account ? 'none' : (deviceState as 'locked' | 'ready');
    const status: MpcWalletStatus = running ?? device;
    return {
      status,
      round: roundText === '' ? undefined : (roundText as MpcSessionStatus),
      account,
      settings,
      error,
      stepUp,
      // While "Confirm it's you" waits for the user, only the step-up's own requests are busy.
      isBusy: (running !== undefined && !confirming) || status === 'loading' || stepUp?.isBusy === true,
      signer: account && deviceState === 'ready' ? wallet.signer() : undefined,
      create: (options) => void create(options),
      createAsync: create,
      signMessage: (message) => void signMessage(message),
      signMessageAsync: signMessage,
      backup: (options) => void backup(options),
      backupAsync: backup,
      restore: (options) => void restore(options),
      restoreAsync: restore,
      reshare: (options) => void reshare(options),
      reshareAsync: reshare,
      refresh: (options) => void refresh(options),
      refreshAsync: refresh,
      export: (container) => void exportKey(container),
      exportAsync: exportKey,
      reset: () => setError(undefined),
      wallet,
    };
  }, [wallet, deviceState, roundText, account, settings, error, stepUp, confirming, stepUpFlow, running, command, exportFrameOrigin]);
}
