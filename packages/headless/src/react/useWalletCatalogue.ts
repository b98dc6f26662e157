import type { WalletCatalogue } from '@latchkey/protocol';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { getWalletCatalogue, type GetWalletCatalogueOptions } from '../core/wallets/catalogue/getWalletCatalogue.js';
import { walletCatalogueStatus, type WalletCatalogueSnapshot, type WalletCatalogueStatus } from '../core/machines/walletCatalogue/walletCatalogueMachine.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseWalletCatalogueReturnType {
  /** `loading` while the remote one is fetched (the bundled one is already there), then `remote` or `default`. */
  status: WalletCatalogueStatus;
  catalogue: WalletCatalogue;
}

const selectCatalogue = (snapshot: WalletCatalogueSnapshot) => snapshot.context.catalogue;

/** The wallet catalogue of the client (fetched once per client; options count on first use). */
export function useWalletCatalogue(options: GetWalletCatalogueOptions = {}): UseWalletCatalogueReturnType {
  const client = useLatchkeyClient();
  // One catalogue per client: the options of the first use count, later ones are ignored on purpose.
  const actor = useMemo(() => getWalletCatalogue(client, options), [client]);
  const status = useSelector(actor, walletCatalogueStatus);
  const catalogue = useSelector(actor, selectCatalogue);
  return useMemo(() => ({ status, catalogue }), [status, catalogue]);
}
