'use client';

// @latchkey/headless/react/solana — hooks for Solana networks, balances, activity and transfers. Its own entry, off a
// host's first chunk. The hooks read the node without @solana/web3.js; the transfer's code (web3.js, spl-token) loads
// with the first transfer, or with preloadSolanaTransfer (a send screen opening). The few helpers a wallet screen
// needs are here too, so it never imports @latchkey/headless/solana (whose transfer code would then come with it).

export { useSendTransaction, type UseSendTransactionParameters, type UseSendTransactionReturnType } from '../../react/useSendTransaction.js';
export { useSolanaActivity, type UseSolanaActivityParameters, type UseSolanaActivityReturnType } from '../../react/useSolanaActivity.js';
export { useSolanaBalances, type UseSolanaBalancesParameters, type UseSolanaBalancesReturnType } from '../../react/useSolanaBalances.js';
export { useSolanaNetworks, type UseSolanaNetworksReturnType } from '../../react/useSolanaNetworks.js';
export { useSolanaWallet, type UseSolanaWalletParameters, type UseSolanaWalletReturnType } from '../../react/useSolanaWallet.js';
export { createSolanaRpc, type SolanaRpc } from '../../solana/rpc/createSolanaRpc.js';
export { preloadSolanaTransfer } from '../../solana/transfer/preloadSolanaTransfer.js';
export { solanaExplorerUrl } from '../../solana/activity/getSolanaActivity.js';
