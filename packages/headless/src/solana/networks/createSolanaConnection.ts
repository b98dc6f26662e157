import { DEFAULT_COMMITMENT } from '@latchkey/protocol/constants';
import { Connection } from '@solana/web3.js';
import { rpcUrlOf, type SolanaNetwork } from './solanaNetworks.js';

/**
 * A `@solana/web3.js` Connection to a network, at the default commitment `confirmed` (SPEC §9), for a host's own
 * web3.js code. The kit itself reads and sends through `createSolanaRpc`.
 */
export function createSolanaConnection(network: SolanaNetwork, options: { wsEndpoint?: string; fetch?: typeof fetch } = {}): Connection {
  return new Connection(rpcUrlOf(network), {
    commitment: DEFAULT_COMMITMENT,
    ...(options.wsEndpoint ? { wsEndpoint: options.wsEndpoint } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
