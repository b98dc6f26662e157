'use client';

// @latchkey/headless/react/solana — hooks for Solana networks, balances and transfers. Its own entry: it pulls
// @solana/web3.js, which a host's first chunk must not carry.

export { useSendTransaction, type UseSendTransactionParameters, type UseSendTransactionReturnType } from '../../react/useSendTransaction.js';
export { useSolanaActivity, type UseSolanaActivityParameters, type UseSolanaActivityReturnType } from '../../react/useSolanaActivity.js';
export { useSolanaBalances, type UseSolanaBalancesParameters, type UseSolanaBalancesReturnType } from '../../react/useSolanaBalances.js';
export { useSolanaNetworks, type UseSolanaNetworksReturnType } from '../../react/useSolanaNetworks.js';
export { useSolanaWallet, type UseSolanaWalletParameters, type UseSolanaWalletReturnType } from '../../react/useSolanaWallet.js';
