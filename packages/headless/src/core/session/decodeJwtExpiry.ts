import { base64urlnopad } from '@scure/base';

/**
 * The `exp` claim of a JWT as milliseconds since the epoch, or undefined when the token cannot
 * be read. Reading only: the server verifies signatures (and rejects a forged token on first use).
 */
export function decodeJwtExpiry(jwt: string): number | undefined {
  const payload = jwt.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(payload.replace(/=+$/, ''))));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
