import { useEffect, useState, type ReactNode } from 'react';
import { createLatchkeyClient, type LatchkeyClient, type LatchkeyClientConfig } from '../core/client/createLatchkeyClient.js';
import { checkKitVersions } from '../core/version/checkKitVersions.js';
import { LatchkeyContext } from './LatchkeyContext.js';

export type LatchkeyProviderProps = {
  /**
   * The versions of the packages built on this one (`@latchkey/ui` passes its own), added to the version check: 100 ms
   * after mounting, the provider warns once when the @latchkey packages loaded differ in version.
   */
  versions?: Record<string, string>;
  children?: ReactNode;
} & (
  | {
      /** Built outside React with `createLatchkeyClient` (one per app, or one per server request). */
      client: LatchkeyClient;
      config?: never;
    }
  | {
      /**
       * Plain configuration instead of a client (what a Server Component can pass, e.g. a Next.js root layout):
       * the provider builds its own client from it on first render — one per tree, so one per server request —
       * and keeps it for its lifetime (later changes to `config` are not applied).
       */
      config: LatchkeyClientConfig;
      client?: never;
    }
);

/** Makes the client available to the hooks and loads the project settings once it is mounted (never during server render). */
export function LatchkeyProvider({ children, versions, ...source }: LatchkeyProviderProps) {
  const client = useProvidedClient(source);
  useEffect(() => {
    // A failure is kept in the settings state (`useLatchkey().settingsError`).
    client.settings.load().catch(() => undefined);
  }, [client]);
  const versionList = JSON.stringify(versions ?? {});
  useEffect(() => checkKitVersions(JSON.parse(versionList) as Record<string, string>, (message) => client.logger.warn(message)), [client, versionList]);
  return <LatchkeyContext.Provider value={client}>{children}</LatchkeyContext.Provider>;
}

/** The `client` given, or one built once from `config`. */
function useProvidedClient(source: { client: LatchkeyClient } | { config: LatchkeyClientConfig }): LatchkeyClient {
  const given = 'client' in source && source.client ? source.client : undefined;
  const [own] = useState(() => (given ? undefined : createLatchkeyClient((source as { config: LatchkeyClientConfig }).config)));
  return (given ?? own) as LatchkeyClient;
}
