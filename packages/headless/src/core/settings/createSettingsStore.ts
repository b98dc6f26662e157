import type { ProjectSettings } from '@latchkey/protocol';
import type { LatchkeyError } from '../errors/LatchkeyError.js';
import { toLatchkeyErrorLazily } from '../errors/toLatchkeyErrorLazily.js';

export type SettingsStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface SettingsState {
  readonly status: SettingsStatus;
  readonly settings: ProjectSettings | undefined;
  readonly error: LatchkeyError | undefined;
}

/** The project settings (GET /settings, validated), loaded once per client. */
export interface SettingsStore {
  /** The current state; the same object until it changes (safe for `useSyncExternalStore`). */
  get(): SettingsState;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  watch(listener: (state: SettingsState) => void): () => void;
  /** Loads once: later calls share the first load; after a failure, the next call tries again. */
  load(): Promise<ProjectSettings>;
}

export function createSettingsStore(config: { fetchSettings: () => Promise<ProjectSettings> }): SettingsStore {
  let state: SettingsState = { status: 'idle', settings: undefined, error: undefined };
  let loading: Promise<ProjectSettings> | undefined;
  const listeners = new Set<(state: SettingsState) => void>();

  function setState(next: SettingsState): void {
    state = next;
    for (const listener of [...listeners]) listener(state);
  }

  return {
    get: () => state,
    watch(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    load() {
      if (state.status === 'ready' && state.settings) return Promise.resolve(state.settings);
      if (loading) return loading;
      setState({ status: 'loading', settings: undefined, error: undefined });
      loading = config.fetchSettings().then(
        (settings) => {
          loading = undefined;
          setState({ status: 'ready', settings, error: undefined });
          return settings;
        },
        async (cause: unknown) => {
          const error = await toLatchkeyErrorLazily(cause);
          loading = undefined;
          setState({ status: 'failed', settings: undefined, error });
          throw error;
        },
      );
      return loading;
    },
  };
}
