import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../core/storage/createMemoryStorage.js';
import { createEmitter, type LatchkeyEvents } from '../../core/events/createEmitter.js';
import { createStore } from '../../core/storage/createStore.js';
import { createSolanaNetworkSelection, validateSolanaNetworks, type SolanaNetwork } from './solanaNetworks.js';

function network(networkId: number | string, cluster: string): SolanaNetwork {
  return {
    name: `Solana ${cluster}`,
    chain: 'SOL',
    chainId: networkId,
    networkId,
    rpcUrls: ['http://127.0.0.1:4012'],
    blockExplorerUrls: [],
    iconUrls: [],
    nativeCurrency: { decimals: 9, name: 'Solana', symbol: 'SOL' },
    cluster,
    key: cluster,
  };
}

describe('validateSolanaNetworks', () => {
  it("default: SPEC §9's public clusters under 101/102/103 and a custom network (the sandbox's localnet, 104) pass", () => {
    expect(() => validateSolanaNetworks([network(104, 'localnet'), network(101, 'mainnet'), network(102, 'testnet'), network(103, 'devnet'), network(105, 'eclipse')])).not.toThrow();
  });

  it.each([
    ['a public cluster under another id', [network(104, 'devnet')], 'networks[0].networkId'],
    ['a SPEC id carrying another cluster', [network(104, 'localnet'), network(103, 'localnet')], 'networks[1].cluster'],
    ['an id that is not a whole number', [network('local', 'localnet')], 'networks[0].networkId'],
    ['the same id twice', [network(104, 'localnet'), network(104, 'localnet')], 'networks[1].networkId'],
  ])('error: %s is an invalid_response at its path', (_name, networks, path) => {
    expect(() => validateSolanaNetworks(networks)).toThrow(expect.objectContaining({ code: 'invalid_response', path }));
  });

  it('error: a selection over invalid networks is refused', () => {
    const events = createEmitter<LatchkeyEvents>();
    const client = { storage: createStore({ adapter: createMemoryStorage(), namespace: 'test:', events }), events };
    expect(() => createSolanaNetworkSelection({ client, networks: [network(101, 'devnet')] })).toThrow(expect.objectContaining({ code: 'invalid_response' }));
  });
});
