import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on `root` (default: the whole document, which includes portalled dialogs and menus)
 * and fails with the list of violations. Colour contrast cannot be computed in jsdom (no layout, no
 * CSS variables), so that rule is left to the Storybook run in Chromium.
 */
export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
