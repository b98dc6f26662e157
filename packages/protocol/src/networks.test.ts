import { describe, it } from 'vitest';
import {
  chainSettingsSchema,
  keyEntrySchema,
  networkConfigurationSchema,
  networkDescriptionSchema,
  networkGroupSchema,
  networkSchema,
  solanaNetworkSchema,
} from './networks.js';
import { expectParses, expectRejectedAt } from './test/expectIssues.js';
import { solanaNetwork } from './test/fixtures.js';

const network = { networkId: 1, chainName: 'ethereum', enabled: true, rpcUrl: 'https://rpc.example.com', iconUrl: 'https://example.com/eth.svg', type: 'default' };
const description = {
  name: 'Ethereum',
  shortName: 'eth',
  chain: 'ETH',
  chainId: 1,
  networkId: 1,
  isTestnet: false,
  rpcUrls: ['https://rpc.example.com'],
  blockExplorerUrls: ['https://explorer.example.com'],
  iconUrls: [],
  nativeCurrency: { decimals: 18, name: 'Ether', symbol: 'ETH' },
  vanityName: 'Ethereum',
};

describe('network records', () => {
  it('default: network, group, chain settings, description, Solana network, configuration, key entry', () => {
    expectParses(networkSchema, network);
    expectParses(networkGroupSchema, { name: 'EVM', enabled: true, networks: [network] });
    expectParses(chainSettingsSchema, { chainName: 'evm', networks: [network] });
    expectParses(networkDescriptionSchema, description);
    expectParses(solanaNetworkSchema, solanaNetwork);
    expectParses(networkConfigurationSchema, { key: 'solana', networks: [{ ...solanaNetwork, chain: 'SOL' }] });
    expectParses(keyEntrySchema, { clientId: 'c1', chain: 'SOL', default: true });
  });

  it('error: an http RPC URL off loopback, no RPC URL at all', () => {
    expectRejectedAt(networkDescriptionSchema, { ...description, rpcUrls: ['http://rpc.example.com'] }, 'rpcUrls.0');
    expectRejectedAt(solanaNetworkSchema, { ...solanaNetwork, rpcUrls: [] }, 'rpcUrls');
  });

  it('error: a network type outside custom and default, an unknown chain in a group', () => {
    expectRejectedAt(networkSchema, { ...network, type: 'private' }, 'type');
    expectRejectedAt(networkGroupSchema, { name: 'ETHEREUM', enabled: true, networks: [] }, 'name');
  });

  it('error: bad native currency decimals, a non-base58 genesis hash', () => {
    expectRejectedAt(networkDescriptionSchema, { ...description, nativeCurrency: { ...description.nativeCurrency, decimals: 40 } }, 'nativeCurrency.decimals');
    expectRejectedAt(solanaNetworkSchema, { ...solanaNetwork, genesisHash: '0OIl' }, 'genesisHash');
  });
});
