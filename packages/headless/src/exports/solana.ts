// @latchkey/headless/solana — Solana: networks, the node's JSON-RPC (createSolanaRpc), balances, activity, transfers,
// the send-and-confirm machine and a keypair signer. Its own entry, so a host that never shows a wallet does not pay
// for it. Reading (networks, balances, activity) needs no @solana/web3.js; building and signing a transfer
// (createSolanaTransferPort, createKeypairSigner) and createSolanaConnection do.

export { formatAmount } from '../core/amount/formatAmount.js';
export { lamportsToSol, solToLamports } from '../core/amount/lamports.js';
export type { SolanaSigner } from '../core/signer/SolanaSigner.js';
export { getNetworks, type GetNetworksReturnType } from '../core/actions/getNetworks.js';
export {
  optimizeSolanaTransaction,
  type OptimizeSolanaTransactionParameters,
  type OptimizeSolanaTransactionReturnType,
} from '../core/actions/optimizeSolanaTransaction.js';
export {
  simulateSolanaTransaction,
  type SimulateSolanaTransactionParameters,
  type SimulateSolanaTransactionReturnType,
} from '../core/actions/simulateSolanaTransaction.js';
export {
  isSolanaAddress,
  MULTIPLE_RECIPIENTS_PLACEHOLDER,
  solanaAddressProblem,
  validateSolanaAddress,
} from '../core/validation/validateSolanaAddress.js';
export {
  FEE_RETRY_DELAY_MS,
  sendTransactionMachine,
  sendTransactionStatus,
  type PreparedTransaction,
  type SendTransactionActorRef,
  type SendTransactionContext,
  type SendTransactionEvent,
  type SendTransactionInput,
  type SendTransactionMachine,
  type SendTransactionSnapshot,
  type SendTransactionStatus,
  type SolanaTransferPort,
} from '../core/machines/sendTransaction/sendTransactionMachine.js';
export { createKeypairSigner } from '../solana/createKeypairSigner.js';
export { createSolanaConnection } from '../solana/networks/createSolanaConnection.js';
export { createSolanaRpc, SolanaRpcError, type CreateSolanaRpcParameters, type SolanaRpc } from '../solana/rpc/createSolanaRpc.js';
export {
  createSolanaNetworkSelection,
  getSolanaNetworks,
  rpcUrlOf,
  SELECTED_SOLANA_NETWORK_KEY,
  validateSolanaNetworks,
  type CreateSolanaNetworkSelectionParameters,
  type SolanaNetwork,
  type SolanaNetworkSelection,
} from '../solana/networks/solanaNetworks.js';
export {
  getTokenBalances,
  type GetTokenBalancesParameters,
  type GetTokenBalancesReturnType,
} from '../core/actions/getTokenBalances.js';
export {
  catalogueFromTokenBalances,
  describeSolanaHoldings,
  fiatValue,
  getSolanaBalances,
  holdingsFromTokenBalances,
  NATIVE_SOL_ADDRESS,
  readSolanaHoldings,
  type DescribeSolanaHoldingsParameters,
  type GetSolanaBalancesParameters,
  type SolanaBalance,
  type SolanaHoldings,
  type SolanaTokenCatalogue,
} from '../solana/balances/getSolanaBalances.js';
export {
  createSolanaTransferPort,
  type CreateSolanaTransferPortParameters,
  type SolanaTransferRequest,
} from '../solana/transfer/createSolanaTransferPort.js';
export { preloadSolanaTransfer } from '../solana/transfer/preloadSolanaTransfer.js';
export {
  describeSolanaTransaction,
  getSolanaActivity,
  SOLANA_ACTIVITY_LIMIT,
  solanaExplorerUrl,
  type GetSolanaActivityParameters,
  type SolanaActivityItem,
  type SolanaParsedTransaction,
  type SolanaTransactionTokenBalance,
} from '../solana/activity/getSolanaActivity.js';
