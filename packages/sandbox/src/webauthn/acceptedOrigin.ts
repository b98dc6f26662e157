/**
 * The origin a WebAuthn ceremony ran on, if the relying party may use it: https on the rp id or one of its
 * sub-domains, or http on `localhost` (a secure context in browsers). Shared by passkeys (sign-in and MFA) and the
 * custody emulator's authenticators and stamps.
 */
export function acceptedOrigin(origin: string, rpId: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  const hostMatches = url.hostname === rpId || url.hostname.endsWith(`.${rpId}`);
  if (!hostMatches) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost');
}
