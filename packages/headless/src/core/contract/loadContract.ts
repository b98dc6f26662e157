import { importWhenOnline } from '../loading/importWhenOnline.js';

/** The protocol's schemas every request and answer is checked with (see contract.ts). */
export type Contract = typeof import('./contract.js');

/**
 * Loads the schemas on demand: in a bundled app they arrive as a lazy chunk, fetched once
 * (the module system keeps it), so the code that paints first carries no zod.
 */
export function loadContract(): Promise<Contract> {
  return importWhenOnline(() => import('./contract.js'));
}
