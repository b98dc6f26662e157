import { Buffer } from 'buffer';

/**
 * `@solana/spl-token`'s instruction builders and account parsers call Node's global `Buffer`, which browsers do
 * not have ('Buffer is not defined' in the middle of an SPL transfer). Called before spl-token code runs: it
 * provides the same `buffer` package web3.js already bundles, and only where the global is missing.
 */
export function provideBufferGlobal(): void {
  const scope = globalThis as { Buffer?: unknown };
  if (scope.Buffer === undefined) scope.Buffer = Buffer;
}
