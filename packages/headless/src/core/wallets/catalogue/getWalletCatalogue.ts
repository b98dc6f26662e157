import { createActor } from 'xstate';
import type { Logger } from '../../logger/createLogger.js';
import { walletCatalogueMachine, type WalletCatalogueActorRef } from '../../machines/walletCatalogue/walletCatalogueMachine.js';

/** Where the sandbox (and, by default, a host's API origin) serves the catalogue JSON. */
export const WALLET_CATALOGUE_PATH = '/static/wallet-catalogue.json';

export interface GetWalletCatalogueOptions {
  /** The static-assets URL of the remote catalogue. Default `{apiBaseUrl}/static/wallet-catalogue.json`. */
  url?: string;
  fetch?: typeof fetch;
}

interface CatalogueClient {
  readonly apiBaseUrl: string;
  readonly logger: Pick<Logger, 'warn'>;
}

const actors = new WeakMap<CatalogueClient, WalletCatalogueActorRef>();

/** The client's catalogue actor: started on first use, one per client (the fetch happens once). */
export function getWalletCatalogue(client: CatalogueClient, options: GetWalletCatalogueOptions = {}): WalletCatalogueActorRef {
  let actor = actors.get(client);
  if (!actor) {
    const url = options.url ?? new URL(WALLET_CATALOGUE_PATH, client.apiBaseUrl).href;
    actor = createActor(walletCatalogueMachine, { input: { url, fetch: options.fetch, logger: client.logger } });
    actors.set(client, actor);
    actor.start();
  }
  return actor;
}
