import { isLoopbackHost } from '@latchkey/protocol';

/** `http://localhost:5173`, `http://127.0.0.1:6006`, `http://[::1]:3000` … and nothing else. */
export function isLoopbackOrigin(origin: string): boolean {
  // No Origin header (the CORS middleware asks with ''): not a URL — and a thrown TypeError per request costs.
  if (origin === '') return false;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}
