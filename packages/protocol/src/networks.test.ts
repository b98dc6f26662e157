import { describe, expect, it } from 'vitest';
import { solanaNetworkIdIssue } from './constants.js';
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

  it('default: Solana groups use SPEC §9 ids for the public clusters and custom networks under other ids (the sandbox seed: 104 localnet)', () => {
    const sol = (networks: unknown[]) => ({ name: 'SOL', enabled: true, networks });
    expectParses(
      networkGroupSchema,
      sol([
        { networkId: 104, chainName: 'localnet', enabled: true, type: 'custom' },
        { networkId: 103, chainName: 'devnet', enabled: false, type: 'default' },
        { networkId: 101, chainName: 'mainnet', enabled: false, type: 'default' },
        { networkId: '102', chainName: 'Solana testnet', enabled: false, type: 'default' },
        { networkId: 103, chainName: 'solana', enabled: true, rpcUrl: 'https://rpc.example.com', type: 'custom' },
      ]),
    );
    // Other chains keep their own ids.
    expectParses(networkGroupSchema, { name: 'EVM', enabled: true, networks: [{ ...network, networkId: 1, type: 'default' }] });
  });

  it('error: a Solana network outside 101/102/103 that is not custom, a public cluster name under another id, a non-numeric id', () => {
    const sol = (networks: unknown[]) => ({ name: 'SOL', enabled: true, networks });
    expectRejectedAt(networkGroupSchema, sol([{ networkId: 104, chainName: 'localnet', enabled: true, type: 'default' }]), 'networks.0.type');
    expectRejectedAt(networkGroupSchema, sol([{ networkId: 105, chainName: 'devnet', enabled: true, type: 'custom' }]), 'networks.0.networkId');
    expectRejectedAt(networkGroupSchema, sol([{ networkId: 101, chainName: 'devnet', enabled: true, type: 'default' }]), 'networks.0.networkId');
    expectRejectedAt(networkGroupSchema, sol([{ networkId: 'localnet', chainName: 'localnet', enabled: true, type: 'custom' }]), 'networks.0.networkId');
  });

  it('behavior: solanaNetworkIdIssue names the rule a network breaks', () => {
    expect(solanaNetworkIdIssue({ networkId: 104, cluster: 'localnet' })).toBeUndefined();
    expect(solanaNetworkIdIssue({ networkId: 101, cluster: 'mainnet', type: 'default' })).toBeUndefined();
    expect(solanaNetworkIdIssue({ networkId: 103, cluster: 'localnet' })).toEqual({ path: 'cluster', message: 'Solana network 103 is devnet, not localnet' });
    expect(solanaNetworkIdIssue({ networkId: 104, cluster: 'devnet' })).toEqual({ path: 'networkId', message: 'Solana devnet is network 103, not 104' });
    expect(solanaNetworkIdIssue({ networkId: 104, type: 'default' })?.path).toBe('type');
    expect(solanaNetworkIdIssue({ networkId: 0 })?.path).toBe('networkId');
    expect(solanaNetworkIdIssue({ networkId: 1.5 })?.path).toBe('networkId');
    expect(solanaNetworkIdIssue({ networkId: 104, cluster: 'toString' })).toBeUndefined();
  });
});
