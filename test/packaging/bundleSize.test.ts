import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The size budgets of issue 18, measured by `bench/size.mjs` on the built packages (the test command builds first):
 * the host's first download (Provider + SignInButton, React included) and what the kit adds to React, and a ceiling on
 * everything a user can reach. The bench exits 1 when a budget is exceeded; each one is also asserted here by name.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Budget {
  name: string;
  kib: number;
  max: number;
}

describe('bundle size budgets', () => {
  it('behavior: the host initial load, the kit on top of React, the open user menu and everything reachable stay within their budgets (KiB gzip)', () => {
    const run = spawnSync(process.execPath, ['bench/size.mjs', '--no-build', '--hosts', '--json'], { cwd: root, encoding: 'utf8', timeout: 170_000 });
    const { budgets } = JSON.parse(run.stdout) as { budgets: Budget[] };
    expect(budgets.map((budget) => budget.name)).toEqual([
      'host initial load (React included)',
      'the kit on top of React (host initial − baseline)',
      'host, user menu open',
      'everything a user can reach (host with the wallet panel, all chunks, one locale)',
    ]);
    for (const budget of budgets) expect({ name: budget.name, over: budget.kib > budget.max }).toEqual({ name: budget.name, over: false });
    // The first chunk and the kit are held to issue 18's 87 and 20; opening the menu to issue 13's cap, everything
    // reachable where it is (bench/size.mjs says why).
    expect(budgets.find((budget) => budget.name.startsWith('host initial'))?.max).toBe(87);
    expect(budgets.find((budget) => budget.name === 'host, user menu open')?.max).toBe(141.3);
    expect(budgets.find((budget) => budget.name.startsWith('the kit'))?.max).toBe(20);
    expect(budgets.find((budget) => budget.name.startsWith('everything'))?.max).toBe(470);
    expect(run.status).toBe(0);
  }, 180_000);
});
