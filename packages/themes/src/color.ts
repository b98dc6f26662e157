import { ThemeError } from './ThemeError.js';

/** A 3- or 6-digit hex colour such as `#4f46e5` or `#fff` (the same rule as the protocol's). */
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const HEX_COLOR_REQUIREMENT = 'must be a 3- or 6-digit hex colour such as #4f46e5';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** True for a 3- or 6-digit hex colour string. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/**
 * Checks a colour option and returns it in canonical form (`#rrggbb`, lower case).
 * Throws a `ThemeError` naming `setting` for anything but a 3- or 6-digit hex value.
 */
export function parseHexColor(setting: string, value: unknown): string {
  if (!isHexColor(value)) throw new ThemeError(setting, value, HEX_COLOR_REQUIREMENT);
  const digits = value.slice(1).toLowerCase();
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return `#${full}`;
}

/** `#rrggbb` → channels 0–255. The input must already be canonical (see `parseHexColor`). */
export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff };
}

/** WCAG 2 relative luminance of a canonical `#rrggbb` colour (0 = black, 1 = white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio between two canonical colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** The near-white and near-black used for text on an arbitrary accent colour. */
export const LIGHT_FOREGROUND = '#ffffff';
export const DARK_FOREGROUND = '#111114';

/**
 * The more readable of white and near-black on `background` (highest WCAG contrast ratio), so
 * a button label stays legible whatever brand colour a project sets.
 */
export function readableForeground(background: string): string {
  return contrastRatio(background, LIGHT_FOREGROUND) >= contrastRatio(background, DARK_FOREGROUND)
    ? LIGHT_FOREGROUND
    : DARK_FOREGROUND;
}
