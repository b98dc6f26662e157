'use client';

// @latchkey/headless/react/mobile — the mobile redirect wallet hook, on its own entry so a host's first chunk
// does not carry the NaCl box (@noble/ciphers).

export { useMobileWallet, type UseMobileWalletParameters, type UseMobileWalletReturnType } from '../../react/useMobileWallet.js';
