import { base64urlnopad } from '@scure/base';

/**
 * The `exp` and `iat` claims of a JWT in milliseconds since the epoch, each undefined when absent or the token cannot
 * be read. Reading only: the server verifies signatures (and rejects a forged token on first use).
 */
export function decodeJwtTimes(jwt: string): { exp: number | undefined; iat: number | undefined } {
  const payload = jwt.split('.')[1];
  if (!payload) return { exp: undefined, iat: undefined };
  try {
    const claims = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(payload.replace(/=+$/, '')))) as { exp?: unknown; iat?: unknown } | null;
    const ms = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value * 1000 : undefined);
    return { exp: ms(claims?.exp), iat: ms(claims?.iat) };
  } catch {
    return { exp: undefined, iat: undefined };
  }
}
