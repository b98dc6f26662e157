export { themeContract, type Theme } from './contract.css.js';
export { ThemeError } from './ThemeError.js';
export { contrastRatio, isHexColor, readableForeground } from './color.js';
export type { ThemeOptions } from './createTheme.js';
export { lightTheme } from './lightTheme.js';
export { darkTheme } from './darkTheme.js';
export {
  themeFromSettings,
  isThemePair,
  selectTheme,
  type ThemePair,
  type ThemeSetting,
} from './themeFromSettings.js';
export { themeToCssVars } from './themeToCssVars.js';
