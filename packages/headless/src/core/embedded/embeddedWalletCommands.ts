import type { LatchkeyError } from '../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../errors/toLatchkeyError.js';

/** What the embedded wallet's commands are doing, kept by its client so every hook instance shows the same. */
export interface EmbeddedWalletCommandState {
  /** Commands running now. */
  readonly busy: number;
  /** The last command's failure (cleared when the next one starts). */
  readonly error: LatchkeyError | undefined;
  /** A recovery code was sent and is awaited. */
  readonly awaitingRecoveryCode: boolean;
}

/** An observable store of the command state (`subscribe`/`getSnapshot` for React's `useSyncExternalStore`). */
export interface EmbeddedWalletCommands {
  getSnapshot(): EmbeddedWalletCommandState;
  subscribe(listener: () => void): () => void;
  /**
   * Runs a command: busy while it runs, its failure recorded in `error` (resolves `undefined` then, never rejects);
   * `awaitingRecoveryCode`, when given, is set once it succeeds.
   */
  run<T>(command: () => Promise<T>, after?: { awaitingRecoveryCode: boolean }): Promise<T | undefined>;
}

export function createEmbeddedWalletCommands(): EmbeddedWalletCommands {
  let state: EmbeddedWalletCommandState = { busy: 0, error: undefined, awaitingRecoveryCode: false };
  const listeners = new Set<() => void>();
  const update = (change: Partial<EmbeddedWalletCommandState>) => {
    state = { ...state, ...change };
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async run(command, after) {
      update({ busy: state.busy + 1, error: undefined });
      try {
        const result = await command();
        update({ busy: state.busy - 1, ...after });
        return result;
      } catch (error) {
        update({ busy: state.busy - 1, error: toLatchkeyErrorSync(error) });
        return undefined;
      }
    },
  };
}
