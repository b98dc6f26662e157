import type { Theme } from './contract.css.js';
import { createTheme, type Palette, type ThemeOptions } from './createTheme.js';

/** Dark surfaces; text colours meet WCAG AA (4.5:1) on both `surface` and `surfaceRaised`. */
export const darkPalette: Palette = {
  surface: '#17181d',
  surfaceRaised: '#22242b',
  text: '#f2f3f5',
  textMuted: '#a4a9b4',
  border: '#3a3d46',
  danger: '#fb7a6e',
  success: '#4fd18f',
  overlay: 'rgba(0, 0, 0, 0.6)',
  dialogShadow: '0 24px 48px -12px rgba(0, 0, 0, 0.6), 0 4px 12px rgba(0, 0, 0, 0.35)',
  menuShadow: '0 12px 28px -8px rgba(0, 0, 0, 0.55), 0 2px 6px rgba(0, 0, 0, 0.3)',
};

/** The dark theme as a plain object: `darkTheme({ accentColor: '#22d3ee' })`. */
export function darkTheme(options?: ThemeOptions): Theme {
  return createTheme(darkPalette, options);
}
