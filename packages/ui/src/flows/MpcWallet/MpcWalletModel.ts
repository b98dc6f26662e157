import type { UseMpcWalletReturnType } from '@latchkey/headless/react/mpc';
import type { FlowModel } from '../shared/FlowError.js';
import type { StepUpPromptModel } from '../MfaDevices/MfaDevicesModel.js';

/** The types `MpcWalletView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What `MpcWalletView` takes from `useMpcWallet()`: its own type (a fixed one in stories). */
export type MpcWalletFlowModel = FlowModel<Pick<UseMpcWalletReturnType, 'status' | 'round' | 'account' | 'settings' | 'error' | 'isBusy' | 'create' | 'backup' | 'restore' | 'reshare'>> & {
  /** "Confirm it's you" while a reshare or the export waits for a second factor (`useMpcWallet().stepUp`). */
  stepUp?: StepUpPromptModel | undefined;
};
export type MpcWalletFlowStatus = MpcWalletFlowModel['status'];
/** The wallet's own screens; `home` shows the host's home (balances, send). */
export type MpcWalletScreen = 'home' | 'backup' | 'reshare' | 'export';
/** Where a backup is kept: the product API, or a cloud drive of `sdk.waas.backupOptions`. */
export type BackupLocation = NonNullable<UseMpcWalletReturnType['settings']>['backupLocations'][number];
/** A threshold scheme. */
export type Scheme = NonNullable<UseMpcWalletReturnType['account']>['thresholdSignatureScheme'];
