import axe from 'axe-core';
import { expect } from 'storybook/test';

/**
 * axe-core over the whole document (portalled dialogs and menus included), colour contrast
 * included: in Chromium the CSS variables resolve, so this checks the theme's real colours.
 */
export async function expectAccessible(): Promise<void> {
  const results = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  await expect(summary).toEqual([]);
}
