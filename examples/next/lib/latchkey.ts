import type { LatchkeyClientConfig } from '@latchkey/headless';

/**
 * The kit's configuration, read on the server at request time (so one build serves any environment). Plain data:
 * the root layout — a Server Component — hands it to the client-side provider, which builds one client per tree.
 * `storage: 'cookie'` keeps the session in a first-party cookie, so this app's own server sees it (see session.ts).
 */
export function latchkeyConfig(): LatchkeyClientConfig {
  return {
    environmentId: process.env.LATCHKEY_ENVIRONMENT_ID ?? '2b1f6c1e-6a4d-4c8e-9f3a-5d7e8a9b0c1d',
    apiBaseUrl: process.env.LATCHKEY_API_BASE_URL ?? 'http://localhost:4010',
    storage: 'cookie',
  };
}
