import type { Theme } from './contract.css.js';
import { createTheme, type Palette, type ThemeOptions } from './createTheme.js';

/** Light surfaces; text colours meet WCAG AA (4.5:1) on both `surface` and `surfaceRaised`. */
export const lightPalette: Palette = {
  surface: '#ffffff',
  surfaceRaised: '#f4f5f7',
  text: '#17181c',
  textMuted: '#585d68',
  border: '#d5d8de',
  danger: '#b42318',
  success: '#067647',
  overlay: 'rgba(17, 17, 20, 0.45)',
  dialogShadow: '0 24px 48px -12px rgba(17, 17, 20, 0.28), 0 4px 12px rgba(17, 17, 20, 0.08)',
  menuShadow: '0 12px 28px -8px rgba(17, 17, 20, 0.22), 0 2px 6px rgba(17, 17, 20, 0.08)',
};

/** The light theme as a plain object: `lightTheme({ accentColor: '#0e7490', radius: 12 })`. */
export function lightTheme(options?: ThemeOptions): Theme {
  return createTheme(lightPalette, options);
}
