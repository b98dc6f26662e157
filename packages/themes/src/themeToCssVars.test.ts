import { describe, expect, it } from 'vitest';
import { themeContract, type Theme } from './contract.css.js';
import { darkTheme } from './darkTheme.js';
import { lightTheme } from './lightTheme.js';
import { themeToCssVars } from './themeToCssVars.js';
import { ThemeError } from './ThemeError.js';

function leafCount(value: object): number {
  return Object.values(value).reduce<number>(
    (count, entry) => count + (typeof entry === 'object' && entry !== null ? leafCount(entry) : 1),
    0,
  );
}

describe('themeToCssVars', () => {
  it('default: one --lk-* variable per contract entry, named after the contract', () => {
    const vars = themeToCssVars(lightTheme({ accentColor: '#0e7490' }));
    expect(Object.keys(vars)).toHaveLength(leafCount(themeContract));
    expect(themeContract.colors.accent).toBe('var(--lk-colors-accent)');
    expect(vars['--lk-colors-accent']).toBe('#0e7490');
    expect(vars['--lk-colors-accentForeground']).toBe('#ffffff');
    expect(vars['--lk-radii-control']).toBe('8px');
    expect(vars['--lk-blurs-overlay']).toBe('4px');
    expect(vars['--lk-borderWidths-control']).toBe('1px');
    for (const name of Object.keys(vars)) expect(name).toMatch(/^--lk-[a-zA-Z]+-[a-zA-Z]+$/);
  });

  it('behavior: applied as a style, the variables land on the element', () => {
    const element = document.createElement('div');
    for (const [name, value] of Object.entries(themeToCssVars(darkTheme()))) element.style.setProperty(name, value);
    expect(element.style.getPropertyValue('--lk-colors-surface')).toBe(darkTheme().colors.surface);
    expect(element.style.getPropertyValue('--lk-colors-text')).toBe(darkTheme().colors.text);
  });

  it('error: an incomplete hand-written theme names the missing value', () => {
    const theme = lightTheme();
    const broken = { ...theme, colors: { ...theme.colors, accent: '' } } satisfies Theme;
    expect(() => themeToCssVars(broken)).toThrow(ThemeError);
    expect(() => themeToCssVars(broken)).toThrow(/^theme\.colors\.accent must be a non-empty string \(got ""\)\.$/);
    const missingGroup = { ...theme, radii: undefined } as unknown as Theme;
    expect(() => themeToCssVars(missingGroup)).toThrow(/^theme\.radii must be an object \(got undefined\)\.$/);
  });
});
