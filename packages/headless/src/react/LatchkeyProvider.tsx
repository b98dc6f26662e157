import { useEffect, type ReactNode } from 'react';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { LatchkeyContext } from './LatchkeyContext.js';

export interface LatchkeyProviderProps {
  /** Built outside React with `createLatchkeyClient` (one per app, or one per server request). */
  client: LatchkeyClient;
  children?: ReactNode;
}

/** Makes `client` available to the hooks and loads the project settings once it is mounted (never during server render). */
export function LatchkeyProvider({ client, children }: LatchkeyProviderProps) {
  useEffect(() => {
    // A failure is kept in the settings state (`useLatchkey().settingsError`).
    client.settings.load().catch(() => undefined);
  }, [client]);
  return <LatchkeyContext.Provider value={client}>{children}</LatchkeyContext.Provider>;
}
