import type { NetworkConfiguration, NetworkDescription, ProjectSettings } from '@latchkey/protocol';

/** SPEC §9 network ids, plus the sandbox's own local cluster. */
export const SOLANA_MAINNET_ID = 101;
export const SOLANA_TESTNET_ID = 102;
export const SOLANA_DEVNET_ID = 103;
/**
 * The sandbox's local cluster. SPEC §9 gives 101/102/103 to the public clusters and a local cluster is none of them
 * (its genesis hash and RPC differ), so it is a custom network (SPEC §3 network `type: 'custom'`, as the seed marks it)
 * under an id of its own; the settings schema and the kit's `validateSolanaNetworks` both follow
 * `solanaNetworkIdIssue` from `@latchkey/protocol/constants`.
 */
export const SOLANA_LOCALNET_ID = 104;

const nativeCurrency = { decimals: 9, name: 'Solana', symbol: 'SOL', pricingProviderTokenId: 'solana' };

interface KnownCluster {
  readonly cluster: string;
  readonly name: string;
  readonly vanityName: string;
  readonly isTestnet: boolean;
  readonly rpcUrl?: string;
  readonly genesisHash?: string;
}

/** The public clusters' descriptions (their well-known RPC endpoints and genesis hashes). */
const knownClusters: Record<number, KnownCluster> = {
  [SOLANA_MAINNET_ID]: {
    cluster: 'mainnet',
    name: 'Solana Mainnet',
    vanityName: 'Mainnet',
    isTestnet: false,
    rpcUrl: 'https://api.mainnet-beta.solana.com',
    genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  },
  [SOLANA_TESTNET_ID]: {
    cluster: 'testnet',
    name: 'Solana Testnet',
    vanityName: 'Testnet',
    isTestnet: true,
    rpcUrl: 'https://api.testnet.solana.com',
    genesisHash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
  },
  [SOLANA_DEVNET_ID]: {
    cluster: 'devnet',
    name: 'Solana Devnet',
    vanityName: 'Devnet',
    isTestnet: true,
    rpcUrl: 'https://api.devnet.solana.com',
    genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  },
};

/**
 * GET /networks: the project's enabled Solana networks (settings `chains`, group `SOL`) as network descriptions. The
 * local cluster's description points at this sandbox's RPC and carries its genesis hash; a network's own `rpcUrl`
 * from the settings becomes its `privateCustomerRpcUrls` (preferred by the kit).
 */
export function solanaNetworkConfiguration(settings: ProjectSettings, local: { rpcUrl: string; genesisHash: string }): NetworkConfiguration[] {
  const group = settings.chains?.find((chain) => chain.name === 'SOL');
  if (!group || !group.enabled) return [{ key: 'solana', networks: [] }];
  const networks: NetworkDescription[] = [];
  for (const network of group.networks) {
    if (!network.enabled) continue;
    const id = Number(network.networkId);
    const known: KnownCluster | undefined =
      id === SOLANA_LOCALNET_ID
        ? { cluster: 'localnet', name: 'Solana Localnet', vanityName: 'Localnet', isTestnet: true, rpcUrl: local.rpcUrl, genesisHash: local.genesisHash }
        : knownClusters[id];
    const rpcUrl = known?.rpcUrl ?? network.rpcUrl;
    if (!rpcUrl) continue;
    networks.push({
      name: known?.name ?? network.chainName,
      shortName: known?.vanityName ?? network.chainName,
      chain: 'SOL',
      chainId: id,
      networkId: id,
      isTestnet: known?.isTestnet ?? true,
      rpcUrls: [rpcUrl],
      ...(network.rpcUrl && network.rpcUrl !== rpcUrl ? { privateCustomerRpcUrls: [network.rpcUrl] } : {}),
      blockExplorerUrls: [],
      iconUrls: network.iconUrl ? [network.iconUrl] : [],
      nativeCurrency,
      vanityName: known?.vanityName ?? network.chainName,
      ...(known?.genesisHash ? { genesisHash: known.genesisHash } : {}),
      cluster: known?.cluster ?? network.chainName,
      chainName: 'solana',
      key: known?.cluster ?? network.chainName,
    });
  }
  return [{ key: 'solana', networks }];
}
