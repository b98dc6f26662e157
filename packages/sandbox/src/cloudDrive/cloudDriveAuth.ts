import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/**
 * How the cloud-drive emulator knows who is calling: an access token from the sandbox's OIDC provider
 * (the same one behind social sign-in), got through the provider's sign-in page with PKCE, redeemed
 * by the drive's own callback. The pending authorisation travels in `state`, HMAC-signed by the drive
 * (no memory between the two requests).
 */

export const CLOUD_DRIVE_CLIENT_ID = 'latchkey-cloud-drive';
export const CLOUD_DRIVE_PROVIDERS = ['googleDrive', 'icloud'] as const;
export type CloudDriveProvider = (typeof CLOUD_DRIVE_PROVIDERS)[number];
const STATE_LIFETIME_MS = 10 * 60_000;

export interface PendingAuthorization {
  provider: CloudDriveProvider;
  /** The app's origin, where the token is posted. */
  origin: string;
  verifier: string;
  expiresAt: number;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

export function newPkce(): { verifier: string; challenge: string } {
  const verifier = b64url(randomBytes(32));
  return { verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
}

export function signState(key: Buffer, pending: Omit<PendingAuthorization, 'expiresAt'>, now: number): string {
  const body = b64url(Buffer.from(JSON.stringify({ ...pending, expiresAt: now + STATE_LIFETIME_MS })));
  return `${body}.${b64url(createHmac('sha256', key).update(body).digest())}`;
}

export function openState(key: Buffer, state: string, now: number): PendingAuthorization | undefined {
  const [body, mac] = state.split('.');
  if (!body || !mac) return undefined;
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const pending = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PendingAuthorization;
  return pending.expiresAt > now ? pending : undefined;
}

export interface TokenVerifier {
  /** The caller's stable account (`sub`) for a valid access token of the provider; undefined otherwise. */
  subjectOf(token: string): Promise<string | undefined>;
}

export function createTokenVerifier(issuer: string): TokenVerifier {
  let jwks: JWTVerifyGetKey | undefined;
  return {
    async subjectOf(token) {
      jwks ??= createRemoteJWKSet(new URL(`${issuer}/jwks`));
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer });
        return typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
