'use client';

// @latchkey/headless/react/provider — the provider and what a page's first render reads: the settings
// (useLatchkey) and the session (useSession). The same exports as @latchkey/headless/react,
// without its other hooks: a bundler that splits code by the import graph (esbuild) puts every module a first chunk's
// barrel re-exports and a lazy part also uses (useUser and the user actions, used by the user menu) in a chunk the
// first paint loads. The kit's first-paint components import from here.

export { LatchkeyProvider, type LatchkeyProviderProps } from '../../react/LatchkeyProvider.js';
export { useLatchkey, type UseLatchkeyReturnType } from '../../react/useLatchkey.js';
export { useSession, type SignOutOptions, type UseSessionReturnType } from '../../react/useSession.js';
