import type { TokenDescription } from '@latchkey/protocol';
import type { Connection } from '@solana/web3.js';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../core/errors/toLatchkeyError.js';
import { getSolanaBalances, type SolanaBalance } from '../solana/balances/getSolanaBalances.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseSolanaBalancesParameters {
  connection: Connection | undefined;
  /** The wallet's address; nothing is read without one. */
  address: string | undefined;
  networkId: string | number | undefined;
  tokens?: Readonly<Record<string, TokenDescription>>;
  tokenUsdPrices?: Readonly<Record<string, number>>;
  nativeTokenUsdPrice?: number;
}

export interface UseSolanaBalancesReturnType {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** SOL first, then SPL tokens; the previous list stays while a refresh runs. */
  balances: readonly SolanaBalance[];
  /** Whether fiat values are shown (the project's `showFiat`). */
  showFiat: boolean;
  error: LatchkeyError | undefined;
  /** Reads again (e.g. after a transfer). */
  refresh(): void;
}

/** SOL and SPL token balances of one address, with descriptions and fiat values when prices are known. */
export function useSolanaBalances(parameters: UseSolanaBalancesParameters): UseSolanaBalancesReturnType {
  const client = useLatchkeyClient();
  const settings = useSyncExternalStore(client.settings.watch, client.settings.get, client.settings.get);
  const showFiat = settings.settings?.sdk?.showFiat ?? false;
  const { connection, address, networkId, tokens, tokenUsdPrices, nativeTokenUsdPrice } = parameters;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ status: UseSolanaBalancesReturnType['status']; balances: readonly SolanaBalance[]; error?: LatchkeyError }>({
    status: 'idle',
    balances: [],
  });
  useEffect(() => {
    if (!connection || !address || networkId === undefined) {
      setState({ status: 'idle', balances: [] });
      return undefined;
    }
    let live = true;
    setState((previous) => ({ status: 'loading', balances: previous.balances }));
    getSolanaBalances({ connection, owner: address, networkId, tokens, tokenUsdPrices, nativeTokenUsdPrice, showFiat }).then(
      (balances) => live && setState({ status: 'ready', balances }),
      (error: unknown) => live && setState((previous) => ({ status: 'failed', balances: previous.balances, error: toLatchkeyErrorSync(error) })),
    );
    return () => {
      live = false;
    };
  }, [connection, address, networkId, tokens, tokenUsdPrices, nativeTokenUsdPrice, showFiat, attempt]);
  const refresh = useCallback(() => setAttempt((value) => value + 1), []);
  return useMemo(() => ({ ...state, error: state.error, showFiat, refresh }), [state, showFiat, refresh]);
}
