/** Warnings for host developers (a skipped block, a rejected URL). Never logs user data. */
export function warn(message: string): void {
  console.warn(`[latchkey] ${message}`);
}
