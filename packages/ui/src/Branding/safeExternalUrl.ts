/**
 * A URL from project settings that may become a link or an image: https, or http on a loopback
 * host (DESIGN.md "Security rules"). Returns the normalised URL, or `undefined` for anything else —
 * `javascript:`, `data:`, plain http, relative paths, non-strings — so it is never rendered.
 */
export function safeExternalUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url.href;
  return undefined;
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}
