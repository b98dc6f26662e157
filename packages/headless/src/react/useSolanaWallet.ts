import { useMemo } from 'react';
import type { SolanaSigner } from '../core/signer/SolanaSigner.js';
import { createSolanaRpc, type SolanaRpc } from '../solana/rpc/createSolanaRpc.js';
import { rpcUrlOf } from '../solana/networks/solanaNetworks.js';
import { useSendTransaction, type UseSendTransactionReturnType } from './useSendTransaction.js';
import { useSolanaBalances, type UseSolanaBalancesReturnType } from './useSolanaBalances.js';
import { useSolanaNetworks, type UseSolanaNetworksReturnType } from './useSolanaNetworks.js';

export interface UseSolanaWalletParameters {
  /** The wallet's address; nothing is read without one. */
  address?: string | undefined;
  /** Who signs its transfers (an external wallet, the embedded wallet, …); without one, sending ends in 'Signer not found'. */
  signer?: SolanaSigner | undefined;
}

export interface UseSolanaWalletReturnType {
  /** The project's Solana networks and the selected one (`status`, `select`, `reload`). */
  networks: UseSolanaNetworksReturnType;
  /** The address's SOL and token balances on the selected network (`refresh`). */
  balances: UseSolanaBalancesReturnType;
  /** The send-and-confirm flow on the selected network, signed by `signer`. */
  send: UseSendTransactionReturnType;
  /** A network is loaded: transfers can be built. */
  isConnected: boolean;
  /** The selected network's node (`createSolanaRpc`), e.g. for `useSolanaActivity`; undefined until a network is loaded. */
  rpc: SolanaRpc | undefined;
}

/**
 * One Solana wallet as a wallet screen shows it: the selected network, its node, the address's balances and the send
 * flow, wired together (a new network reads the balances again and sends there). Reading needs no @solana/web3.js:
 * the transfer's code loads with the first transfer (or `preloadSolanaTransfer`).
 */
export function useSolanaWallet({ address, signer }: UseSolanaWalletParameters = {}): UseSolanaWalletReturnType {
  const networks = useSolanaNetworks();
  const { selected } = networks;
  const rpc = useMemo(() => (selected ? createSolanaRpc({ url: rpcUrlOf(selected) }) : undefined), [selected]);
  const balances = useSolanaBalances({ rpc, address, networkId: selected?.networkId });
  const send = useSendTransaction({ rpc, signer });
  return useMemo(() => ({ networks, balances, send, isConnected: rpc !== undefined, rpc }), [networks, balances, send, rpc]);
}
