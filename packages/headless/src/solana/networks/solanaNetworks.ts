import type { NetworkDescription } from '@latchkey/protocol';
import { solanaNetworkIdIssue } from '@latchkey/protocol/constants';
import { getNetworks } from '../../core/actions/getNetworks.js';
import { LatchkeyError } from '../../core/errors/LatchkeyError.js';
import type { Emitter, LatchkeyEvents } from '../../core/events/createEmitter.js';
import type { Store, ValueParser } from '../../core/storage/createStore.js';
import type { ApiClient } from '../../core/transport/createApi.js';

/** Where the selected Solana network id is kept (under the client's storage namespace). */
export const SELECTED_SOLANA_NETWORK_KEY = 'solana.selectedNetworkId';

export type SolanaNetwork = NetworkDescription;

/** The RPC URL to use: the project's private customer URL when it has one (SPEC §3), else the public one. */
export function rpcUrlOf(network: SolanaNetwork): string {
  const url = network.privateCustomerRpcUrls?.[0] ?? network.rpcUrls[0];
  if (!url) throw new LatchkeyError('no_enabled_networks');
  return url;
}

/**
 * Checks Solana network descriptions against SPEC §9's ids (`solanaNetworkIdIssue`: 101 mainnet, 102 testnet,
 * 103 devnet; any other whole-number id is a custom network such as the sandbox's localnet, 104, whose cluster must not
 * be a public cluster's name) and that no id is listed twice. Throws `invalid_response` with the offending path.
 */
export function validateSolanaNetworks(networks: readonly SolanaNetwork[]): void {
  const seen = new Set<string>();
  networks.forEach((network, index) => {
    const issue = solanaNetworkIdIssue({ networkId: network.networkId, cluster: network.cluster });
    if (issue) throw new LatchkeyError('invalid_response', { path: `networks[${index}].${issue.path}`, cause: new Error(issue.message) });
    const id = String(network.networkId);
    if (seen.has(id)) {
      throw new LatchkeyError('invalid_response', { path: `networks[${index}].networkId`, cause: new Error(`Solana network ${id} is listed twice`) });
    }
    seen.add(id);
  });
}

/**
 * The project's enabled Solana networks (GET /networks, key `solana`); 'No enabled networks' when there are none,
 * `invalid_response` when one breaks `validateSolanaNetworks`.
 */
export async function getSolanaNetworks(client: ApiClient): Promise<SolanaNetwork[]> {
  const configurations = await getNetworks(client);
  const networks = configurations.find((configuration) => configuration.key === 'solana')?.networks ?? [];
  if (networks.length === 0) throw new LatchkeyError('no_enabled_networks');
  validateSolanaNetworks(networks);
  return networks;
}

const networkIdParser: ValueParser<string | number> = {
  safeParse(value) {
    return typeof value === 'number' || typeof value === 'string' ? { success: true, data: value } : { success: false, error: new Error('not a network id') };
  },
};

export interface SolanaNetworkSelection {
  readonly networks: readonly SolanaNetwork[];
  /** The selected network: the stored one when it is still enabled, else the first. */
  getSelected(): SolanaNetwork;
  /** Selects, stores and announces (`chain.changed`) a network; unknown ids are `no_enabled_networks`. */
  select(networkId: string | number): SolanaNetwork;
  /** Calls `listener` after every change of selection; returns the unsubscribe function. */
  watch(listener: (network: SolanaNetwork) => void): () => void;
}

export interface CreateSolanaNetworkSelectionParameters {
  client: { storage: Store; events: Pick<Emitter<LatchkeyEvents>, 'emit'> };
  networks: readonly SolanaNetwork[];
}

/** SPEC §4: the network selection is stored locally and restored; switching emits a chain-change event. */
export function createSolanaNetworkSelection({ client, networks }: CreateSolanaNetworkSelectionParameters): SolanaNetworkSelection {
  if (networks.length === 0) throw new LatchkeyError('no_enabled_networks');
  validateSolanaNetworks(networks);
  const byId = (id: string | number) => networks.find((network) => String(network.networkId) === String(id));
  const stored = client.storage.get(SELECTED_SOLANA_NETWORK_KEY, networkIdParser);
  let selected = (stored === undefined ? undefined : byId(stored)) ?? networks[0]!;
  const listeners = new Set<(network: SolanaNetwork) => void>();
  return {
    networks,
    getSelected: () => selected,
    select(networkId) {
      const next = byId(networkId);
      if (!next) throw new LatchkeyError('no_enabled_networks', { message: `Network ${networkId} is not enabled.` });
      client.storage.set(SELECTED_SOLANA_NETWORK_KEY, next.networkId);
      if (next === selected) return selected;
      selected = next;
      client.events.emit('chain.changed', { chain: 'SOL', networkId: next.networkId });
      for (const listener of [...listeners]) listener(next);
      return next;
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
