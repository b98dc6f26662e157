/** Types of packTarballs.mjs for the tests that import it. */
export const tarballsDir: string;
export function packTarballs(options?: { outDir?: string; log?: (line: string) => void }): { name: string; file: string }[];
