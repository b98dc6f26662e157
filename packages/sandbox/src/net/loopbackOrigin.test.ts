import { describe, expect, it } from 'vitest';
import { isLoopbackOrigin } from './loopbackOrigin.js';

describe('isLoopbackOrigin', () => {
  it('default: http on localhost, 127.0.0.1 or [::1], any port', () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:6006', 'http://[::1]:3000', 'http://localhost']) expect(isLoopbackOrigin(origin), origin).toBe(true);
  });

  it('error: anything else — no origin, https, other hosts, opaque or malformed origins', () => {
    for (const origin of ['', 'null', 'https://localhost:5173', 'http://example.com', 'http://localhost.example.com', 'http://127.0.0.2.example', 'not a url', 'file:///etc/passwd']) {
      expect(isLoopbackOrigin(origin), origin).toBe(false);
    }
  });
});
