import type { Chain, TokenBalance } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface GetTokenBalancesParameters {
  /** The chain whose balances are read, e.g. `SOL`. */
  chainName: Chain;
  accountAddress: string;
  /** The network (SPEC §3 network id); the server's default network when left out. */
  networkId?: string | number;
  /** Prices and market values where the server knows them (default true). */
  includePrices?: boolean;
  /** The native token first (default true); its `price` is SPEC §3's `nativeTokenUsdPrice`. */
  includeNative?: boolean;
}
export type GetTokenBalancesReturnType = TokenBalance[];

/** GET /chains/{chainName}/balances: the product API's token balances of an address, with descriptions and prices. */
export function getTokenBalances(client: ApiClient, parameters: GetTokenBalancesParameters, options: { signal?: AbortSignal } = {}): Promise<GetTokenBalancesReturnType> {
  const { chainName, accountAddress, networkId, includePrices, includeNative } = parameters;
  return client.api.request('getBalances', {
    params: { chainName },
    ...(options.signal ? { signal: options.signal } : {}),
    query: {
      accountAddress,
      ...(networkId === undefined ? {} : { networkId: String(networkId) }),
      ...(includePrices === undefined ? {} : { includePrices: String(includePrices) }),
      ...(includeNative === undefined ? {} : { includeNative: String(includeNative) }),
    },
  });
}
