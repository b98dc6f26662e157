import { expect, it } from 'vitest';
import * as themes from './index.js';

it('default: the public exports', () => {
  expect(Object.keys(themes).sort()).toMatchInlineSnapshot(`
    [
      "ThemeError",
      "contrastRatio",
      "darkTheme",
      "isHexColor",
      "isThemePair",
      "lightTheme",
      "readableForeground",
      "selectTheme",
      "themeContract",
      "themeFromSettings",
      "themeToCssVars",
    ]
  `);
});
