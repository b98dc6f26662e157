import type { SolanaSigner } from '../signer/SolanaSigner.js';
import type { MobileWallet } from './createMobileWallet.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';

/**
 * The connected mobile wallet as a `SolanaSigner`.
 *
 * A deep-link signature arrives after two full-page navigations, so a call cannot resolve in the page that made
 * it. The signer therefore works in two passes over the same bytes:
 * 1. `signMessage(bytes)` / `signTransaction(bytes)` with no result stored sends the request and the page leaves
 *    for the wallet; that promise is abandoned with the page (it never settles).
 * 2. Back on the app, `mobileWallet.completeReturn()` (the `useMobileWallet` hook runs it on mount) verifies the
 *    signature and stores it; calling the signer again with the SAME bytes resolves at once with it (read once).
 * A host that re-runs its operation after the return (keep the serialized transaction, e.g. in session storage)
 * gets the signed bytes from pass 2; one that only needs the signature reads it from the hook's `result`.
 */
export function createMobileWalletSigner(mobileWallet: MobileWallet): SolanaSigner {
  const connection = mobileWallet.getConnection();
  if (!connection) throw new LatchkeyError('mobile_wallet_not_connected');
  const sign = (kind: 'signMessage' | 'signTransaction', bytes: Uint8Array): Promise<Uint8Array> => {
    try {
      const stored = mobileWallet.takeResult(kind, bytes);
      if (stored) return Promise.resolve(stored);
      if (mobileWallet.getConnection()?.address !== connection.address) throw new LatchkeyError('signer_not_found');
      if (kind === 'signMessage') mobileWallet.signMessage(bytes);
      else mobileWallet.signTransaction(bytes);
    } catch (error) {
      return Promise.reject(error);
    }
    // The page is leaving for the wallet: the answer comes back to a new page (pass 2).
    return new Promise<Uint8Array>(() => undefined);
  };
  return {
    address: connection.address,
    signMessage: (message) => sign('signMessage', message),
    signTransaction: (transaction) => sign('signTransaction', transaction),
  };
}
