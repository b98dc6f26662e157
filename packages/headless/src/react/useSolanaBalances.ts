import type { TokenBalance, TokenDescription } from '@latchkey/protocol';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../core/errors/toLatchkeyError.js';
import { getTokenBalances } from '../core/actions/getTokenBalances.js';
import {
  catalogueFromTokenBalances,
  describeSolanaHoldings,
  holdingsFromTokenBalances,
  readSolanaHoldings,
  type SolanaBalance,
  type SolanaHoldings,
} from '../solana/balances/getSolanaBalances.js';
import type { SolanaRpc } from '../solana/rpc/createSolanaRpc.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseSolanaBalancesParameters {
  /** The network's node (`createSolanaRpc`; `useSolanaWallet` makes it); nothing is read without one. */
  rpc: SolanaRpc | undefined;
  /** The wallet's address; nothing is read without one. */
  address: string | undefined;
  networkId: string | number | undefined;
  /** Descriptions by mint; they win over the product API's. */
  tokens?: Readonly<Record<string, TokenDescription>>;
  /** USD prices per whole token by mint; they win over the product API's. */
  tokenUsdPrices?: Readonly<Record<string, number>>;
  /** SPEC §3 `nativeTokenUsdPrice`; wins over the product API's. */
  nativeTokenUsdPrice?: number;
}

export interface UseSolanaBalancesReturnType {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /**
   * SOL first, then SPL tokens — tokens only when the project's `enableMultiAsset` is `true`; the previous list stays
   * while a refresh runs.
   */
  balances: readonly SolanaBalance[];
  /** Whether fiat values are shown (the project's `showFiat`). */
  showFiat: boolean;
  /**
   * Whether tokens are shown and offered (the project's `sdk.enableMultiAsset`, SPEC §3): only `true` turns them on;
   * `false` or unset, the wallet shows and sends the native asset (SOL) alone.
   */
  multiAsset: boolean;
  error: LatchkeyError | undefined;
  /** Reads again (e.g. after a transfer). */
  refresh(): void;
}

/**
 * SOL and SPL token balances of one address, with descriptions and fiat values when prices are known. Amounts come
 * from the cluster's RPC; names, symbols, logos and USD prices from the product API's GET /chains/SOL/balances (a
 * public route), read at the same time. When that route fails the RPC's amounts are shown without descriptions
 * ('Unknown token') or prices, and the failure is only logged; when the RPC fails the route's amounts are shown; only
 * when both fail is there an `error` (the RPC's). The project's `sdk.enableMultiAsset` decides whether SPL tokens are
 * in `balances` at all: only `true` shows them; otherwise SOL alone (the kit's Send form offers what `balances` holds).
 */
export function useSolanaBalances(parameters: UseSolanaBalancesParameters): UseSolanaBalancesReturnType {
  const client = useLatchkeyClient();
  const settings = useSyncExternalStore(client.settings.watch, client.settings.get, client.settings.get);
  const showFiat = settings.settings?.sdk?.showFiat ?? false;
  // Opt-in, as the name says: tokens are shown (and offered to send) only when the project enables them.
  const multiAsset = settings.settings?.sdk?.enableMultiAsset === true;
  const { rpc, address, networkId, tokens, tokenUsdPrices, nativeTokenUsdPrice } = parameters;
  const [attempt, setAttempt] = useState(0);
  // What was read (amounts, and the product API's entries when it answered); descriptions and fiat values are derived
  // below, so a change of `showFiat` or of the caller's descriptions needs no new read.
  const [state, setState] = useState<{
    status: UseSolanaBalancesReturnType['status'];
    read?: { holdings: SolanaHoldings; entries: readonly TokenBalance[] | undefined; networkId: string | number };
    error?: LatchkeyError;
  }>({ status: 'idle' });
  useEffect(() => {
    if (!rpc || !address || networkId === undefined) {
      setState({ status: 'idle' });
      return undefined;
    }
    let live = true;
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', read: previous.read }));
    const described = getTokenBalances(client, { chainName: 'SOL', accountAddress: address, networkId }, { signal: controller.signal }).then(
      (entries) => entries,
      (error: unknown) => {
        if (live) client.logger.debug('Token descriptions and prices are unavailable; balances are shown without them.', { error });
        return undefined;
      },
    );
    const held = readSolanaHoldings(rpc, address).then(
      (holdings) => ({ holdings }),
      (error: unknown) => ({ error }),
    );
    void Promise.all([held, described]).then(([read, entries]) => {
      if (!live) return;
      const holdings = 'holdings' in read ? read.holdings : entries ? holdingsFromTokenBalances(entries) : undefined;
      if (holdings) {
        setState({ status: 'ready', read: { holdings, entries, networkId } });
        return;
      }
      const error = toLatchkeyErrorSync('error' in read ? read.error : undefined);
      // The user reads the kit's sentence; what the node or the browser said goes to the logger.
      client.logger.warn(`Balances could not be read: ${error.code}`, { error: error.cause ?? error });
      setState((previous) => ({ status: 'failed', read: previous.read, error }));
    });
    return () => {
      live = false;
      controller.abort();
    };
  }, [client, rpc, address, networkId, attempt]);
  const balances = useMemo((): readonly SolanaBalance[] => {
    if (!state.read) return [];
    const catalogue = state.read.entries ? catalogueFromTokenBalances(state.read.entries) : { tokens: {}, tokenUsdPrices: {} };
    return describeSolanaHoldings(state.read.holdings, {
      networkId: state.read.networkId,
      tokens: { ...catalogue.tokens, ...tokens },
      tokenUsdPrices: { ...catalogue.tokenUsdPrices, ...tokenUsdPrices },
      nativeTokenUsdPrice: nativeTokenUsdPrice ?? catalogue.nativeTokenUsdPrice,
      showFiat,
      enableMultiAsset: multiAsset,
    });
  }, [state.read, tokens, tokenUsdPrices, nativeTokenUsdPrice, showFiat, multiAsset]);
  const refresh = useCallback(() => setAttempt((value) => value + 1), []);
  return useMemo(
    () => ({ status: state.status, balances, error: state.error, showFiat, multiAsset, refresh }),
    [state.status, balances, state.error, showFiat, multiAsset, refresh],
  );
}
