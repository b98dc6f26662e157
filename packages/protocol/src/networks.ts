import * as z from 'zod';
import { secureUrlSchema } from './common.js';
import { solanaNetworkIdIssue, SOLANA_NETWORK_IDS } from './constants.js';
import { chainSchema, networkTypeSchema } from './enums.js';

/** Network records of SPEC §3: project network toggles, network descriptions, Solana networks. */

export const networkIdSchema = z.union([z.number().int().nonnegative(), z.string().min(1)]);

export const nativeCurrencySchema = z.object({
  decimals: z.number().int().min(0).max(36),
  name: z.string().min(1),
  symbol: z.string().min(1).max(16),
  pricingProviderTokenId: z.string().optional(),
});
export type NativeCurrency = z.infer<typeof nativeCurrencySchema>;

/** Network of SPEC §3: one network as a project enables it. */
export const networkSchema = z.object({
  networkId: networkIdSchema,
  chainName: z.string().min(1),
  enabled: z.boolean(),
  rpcUrl: secureUrlSchema.optional(),
  iconUrl: secureUrlSchema.optional(),
  type: networkTypeSchema,
});
export type Network = z.infer<typeof networkSchema>;

/**
 * Network group of SPEC §3 (project settings `chains`): a chain and its networks. A `SOL` group's networks follow
 * `solanaNetworkIdIssue` (SPEC §9 ids 101/102/103 for the public clusters, custom networks under other ids); a
 * network's `chainName` counts as its cluster only when it is a public cluster's name (elsewhere it is a free label).
 */
export const networkGroupSchema = z
  .object({
    name: chainSchema,
    enabled: z.boolean(),
    networks: z.array(networkSchema),
  })
  .superRefine((group, ctx) => {
    if (group.name !== 'SOL') return;
    group.networks.forEach((network, index) => {
      const cluster = Object.hasOwn(SOLANA_NETWORK_IDS, network.chainName) ? network.chainName : undefined;
      const issue = solanaNetworkIdIssue({ networkId: network.networkId, cluster, type: network.type });
      if (issue) ctx.addIssue({ code: 'custom', path: ['networks', index, issue.path === 'cluster' ? 'chainName' : issue.path], message: issue.message });
    });
  });
export type NetworkGroup = z.infer<typeof networkGroupSchema>;

/** Chain settings of SPEC §3 (project settings `networks`): networks per chain name. */
export const chainSettingsSchema = z.object({ chainName: z.string().min(1), networks: z.array(networkSchema) });
export type ChainSettings = z.infer<typeof chainSettingsSchema>;

/** Network description of SPEC §3: everything a wallet needs to talk to a network. */
export const networkDescriptionSchema = z.object({
  name: z.string().min(1),
  shortName: z.string().optional(),
  chain: z.string().min(1),
  chainId: networkIdSchema,
  networkId: networkIdSchema,
  isTestnet: z.boolean().optional(),
  rpcUrls: z.array(secureUrlSchema).min(1),
  privateCustomerRpcUrls: z.array(secureUrlSchema).optional(),
  blockExplorerUrls: z.array(secureUrlSchema),
  iconUrls: z.array(secureUrlSchema),
  nativeCurrency: nativeCurrencySchema,
  nameService: z.object({ registry: z.string().optional(), network: z.string().optional() }).optional(),
  vanityName: z.string().optional(),
  bech32Prefix: z.string().optional(),
  genesisHash: z.string().optional(),
  cluster: z.string().optional(),
  lcdUrl: secureUrlSchema.optional(),
  chainName: z.string().optional(),
  key: z.string().optional(),
});
export type NetworkDescription = z.infer<typeof networkDescriptionSchema>;

/** Solana network of SPEC §3. */
export const solanaNetworkSchema = z.object({
  chainId: networkIdSchema,
  networkId: networkIdSchema,
  cluster: z.string().min(1),
  genesisHash: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, { message: 'must be a base58 hash' }).optional(),
  name: z.string().min(1),
  key: z.string().min(1),
  vanityName: z.string().optional(),
  isTestnet: z.boolean().optional(),
  rpcUrls: z.array(secureUrlSchema).min(1),
  privateCustomerRpcUrls: z.array(secureUrlSchema).optional(),
  blockExplorerUrls: z.array(secureUrlSchema),
  iconUrls: z.array(secureUrlSchema),
  nativeCurrency: nativeCurrencySchema,
});
export type SolanaNetwork = z.infer<typeof solanaNetworkSchema>;

/** GET /networks answer entry: the networks of one chain family, keyed by `key` (e.g. `solana`). */
export const networkConfigurationSchema = z.object({ key: z.string().min(1), networks: z.array(networkDescriptionSchema) });
export type NetworkConfiguration = z.infer<typeof networkConfigurationSchema>;

/** Key entry of SPEC §3: a client id per chain, one of them the default. */
export const keyEntrySchema = z.object({ clientId: z.string().min(1), chain: chainSchema, default: z.boolean().optional() });
export type KeyEntry = z.infer<typeof keyEntrySchema>;
