// @latchkey/headless/client — the client alone, for a host that builds it outside React
// (`<LatchkeyUIProvider client={createLatchkeyClient(config)}>`). The root entry exports the same functions; a bundler
// splitting by the import graph (esbuild) follows every re-export of the root barrel, so importing the client from
// there puts modules only the lazy parts use (the profile fields, the account actions) in the page's first download.

export { createLatchkeyClient, type LatchkeyClient, type LatchkeyClientConfig, type SessionClock } from '../core/client/createLatchkeyClient.js';
export { isLatchkeyError, LatchkeyError, type LatchkeyErrorOptions } from '../core/errors/LatchkeyError.js';
