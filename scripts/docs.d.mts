/** Types of docs.mjs for the test that imports it. */
export const docsDir: string;
export function generateHookDocs(): { path: string; content: string }[];
export function staleHookDocs(pages?: { path: string; content: string }[]): string[];
