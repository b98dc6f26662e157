'use client';

// @latchkey/headless/react/wallets — wallet hooks on their own entry (the sign-in dialog and user menu load them lazily).

export { useWalletCatalogue, type UseWalletCatalogueReturnType } from '../../react/useWalletCatalogue.js';
export { useWalletSignIn, type UseWalletSignInParameters, type UseWalletSignInReturnType } from '../../react/useWalletSignIn.js';
export { useWallets, type LinkedWallet, type UseWalletsReturnType } from '../../react/useWallets.js';
export { usePrimaryWallet, type UsePrimaryWalletParameters, type UsePrimaryWalletReturnType } from '../../react/usePrimaryWallet.js';
