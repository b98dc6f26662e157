import type { ProjectSettings } from '@latchkey/protocol';
import { useMemo, useSyncExternalStore } from 'react';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseLatchkeyReturnType {
  client: LatchkeyClient;
  settings: ProjectSettings | undefined;
  settingsStatus: 'loading' | 'ready' | 'failed';
  settingsError: LatchkeyError | undefined;
  /** Loads the settings again after a failure (e.g. the network was down); does nothing while they load or once loaded. */
  reloadSettings(): void;
}

/** The client and its project settings (loaded by the provider). */
export function useLatchkey(): UseLatchkeyReturnType {
  const client = useLatchkeyClient();
  const { settings } = client;
  const state = useSyncExternalStore(settings.watch, settings.get, settings.get);
  return useMemo(
    () => ({
      client,
      settings: state.settings,
      settingsStatus: state.status === 'ready' || state.status === 'failed' ? state.status : 'loading',
      settingsError: state.error,
      reloadSettings: () => {
        // A failure lands in `settingsStatus`/`settingsError`; nothing to do with the promise here.
        settings.load().catch(() => undefined);
      },
    }),
    [client, settings, state],
  );
}
