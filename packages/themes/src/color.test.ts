import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor, readableForeground, relativeLuminance } from './color.js';
import { ThemeError } from './ThemeError.js';

describe('parseHexColor', () => {
  it('default: canonicalises 3- and 6-digit hex values', () => {
    expect(parseHexColor('accentColor', '#FFF')).toBe('#ffffff');
    expect(parseHexColor('accentColor', '#4F46E5')).toBe('#4f46e5');
    expect(parseHexColor('accentColor', '#0a3')).toBe('#00aa33');
  });

  it.each([['red'], ['#ffff'], ['#12345g'], ['4f46e5'], [''], ['#4f46e5 '], [0x4f46e5], [null]])(
    'error: rejects %j naming the setting',
    (value) => {
      const attempt = () => parseHexColor('design.modal.brand', value);
      expect(attempt).toThrow(ThemeError);
      expect(attempt).toThrow(/^design\.modal\.brand must be a 3- or 6-digit hex colour such as #4f46e5 \(got /);
    },
  );
});

describe('contrast', () => {
  it('default: matches the WCAG reference values', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 10);
    // #767676 is the classic lightest grey that passes 4.5:1 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('behavior: picks the more readable foreground for an accent', () => {
    expect(readableForeground('#4f46e5')).toBe('#ffffff');
    expect(readableForeground('#000000')).toBe('#ffffff');
    expect(readableForeground('#facc15')).toBe('#111114');
    expect(readableForeground('#ffffff')).toBe('#111114');
    for (const accent of ['#4f46e5', '#facc15', '#22d3ee', '#dc2626', '#16a34a', '#808080']) {
      expect(contrastRatio(accent, readableForeground(accent))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
