import { describe, expect, it } from 'vitest';
import { toQueryString } from './toQueryString.js';

describe('toQueryString', () => {
  it('default: empty for no query', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ a: undefined, b: null })).toBe('');
  });

  it('behavior: arrays repeat their key, dates are ISO strings, values are encoded', () => {
    const query = { tag: ['a', 'b c'], since: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), n: 3, ok: false };
    expect(toQueryString(query)).toBe('?tag=a&tag=b+c&since=2026-01-02T03%3A04%3A05.000Z&n=3&ok=false');
    expect(new URLSearchParams(toQueryString(query)).getAll('tag')).toEqual(['a', 'b c']);
  });
});
