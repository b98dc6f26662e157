import type { DesignSettings } from '@latchkey/protocol';
import type { Theme } from './contract.css.js';
import { HEX_COLOR_REQUIREMENT, isHexColor } from './color.js';
import { MAX_BORDER_WIDTH, MAX_RADIUS, type ThemeOptions } from './createTheme.js';
import { darkTheme } from './darkTheme.js';
import { lightTheme } from './lightTheme.js';
import { ThemeError } from './ThemeError.js';

/** A light and a dark theme, picked at runtime by the `prefers-color-scheme` media query. */
export interface ThemePair {
  lightMode: Theme;
  darkMode: Theme;
}

/** What a kit root accepts: one theme, or a light/dark pair that follows the user's system. */
export type ThemeSetting = Theme | ThemePair;

const THEME_MODES = ['light', 'dark', 'auto'] as const;

/**
 * Maps the project's look settings (SPEC §2, `settings.design`) onto a theme:
 * `modal.primaryColor` (or, without it, `modal.brand`) is the accent, `modal.radius` and
 * `modal.border` are px, `modal.theme` picks light, dark or — for `auto` — a pair that follows
 * `prefers-color-scheme`. The `button` theme record styles the trigger button (`button.*` tokens):
 * `backgroundColor`, `textColor`, `radius` and `border` (px). Without settings it is the default light theme.
 *
 * Every value is checked, whatever validated it before: a colour that is not a 3- or 6-digit hex
 * value (or an out-of-range number, or an unknown mode) throws a `ThemeError` naming the setting,
 * e.g. `design.modal.primaryColor must be a 3- or 6-digit hex colour such as #4f46e5 (got "red").`
 */
export function themeFromSettings(design: DesignSettings | undefined): ThemeSetting {
  if (design === undefined) return lightTheme();
  if (typeof design !== 'object' || design === null) {
    throw new ThemeError('design', design, 'must be an object');
  }
  const modal: unknown = design.modal ?? {};
  if (typeof modal !== 'object' || modal === null) {
    throw new ThemeError('design.modal', modal, 'must be an object');
  }
  const look = modal as Record<string, unknown>;

  const mode = look['theme'] ?? 'light';
  if (typeof mode !== 'string' || !(THEME_MODES as readonly string[]).includes(mode)) {
    throw new ThemeError('design.modal.theme', mode, `must be one of ${THEME_MODES.join(', ')}`);
  }
  const primaryColor = optionalColor('design.modal.primaryColor', look['primaryColor']);
  const brand = optionalColor('design.modal.brand', look['brand']);
  const options: ThemeOptions = {
    accentColor: primaryColor ?? brand,
    radius: optionalPixels('design.modal.radius', look['radius'], MAX_RADIUS),
    borderWidth: optionalPixels('design.modal.border', look['border'], MAX_BORDER_WIDTH),
    button: buttonOptions(design.button),
  };

  if (mode === 'dark') return darkTheme(options);
  if (mode === 'auto') return { lightMode: lightTheme(options), darkMode: darkTheme(options) };
  return lightTheme(options);
}

/** True when `setting` is a light/dark pair rather than a single theme. */
export function isThemePair(setting: ThemeSetting): setting is ThemePair {
  return 'lightMode' in setting && 'darkMode' in setting;
}

/** The theme to apply for a colour scheme: the pair's matching member, or the single theme. */
export function selectTheme(setting: ThemeSetting, colorScheme: 'light' | 'dark'): Theme {
  if (!isThemePair(setting)) return setting;
  return colorScheme === 'dark' ? setting.darkMode : setting.lightMode;
}

/** The `design.button` theme record: the trigger button's colours, radius and border width, each checked. */
function buttonOptions(record: unknown): ThemeOptions['button'] {
  if (record === undefined) return undefined;
  if (typeof record !== 'object' || record === null) throw new ThemeError('design.button', record, 'must be an object');
  const button = record as Record<string, unknown>;
  const theme = button['theme'];
  if (theme !== undefined && (typeof theme !== 'string' || !(THEME_MODES as readonly string[]).includes(theme))) {
    throw new ThemeError('design.button.theme', theme, `must be one of ${THEME_MODES.join(', ')}`);
  }
  return {
    backgroundColor: optionalColor('design.button.backgroundColor', button['backgroundColor']),
    textColor: optionalColor('design.button.textColor', button['textColor']),
    radius: optionalPixels('design.button.radius', button['radius'], MAX_RADIUS),
    borderWidth: optionalPixels('design.button.border', button['border'], MAX_BORDER_WIDTH),
  };
}

function optionalColor(setting: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!isHexColor(value)) throw new ThemeError(setting, value, HEX_COLOR_REQUIREMENT);
  return value;
}

function optionalPixels(setting: string, value: unknown, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw new ThemeError(setting, value, `must be a whole number of pixels from 0 to ${max}`);
  }
  return value;
}
