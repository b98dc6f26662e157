import type { UseMobileWalletReturnType } from '@latchkey/headless/react/mobile';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `MobileWalletView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What `MobileWalletView` takes from `useMobileWallet()`: its own type (a fixed one in stories). */
export type MobileWalletFlowModel = FlowModel<
  Pick<UseMobileWalletReturnType, 'status' | 'walletName' | 'address' | 'signature' | 'error' | 'isBusy' | 'connect' | 'signMessage' | 'disconnect' | 'cancel' | 'reset'>
> &
  Pick<UseMobileWalletReturnType, 'browseUrl'>;
export type MobileWalletFlowStatus = MobileWalletFlowModel['status'];
