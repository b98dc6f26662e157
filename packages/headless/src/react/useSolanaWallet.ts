import { useMemo } from 'react';
import type { SolanaSigner } from '../core/signer/SolanaSigner.js';
import { createSolanaConnection } from '../solana/networks/solanaNetworks.js';
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
}

/**
 * One Solana wallet as a wallet screen shows it: the selected network, a connection to it, the address's balances
 * and the send flow, wired together (a new network reads the balances again and sends there).
 */
export function useSolanaWallet({ address, signer }: UseSolanaWalletParameters = {}): UseSolanaWalletReturnType {
  const networks = useSolanaNetworks();
  const { selected } = networks;
  const connection = useMemo(() => (selected ? createSolanaConnection(selected) : undefined), [selected]);
  const balances = useSolanaBalances({ connection, address, networkId: selected?.networkId });
  const send = useSendTransaction({ connection, signer });
  return useMemo(() => ({ networks, balances, send, isConnected: connection !== undefined }), [networks, balances, send, connection]);
}
