import { Buffer } from 'buffer';

/**
 * `@solana/spl-token` and its metadata and layout packages call Node's global `Buffer`, some of them while their
 * modules load (`Buffer.from(...)` at the top level of `@solana/spl-token-metadata`). A bundler that keeps every
 * module of those packages — Vite's dev server pre-bundles them whole — fails with 'Buffer is not defined' as soon as
 * the wallet panel loads, unless the global exists first. This module provides it on import, only where it is
 * missing, from the same `buffer` package web3.js already bundles; every module that imports spl-token imports this
 * one first (ES modules evaluate their imports in order), and `package.json` `sideEffects` names it so no bundler
 * drops that import. A host configures nothing.
 */
export function provideBufferGlobal(): void {
  const scope = globalThis as { Buffer?: unknown };
  if (scope.Buffer === undefined) scope.Buffer = Buffer;
}

provideBufferGlobal();
