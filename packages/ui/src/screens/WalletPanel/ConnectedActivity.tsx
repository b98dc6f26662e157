import { solanaExplorerUrl, useSolanaActivity, type UseSolanaWalletReturnType } from '@latchkey/headless/react/solana';
import type { TokenDescription } from '@latchkey/protocol';
import { useMemo } from 'react';
import { ActivityView, type ActivityItem } from './ActivityView.js';

/** The Activity screen wired to the cluster: the wallet's recent transfers on the selected network (`useSolanaActivity`). */
export function ConnectedActivity({ solana, address }: { solana: UseSolanaWalletReturnType; address: string }) {
  const selected = solana.networks.selected;
  // The balances already name the wallet's tokens: token transfers show their symbols.
  const held = solana.balances.balances;
  const tokens = useMemo(
    () => Object.fromEntries(held.filter((balance) => !balance.isNative).map((balance): [string, TokenDescription] => [balance.address, { symbol: balance.symbol, name: balance.name, decimals: balance.decimals }])),
    [held],
  );
  const activity = useSolanaActivity({ rpc: solana.rpc, address, tokens });
  const items = useMemo(
    () => activity.items.map((item): ActivityItem => ({ ...item, explorerUrl: solanaExplorerUrl(selected, item.signature) })),
    [activity.items, selected],
  );
  return <ActivityView status={activity.status} items={items} error={activity.error} onRefresh={activity.refresh} />;
}
