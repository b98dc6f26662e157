import { createEmbeddedWalletClient, type EmbeddedWalletClient, type EmbeddedWalletConfig, type EmbeddedWalletHost } from './createEmbeddedWalletClient.js';

/** A host that may carry the embedded-wallet configuration (`createLatchkeyClient({ embeddedWallet })`). */
export type EmbeddedWalletOwner = EmbeddedWalletHost & { readonly embeddedWalletConfig?: Partial<EmbeddedWalletConfig> | undefined };

interface Owned {
  wallet: EmbeddedWalletClient;
  users: number;
}

/** Per Latchkey client, its embedded-wallet clients by app name and base URL: made on first use, kept while used. */
const owned = new WeakMap<EmbeddedWalletOwner, Map<string, Owned>>();

/**
 * The configuration in force: the client's (`createLatchkeyClient({ embeddedWallet })`), each field the caller
 * gives (`useEmbeddedWallet(parameters)`) winning over the client's.
 */
export function embeddedWalletConfigOf(host: EmbeddedWalletOwner, override: Partial<EmbeddedWalletConfig> = {}): Partial<EmbeddedWalletConfig> {
  const config: Partial<EmbeddedWalletConfig> = { ...host.embeddedWalletConfig };
  for (const [key, value] of Object.entries(override) as [keyof EmbeddedWalletConfig, never][]) if (value !== undefined) config[key] = value;
  return config;
}

/**
 * The host's embedded-wallet client for this configuration, made on first use: every caller with the same app name
 * and base URL shares it (its session and its command state). `store` and `fetch` are read when it is made.
 * 'Embedded wallet requires app name and base URL' without both.
 */
export function embeddedWalletOf(host: EmbeddedWalletOwner, override?: Partial<EmbeddedWalletConfig>): EmbeddedWalletClient {
  const config = embeddedWalletConfigOf(host, override);
  const key = `${config.appName ?? ''}\n${config.baseUrl ?? ''}`;
  let byKey = owned.get(host);
  if (!byKey) owned.set(host, (byKey = new Map()));
  const found = byKey.get(key);
  if (found && found.wallet.session.getSnapshot().status !== 'stopped') return found.wallet;
  const wallet = createEmbeddedWalletClient(host, config as EmbeddedWalletConfig);
  byKey.set(key, { wallet, users: 0 });
  return wallet;
}

/** Marks the wallet in use until the returned release; when its last user releases it, it stops and is forgotten. */
export function retainEmbeddedWallet(host: EmbeddedWalletOwner, wallet: EmbeddedWalletClient): () => void {
  const byKey = owned.get(host);
  const entry = byKey && [...byKey.values()].find((candidate) => candidate.wallet === wallet);
  if (!entry) return () => {};
  entry.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    entry.users -= 1;
    if (entry.users > 0) return;
    wallet.stop();
    for (const [key, candidate] of byKey) if (candidate === entry) byKey.delete(key);
  };
}
