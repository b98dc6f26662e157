import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../core/errors/toLatchkeyError.js';
import { createSolanaNetworkSelection, getSolanaNetworks, type SolanaNetwork, type SolanaNetworkSelection } from '../solana/networks/solanaNetworks.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseSolanaNetworksReturnType {
  status: 'loading' | 'ready' | 'failed';
  networks: readonly SolanaNetwork[];
  /** The selected network (stored and restored); undefined until loaded. */
  selected: SolanaNetwork | undefined;
  /** e.g. `no_enabled_networks` ('No enabled networks'). */
  error: LatchkeyError | undefined;
  /** Selects, stores and announces (`chain.changed`) a network. */
  select(networkId: string | number): void;
  reload(): void;
}

const noSelection = { watch: () => () => undefined, getSelected: () => undefined } as const;

/** The project's enabled Solana networks and the selected one. */
export function useSolanaNetworks(): UseSolanaNetworksReturnType {
  const client = useLatchkeyClient();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ selection?: SolanaNetworkSelection; error?: LatchkeyError }>({});
  useEffect(() => {
    let live = true;
    setState({});
    getSolanaNetworks(client).then(
      (networks) => live && setState({ selection: createSolanaNetworkSelection({ client, networks }) }),
      (error: unknown) => live && setState({ error: toLatchkeyErrorSync(error) }),
    );
    return () => {
      live = false;
    };
  }, [client, attempt]);
  const selection = state.selection ?? noSelection;
  const selected = useSyncExternalStore(
    (notify) => selection.watch(notify),
    () => selection.getSelected(),
    () => selection.getSelected(),
  );
  return useMemo(
    () => ({
      status: state.selection ? 'ready' : state.error ? 'failed' : 'loading',
      networks: state.selection?.networks ?? [],
      selected,
      error: state.error,
      select: (networkId: string | number) => {
        if (!state.selection) return;
        try {
          state.selection.select(networkId);
        } catch (error) {
          setState((previous) => ({ ...previous, error: toLatchkeyErrorSync(error) }));
        }
      },
      reload: () => setAttempt((value) => value + 1),
    }),
    [state, selected],
  );
}
