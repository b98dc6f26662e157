import { verify, type KeyObject } from 'node:crypto';
import { ApiError, messages } from '../../errors/ApiError.js';

/**
 * Verifies a session token (compact JWS, RS256) with Node's crypto, synchronously: the checks of jose's `jwtVerify`
 * as the sandbox used it (`algorithms: ['RS256']`, `issuer`, `audience`, `currentDate`, `requiredClaims: ['sub',
 * 'sid', 'exp', 'iat']`), in its order, without a WebCrypto job per request (which cost the event loop more than the
 * RSA check itself). Stricter where the sandbox's own tokens allow it: a `crit` header is refused outright (jose
 * accepts only `b64`, which a JWT may not turn off), and base64url must be canonical. 401 `session_expired` for an
 * expired token, 401 `unauthorized` for anything else.
 */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function invalid(): ApiError {
  return new ApiError(401, 'unauthorized', messages.invalidToken);
}

function decode(part: string): Buffer {
  // Canonical base64url only: no padding, no other characters, no length a decoder would have to guess at.
  if (!BASE64URL.test(part) || part.length % 4 === 1) throw invalid();
  return Buffer.from(part, 'base64url');
}

function jsonObject(part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(decode(part).toString('utf8'));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalid();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
  return value as Record<string, unknown>;
}

export function verifyToken(token: string, publicKey: KeyObject, options: { issuer: string; audience: string; now: Date }): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw invalid();
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const header = jsonObject(encodedHeader);
  if (header['crit'] !== undefined || header['b64'] !== undefined) throw invalid();
  if (header['alg'] !== 'RS256') throw invalid();
  const signature = decode(encodedSignature);
  if (!verify('sha256', Buffer.from(`${encodedHeader}.${encodedPayload}`, 'ascii'), publicKey, signature)) throw invalid();
  const payload = jsonObject(encodedPayload);
  for (const claim of ['sub', 'sid', 'exp', 'iat', 'iss', 'aud']) if (!(claim in payload)) throw invalid();
  if (payload['iss'] !== options.issuer) throw invalid();
  const audience = payload['aud'];
  if (!(audience === options.audience || (Array.isArray(audience) && audience.includes(options.audience)))) throw invalid();
  const now = Math.floor(options.now.getTime() / 1000);
  if (typeof payload['iat'] !== 'number') throw invalid();
  const notBefore = payload['nbf'];
  if (notBefore !== undefined && (typeof notBefore !== 'number' || notBefore > now)) throw invalid();
  const expiry = payload['exp'];
  if (typeof expiry !== 'number') throw invalid();
  if (expiry <= now) throw new ApiError(401, 'session_expired', messages.sessionExpired);
  return payload;
}
