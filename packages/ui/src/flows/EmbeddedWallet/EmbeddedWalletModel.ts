import type { UseEmbeddedWalletReturnType } from '@latchkey/headless/react/embedded';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `EmbeddedWalletView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What `EmbeddedWalletView` takes from `useEmbeddedWallet()`: its own type, the members used (a fixed one in stories). */
export type EmbeddedWalletFlowModel = FlowModel<
  Pick<
    UseEmbeddedWalletReturnType,
    'status' | 'account' | 'expiresAt' | 'error' | 'isBusy' | 'awaitingRecoveryCode' | 'settings' | 'create' | 'openSession' | 'startRecovery' | 'completeRecovery'
  >
>;
export type EmbeddedWalletStatus = EmbeddedWalletFlowModel['status'];
/** The embedded wallet's own screens; `home` shows the host's home (balances, send). */
export type EmbeddedWalletScreen = 'home' | 'export' | 'recover';
