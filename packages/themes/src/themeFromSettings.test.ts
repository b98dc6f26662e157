import type { DesignSettings } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { darkTheme } from './darkTheme.js';
import { lightTheme } from './lightTheme.js';
import { isThemePair, selectTheme, themeFromSettings } from './themeFromSettings.js';
import { ThemeError } from './ThemeError.js';

describe('themeFromSettings', () => {
  it('default: no settings give the default light theme', () => {
    expect(themeFromSettings(undefined)).toEqual(lightTheme());
    expect(themeFromSettings({})).toEqual(lightTheme());
    expect(themeFromSettings({ modal: {} })).toEqual(lightTheme());
  });

  it('behavior: maps primaryColor, radius and border onto the theme', () => {
    const theme = themeFromSettings({ modal: { theme: 'light', primaryColor: '#0E7490', radius: 12, border: 2 } });
    expect(theme).toEqual(lightTheme({ accentColor: '#0e7490', radius: 12, borderWidth: 2 }));
    expect(isThemePair(theme)).toBe(false);
  });

  it('default: without a button record the trigger button follows the accent and the controls', () => {
    const theme = selectTheme(themeFromSettings({ modal: { primaryColor: '#0e7490', radius: 12, border: 2 } }), 'light');
    expect(theme.button).toEqual({ background: '#0e7490', text: theme.colors.accentForeground, radius: '12px', borderWidth: '2px' });
  });

  it('behavior: the button theme record styles the trigger button (button.* tokens), in light and dark', () => {
    const button = { backgroundColor: '#FACC15', radius: 24, border: 0 } as const;
    for (const mode of ['light', 'dark'] as const) {
      const theme = selectTheme(themeFromSettings({ modal: { theme: mode, primaryColor: '#0e7490' }, button }), mode);
      // The text colour, not given, is the one readable on the given background; the accent is untouched.
      expect(theme.button).toEqual({ background: '#facc15', text: '#111114', radius: '24px', borderWidth: '0px' });
      expect(theme.colors.accent).toBe('#0e7490');
    }
    const withText = selectTheme(themeFromSettings({ button: { backgroundColor: '#111827', textColor: '#F9FAFB' } }), 'light');
    expect(withText.button).toMatchObject({ background: '#111827', text: '#f9fafb' });
  });

  it('error: a bad button record value names its setting', () => {
    expect(() => themeFromSettings({ button: { backgroundColor: 'red' } } as unknown as DesignSettings)).toThrow('design.button.backgroundColor');
    expect(() => themeFromSettings({ button: { radius: 99 } } as unknown as DesignSettings)).toThrow('design.button.radius');
    expect(() => themeFromSettings({ button: { border: -1 } } as unknown as DesignSettings)).toThrow('design.button.border');
    expect(() => themeFromSettings({ button: { theme: 'sepia' } } as unknown as DesignSettings)).toThrow('design.button.theme');
  });

  it('behavior: brand is the accent when primaryColor is absent, and primaryColor wins otherwise', () => {
    const brandOnly = selectTheme(themeFromSettings({ modal: { brand: '#f0a' } }), 'light');
    expect(brandOnly.colors.accent).toBe('#ff00aa');
    const both = selectTheme(themeFromSettings({ modal: { brand: '#f0a', primaryColor: '#123456' } }), 'light');
    expect(both.colors.accent).toBe('#123456');
  });

  it('behavior: dark gives the dark theme', () => {
    expect(themeFromSettings({ modal: { theme: 'dark', primaryColor: '#22d3ee' } })).toEqual(
      darkTheme({ accentColor: '#22d3ee' }),
    );
  });

  it('behavior: auto gives a light/dark pair chosen by colour scheme', () => {
    const setting = themeFromSettings({ modal: { theme: 'auto', radius: 4 } });
    expect(isThemePair(setting)).toBe(true);
    expect(selectTheme(setting, 'light')).toEqual(lightTheme({ radius: 4 }));
    expect(selectTheme(setting, 'dark')).toEqual(darkTheme({ radius: 4 }));
  });

  it.each([
    [{ modal: { primaryColor: 'red' } }, 'design.modal.primaryColor', /^design\.modal\.primaryColor must be a 3- or 6-digit hex colour such as #4f46e5 \(got "red"\)\.$/],
    [{ modal: { brand: '#12345' } }, 'design.modal.brand', /^design\.modal\.brand must be a 3- or 6-digit hex colour/],
    // An invalid brand colour is reported even when a valid primaryColor would win.
    [{ modal: { primaryColor: '#123456', brand: 'rgb(0,0,0)' } }, 'design.modal.brand', /design\.modal\.brand/],
    [{ modal: { theme: 'sepia' } }, 'design.modal.theme', /^design\.modal\.theme must be one of light, dark, auto \(got "sepia"\)\.$/],
    [{ modal: { radius: 100 } }, 'design.modal.radius', /^design\.modal\.radius must be a whole number of pixels from 0 to 48/],
    [{ modal: { border: '2px' } }, 'design.modal.border', /^design\.modal\.border must be a whole number of pixels from 0 to 8 \(got "2px"\)\.$/],
    [{ modal: 'dark' }, 'design.modal', /^design\.modal must be an object/],
  ])('error: %j', (design, setting, message) => {
    const attempt = () => themeFromSettings(design as unknown as DesignSettings);
    expect(attempt).toThrow(ThemeError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as ThemeError).setting).toBe(setting);
    }
  });

  it('behavior: does not modify the settings object', () => {
    const design: DesignSettings = { modal: { theme: 'auto', primaryColor: '#ABC', radius: 6 } };
    const before = structuredClone(design);
    themeFromSettings(design);
    expect(design).toEqual(before);
  });
});
