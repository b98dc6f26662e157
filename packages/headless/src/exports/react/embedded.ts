'use client';

// @latchkey/headless/react/embedded — the embedded-wallet hook, on its own entry (with the custody code it
// pulls in) so a host's first chunk does not carry it.

export { useEmbeddedWallet, type UseEmbeddedWalletParameters, type UseEmbeddedWalletReturnType } from '../../react/useEmbeddedWallet.js';
