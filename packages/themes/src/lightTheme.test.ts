import { describe, expect, it } from 'vitest';
import { contrastRatio } from './color.js';
import { darkPalette, darkTheme } from './darkTheme.js';
import { lightPalette, lightTheme } from './lightTheme.js';
import { ThemeError } from './ThemeError.js';

describe.each([
  ['lightTheme', lightTheme, lightPalette],
  ['darkTheme', darkTheme, darkPalette],
] as const)('%s', (_name, makeTheme, palette) => {
  it('default: a complete plain object with the default accent', () => {
    const theme = makeTheme();
    expect(theme.colors.accent).toBe('#4f46e5');
    expect(theme.colors.accentForeground).toBe('#ffffff');
    expect(theme.colors.surface).toBe(palette.surface);
    expect(theme.radii).toEqual({ control: '8px', panel: '12px', full: '9999px' });
    expect(theme.borderWidths.control).toBe('1px');
    expect(theme.blurs.overlay).toBe('4px');
    expect(JSON.parse(JSON.stringify(theme))).toEqual(theme);
  });

  it('behavior: text colours meet WCAG AA on both surfaces', () => {
    for (const text of [palette.text, palette.textMuted, palette.danger, palette.success]) {
      expect(contrastRatio(text, palette.surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, palette.surfaceRaised)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('behavior: applies accent, radius, border width, fonts and blur options', () => {
    const theme = makeTheme({ accentColor: '#FC0', radius: 0, borderWidth: 2, fontStack: 'rounded', overlayBlur: 'none' });
    expect(theme.colors.accent).toBe('#ffcc00');
    expect(theme.colors.accentForeground).toBe('#111114');
    expect(theme.radii.control).toBe('0px');
    expect(theme.radii.panel).toBe('0px');
    expect(theme.borderWidths.control).toBe('2px');
    expect(theme.fonts.body).toMatch(/^ui-rounded/);
    expect(theme.blurs.overlay).toBe('0px');
  });

  it('behavior: an explicit accentForeground wins over the computed one', () => {
    expect(makeTheme({ accentColor: '#4f46e5', accentForeground: '#EEE' }).colors.accentForeground).toBe('#eeeeee');
  });

  it('behavior: the focus ring falls back to the text colour when the accent would vanish on the surface', () => {
    expect(makeTheme({ accentColor: palette.surface }).colors.focusRing).toBe(palette.text);
  });

  it.each([
    [{ accentColor: 'indigo' }, /^accentColor must be a 3- or 6-digit hex colour/],
    [{ accentForeground: 'white' }, /^accentForeground must be a 3- or 6-digit hex colour/],
    [{ radius: -1 }, /^radius must be a whole number of pixels from 0 to 48 \(got -1\)\.$/],
    [{ radius: 4.5 }, /^radius must be a whole number of pixels from 0 to 48/],
    [{ radius: 49 }, /^radius must be a whole number/],
    [{ borderWidth: 9 }, /^borderWidth must be a whole number of pixels from 0 to 8 \(got 9\)\.$/],
    [{ fontStack: 'comic' }, /^fontStack must be one of system, rounded \(got "comic"\)\.$/],
    [{ overlayBlur: 'huge' }, /^overlayBlur must be one of none, small, large/],
  ])('error: rejects %j', (options, message) => {
    const attempt = () => makeTheme(options as never);
    expect(attempt).toThrow(ThemeError);
    expect(attempt).toThrow(message);
  });
});

describe('ThemeError', () => {
  it('default: carries the setting and the value', () => {
    let caught: unknown;
    try {
      lightTheme({ accentColor: 'tomato' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ThemeError);
    expect(caught).toMatchObject({ name: 'ThemeError', setting: 'accentColor', value: 'tomato' });
  });
});
