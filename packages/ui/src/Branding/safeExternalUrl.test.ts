import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from './safeExternalUrl.js';

describe('safeExternalUrl', () => {
  it('default: https URLs pass, normalised', () => {
    expect(safeExternalUrl('https://acme.example/terms')).toBe('https://acme.example/terms');
    expect(safeExternalUrl('HTTPS://Acme.Example/privacy?x=1')).toBe('https://acme.example/privacy?x=1');
  });

  it('behavior: http only on loopback', () => {
    expect(safeExternalUrl('http://127.0.0.1:4010/terms')).toBe('http://127.0.0.1:4010/terms');
    expect(safeExternalUrl('http://localhost/terms')).toBe('http://localhost/terms');
    expect(safeExternalUrl('http://acme.example/terms')).toBeUndefined();
    expect(safeExternalUrl('http://127.0.0.1.evil.example/')).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//acme.example/terms'],
    ['/terms'],
    ['ftp://acme.example/terms'],
    [''],
    ['   '],
    [undefined],
    [42],
  ])('error: refuses %j', (value) => {
    expect(safeExternalUrl(value)).toBeUndefined();
  });
});
