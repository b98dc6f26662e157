import type { NetworkConfiguration } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetNetworksReturnType = NetworkConfiguration[];

/** GET /networks: the project's enabled networks, per chain family (`key`, e.g. `solana`). */
export function getNetworks(client: ApiClient): Promise<GetNetworksReturnType> {
  return client.api.request('getNetworks');
}
