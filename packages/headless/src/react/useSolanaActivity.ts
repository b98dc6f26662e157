import type { TokenDescription } from '@latchkey/protocol';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../core/errors/toLatchkeyError.js';
import { getSolanaActivity, type SolanaActivityItem } from '../solana/activity/getSolanaActivity.js';
import type { SolanaRpc } from '../solana/rpc/createSolanaRpc.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseSolanaActivityParameters {
  /** The network's node (`createSolanaRpc`; `useSolanaWallet().rpc`); nothing is read without one. */
  rpc: SolanaRpc | undefined;
  /** The wallet's address; nothing is read without one. */
  address: string | undefined;
  /** At most this many of the newest transactions (default 20). */
  limit?: number;
  /** Token descriptions by mint, for the symbols of token transfers. */
  tokens?: Readonly<Record<string, TokenDescription>>;
}

export interface UseSolanaActivityReturnType {
  /** `idle` without a node or address; the previous list stays while a refresh loads. */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Newest first. */
  items: readonly SolanaActivityItem[];
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /** Reads again (e.g. after a transfer). */
  refresh(): void;
}

/**
 * The recent transfers of one address, read from the cluster (`getSolanaActivity`: its signatures, then the parsed
 * transactions): per transaction what moved for the address, the counterparty, status and time. Three states and a
 * refresh, so a hook rather than a machine; a read that a newer one replaced is dropped.
 */
export function useSolanaActivity(parameters: UseSolanaActivityParameters): UseSolanaActivityReturnType {
  const client = useLatchkeyClient();
  const { rpc, address, limit, tokens } = parameters;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ status: UseSolanaActivityReturnType['status']; items: readonly SolanaActivityItem[]; error?: LatchkeyError }>({ status: 'idle', items: [] });
  useEffect(() => {
    if (!rpc || !address) {
      setState({ status: 'idle', items: [] });
      return undefined;
    }
    let live = true;
    setState((previous) => ({ status: 'loading', items: previous.items }));
    getSolanaActivity({ rpc, address, ...(limit === undefined ? {} : { limit }), ...(tokens ? { tokens } : {}) }).then(
      (items) => {
        if (live) setState({ status: 'ready', items });
      },
      (cause: unknown) => {
        if (!live) return;
        const error = toLatchkeyErrorSync(cause);
        // The user reads the kit's sentence; what the node said goes to the logger.
        client.logger.warn(`Activity could not be read: ${error.code}`, { error: error.cause ?? error });
        setState((previous) => ({ status: 'failed', items: previous.items, error }));
      },
    );
    return () => {
      live = false;
    };
  }, [client, rpc, address, limit, tokens, attempt]);
  const refresh = useCallback(() => setAttempt((value) => value + 1), []);
  return useMemo(
    () => ({ status: state.status, items: state.items, error: state.error, isBusy: state.status === 'loading', refresh }),
    [state, refresh],
  );
}
