import { isLoopbackHost } from '@latchkey/protocol';

/** `http://localhost:5173`, `http://127.0.0.1:6006`, `http://[::1]:3000` … and nothing else. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}
