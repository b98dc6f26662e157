import { describe, expect, it } from 'vitest';
import { acceptedOrigin } from './acceptedOrigin.js';

describe('acceptedOrigin', () => {
  it('unit: accepted origins are https on the rp id or a sub-domain, and http only on localhost', () => {
    expect(acceptedOrigin('http://localhost:5173', 'localhost')).toBe(true);
    expect(acceptedOrigin('https://app.example.com', 'example.com')).toBe(true);
    expect(acceptedOrigin('http://app.example.com', 'example.com')).toBe(false);
    expect(acceptedOrigin('http://127.0.0.1:5173', 'localhost')).toBe(false);
    expect(acceptedOrigin('https://evilexample.com', 'example.com')).toBe(false);
    expect(acceptedOrigin('not a url', 'localhost')).toBe(false);
  });
});
