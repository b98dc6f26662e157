import * as z from 'zod/mini';
import { secureUrlSchema } from './common.js';
import { solanaNetworkIdIssue, SOLANA_NETWORK_IDS } from './constants.js';
import { chainSchema, networkTypeSchema } from './enums.js';

/** Network records of SPEC §3: project network toggles, network descriptions, Solana networks. */

export const networkIdSchema = z.union([z.int().check(z.nonnegative()), z.string().check(z.minLength(1))]);

export const nativeCurrencySchema = z.object({
  decimals: z.int().check(z.gte(0), z.lte(36)),
  name: z.string().check(z.minLength(1)),
  symbol: z.string().check(z.minLength(1), z.maxLength(16)),
  pricingProviderTokenId: z.optional(z.string()),
});
export type NativeCurrency = z.infer<typeof nativeCurrencySchema>;

/** Network of SPEC §3: one network as a project enables it. */
export const networkSchema = z.object({
  networkId: networkIdSchema,
  chainName: z.string().check(z.minLength(1)),
  enabled: z.boolean(),
  rpcUrl: z.optional(secureUrlSchema),
  iconUrl: z.optional(secureUrlSchema),
  type: networkTypeSchema,
});
export type Network = z.infer<typeof networkSchema>;

/**
 * Network group of SPEC §3 (project settings `chains`): a chain and its networks. A `SOL` group's networks follow
 * `solanaNetworkIdIssue` (SPEC §9 ids 101/102/103 for the public clusters, custom networks under other ids); a
 * network's `chainName` counts as its cluster only when it is a public cluster's name (elsewhere it is a free label).
 */
export const networkGroupSchema = z.object({
    name: chainSchema,
    enabled: z.boolean(),
    networks: z.array(networkSchema),
  }).check(z.superRefine((group, ctx) => {
    if (group.name !== 'SOL') return;
    group.networks.forEach((network, index) => {
      const cluster = Object.hasOwn(SOLANA_NETWORK_IDS, network.chainName) ? network.chainName : undefined;
      const issue = solanaNetworkIdIssue({ networkId: network.networkId, cluster, type: network.type });
      if (issue) ctx.addIssue({ code: 'custom', path: ['networks', index, issue.path === 'cluster' ? 'chainName' : issue.path], message: issue.message });
    });
  }));
export type NetworkGroup = z.infer<typeof networkGroupSchema>;

/** Chain settings of SPEC §3 (project settings `networks`): networks per chain name. */
export const chainSettingsSchema = z.object({ chainName: z.string().check(z.minLength(1)), networks: z.array(networkSchema) });
export type ChainSettings = z.infer<typeof chainSettingsSchema>;

/** Network description of SPEC §3: everything a wallet needs to talk to a network. */
export const networkDescriptionSchema = z.object({
  name: z.string().check(z.minLength(1)),
  shortName: z.optional(z.string()),
  chain: z.string().check(z.minLength(1)),
  chainId: networkIdSchema,
  networkId: networkIdSchema,
  isTestnet: z.optional(z.boolean()),
  rpcUrls: z.array(secureUrlSchema).check(z.minLength(1)),
  privateCustomerRpcUrls: z.optional(z.array(secureUrlSchema)),
  blockExplorerUrls: z.array(secureUrlSchema),
  iconUrls: z.array(secureUrlSchema),
  nativeCurrency: nativeCurrencySchema,
  nameService: z.optional(z.object({ registry: z.optional(z.string()), network: z.optional(z.string()) })),
  vanityName: z.optional(z.string()),
  bech32Prefix: z.optional(z.string()),
  genesisHash: z.optional(z.string()),
  cluster: z.optional(z.string()),
  lcdUrl: z.optional(secureUrlSchema),
  chainName: z.optional(z.string()),
  key: z.optional(z.string()),
});
export type NetworkDescription = z.infer<typeof networkDescriptionSchema>;

/** Solana network of SPEC §3. */
export const solanaNetworkSchema = z.object({
  chainId: networkIdSchema,
  networkId: networkIdSchema,
  cluster: z.string().check(z.minLength(1)),
  genesisHash: z.optional(z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, { message: 'must be a base58 hash' }))),
  name: z.string().check(z.minLength(1)),
  key: z.string().check(z.minLength(1)),
  vanityName: z.optional(z.string()),
  isTestnet: z.optional(z.boolean()),
  rpcUrls: z.array(secureUrlSchema).check(z.minLength(1)),
  privateCustomerRpcUrls: z.optional(z.array(secureUrlSchema)),
  blockExplorerUrls: z.array(secureUrlSchema),
  iconUrls: z.array(secureUrlSchema),
  nativeCurrency: nativeCurrencySchema,
});
export type SolanaNetwork = z.infer<typeof solanaNetworkSchema>;

/** GET /networks answer entry: the networks of one chain family, keyed by `key` (e.g. `solana`). */
export const networkConfigurationSchema = z.object({ key: z.string().check(z.minLength(1)), networks: z.array(networkDescriptionSchema) });
export type NetworkConfiguration = z.infer<typeof networkConfigurationSchema>;

/** Key entry of SPEC §3: a client id per chain, one of them the default. */
export const keyEntrySchema = z.object({ clientId: z.string().check(z.minLength(1)), chain: chainSchema, default: z.optional(z.boolean()) });
export type KeyEntry = z.infer<typeof keyEntrySchema>;
