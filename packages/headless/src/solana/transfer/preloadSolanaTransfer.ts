import type { createSolanaTransferPort } from './createSolanaTransferPort.js';
import { importWhenOnline } from '../../core/loading/importWhenOnline.js';

/**
 * The transfer's code — `createSolanaTransferPort` with @solana/web3.js and @solana/spl-token — as a chunk of its own:
 * the wallet panel's balances, activity and receive screens read the node without it, and `useSendTransaction`
 * loads it when a transfer is first prepared. Loaded once (the module system keeps it); a failed load is tried again
 * by the next call.
 */
export function loadSolanaTransferPort(): Promise<typeof createSolanaTransferPort> {
  return importWhenOnline(() => import('./createSolanaTransferPort.js')).then((module) => module.createSolanaTransferPort);
}

/**
 * Starts loading the transfer's code ahead of the first transfer — say, when the user opens a send screen — so that
 * preparing it does not wait for the download. Resolves once it is in; rejects when it cannot load (the transfer then
 * tries again, and says `network_error` if it still cannot).
 */
export function preloadSolanaTransfer(): Promise<void> {
  return loadSolanaTransferPort().then(() => undefined);
}
