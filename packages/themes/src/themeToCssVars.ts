import { assignInlineVars } from '@vanilla-extract/dynamic';
import { themeContract, type Theme } from './contract.css.js';
import { ThemeError } from './ThemeError.js';

/**
 * The CSS variables of a theme, keyed by variable name (`{ '--lk-colors-accent': '#4f46e5', … }`),
 * for the `style` of the kit's root element. Setting them inline (through the CSSOM, as React
 * does) keeps the theme scoped to the kit and works under a strict CSP.
 *
 * A hand-written theme must fill the whole contract: a missing or empty value throws a
 * `ThemeError` naming it (e.g. `theme.colors.accent`) instead of silently leaving a variable unset.
 */
export function themeToCssVars(theme: Theme): Record<string, string> {
  checkComplete(themeContract, theme, 'theme');
  return { ...assignInlineVars(themeContract, theme) };
}

function checkComplete(contract: object, value: unknown, path: string): void {
  if (typeof value !== 'object' || value === null) {
    throw new ThemeError(path, value, 'must be an object');
  }
  const record = value as Record<string, unknown>;
  for (const [key, entry] of Object.entries(contract)) {
    const leaf = record[key];
    if (typeof entry === 'string') {
      if (typeof leaf !== 'string' || leaf.trim() === '') {
        throw new ThemeError(`${path}.${key}`, leaf, 'must be a non-empty string');
      }
    } else {
      checkComplete(entry as object, leaf, `${path}.${key}`);
    }
  }
}
