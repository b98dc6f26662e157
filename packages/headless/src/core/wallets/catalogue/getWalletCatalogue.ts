import { createActor } from 'xstate';
import type { Logger } from '../../logger/createLogger.js';
import { walletCatalogueMachine, type WalletCatalogueActorRef } from '../../machines/walletCatalogue/walletCatalogueMachine.js';

/** Where the sandbox (and, by default, a host's API origin) serves the catalogue JSON. */
export const WALLET_CATALOGUE_PATH = '/static/wallet-catalogue.json';

/** Where the catalogue's icon set lives: beside the catalogue JSON, one SVG per brand sprite id. */
export const WALLET_ICONS_DIRECTORY = 'wallet-icons/';

/**
 * A wallet's mark from the catalogue: the brand sprite id's SVG in the icon set served beside the catalogue JSON
 * (`{catalogue folder}/wallet-icons/{spriteId}.svg`); `undefined` for a sprite id that is not a plain name.
 */
export function walletMarkUrl(catalogueUrl: string, spriteId: string | undefined): string | undefined {
  if (!spriteId || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(spriteId)) return undefined;
  try {
    return new URL(`${WALLET_ICONS_DIRECTORY}${spriteId}.svg`, catalogueUrl).href;
  } catch {
    return undefined;
  }
}

/** The catalogue's URL for a client: `options.url`, else `{apiBaseUrl}/static/wallet-catalogue.json`. */
export function walletCatalogueUrl(client: { readonly apiBaseUrl: string }, options: GetWalletCatalogueOptions = {}): string {
  return options.url ?? new URL(WALLET_CATALOGUE_PATH, client.apiBaseUrl).href;
}

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
    const url = walletCatalogueUrl(client, options);
    actor = createActor(walletCatalogueMachine, { input: { url, fetch: options.fetch, logger: client.logger } });
    actors.set(client, actor);
    actor.start();
  }
  return actor;
}
