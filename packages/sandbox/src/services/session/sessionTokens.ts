import { createHash, createPublicKey } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SessionTokenClaims } from '@latchkey/protocol';
import { ApiError, messages } from '../../errors/ApiError.js';
import { JWT_ALGORITHM, type SigningKey } from './signingKey.js';
import { verifyToken } from './verifyToken.js';

/** Issuer and audience of the sandbox's session tokens (stable across ports and restarts). */
export function tokenIssuer(environmentId: string): string {
  return `latchkey-sandbox/${environmentId}`;
}
export function tokenAudience(environmentId: string): string {
  return `latchkey/${environmentId}`;
}

export interface CredentialForToken {
  readonly id: string;
  readonly format: string;
  readonly identifier: string;
}

export interface TokenSubject {
  readonly userId: string;
  readonly sessionId: string;
  readonly email?: string | undefined;
  readonly username?: string | undefined;
  readonly lastVerifiedCredentialId?: string | undefined;
  readonly credentials: readonly CredentialForToken[];
}

export interface IssuedTokens {
  readonly jwt: string;
  /** The same session with only the identifying claims. */
  readonly minifiedJwt: string;
  readonly expiresAt: Date;
}

type CredentialHashes = NonNullable<SessionTokenClaims['verifiedCredentialsHashes']>;

/** sha-256 over the sorted credentials of each kind, so a client can tell when they change. */
export function credentialHashes(credentials: readonly CredentialForToken[]): CredentialHashes {
  const byFormat = new Map<string, string[]>();
  for (const credential of credentials) {
    const list = byFormat.get(credential.format) ?? [];
    list.push(`${credential.id}:${credential.identifier}`);
    byFormat.set(credential.format, list);
  }
  const hashes: Record<string, string> = {};
  for (const kind of ['blockchain', 'email', 'oauth', 'phoneNumber', 'externalUser'] as const) {
    const list = byFormat.get(kind);
    if (list) hashes[kind] = createHash('sha256').update(list.sort().join('\n')).digest('hex');
  }
  return hashes;
}

export interface SessionTokens {
  /** Signs the session's tokens: `iat` = `issuedAt`, `exp` = `expiresAt` (whole seconds). */
  issue(subject: TokenSubject, times: { issuedAt: Date; expiresAt: Date }): Promise<IssuedTokens>;
  /** Checks signature, issuer, audience and expiry; 401 `session_expired` / `unauthorized`. */
  verify(token: string): Promise<{ userId: string; sessionId: string }>;
}

export function createSessionTokens(options: { key: SigningKey; environmentId: string; now: () => Date }): SessionTokens {
  const { key, environmentId, now } = options;
  const iss = tokenIssuer(environmentId);
  const aud = tokenAudience(environmentId);
  const publicKey = createPublicKey({ key: { ...key.publicJwk }, format: 'jwk' });

  function sign(claims: Record<string, unknown>, subject: TokenSubject, { issuedAt, expiresAt }: { issuedAt: Date; expiresAt: Date }): Promise<string> {
    return new SignJWT({ ...claims, kid: key.kid, sid: subject.sessionId, environmentId })
      .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT', kid: key.kid })
      .setIssuer(iss)
      .setAudience(aud)
      .setSubject(subject.userId)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key.privateKey);
  }

  return {
    async issue(subject, times) {
      const full = {
        scope: 'user',
        ...(subject.email === undefined ? {} : { email: subject.email }),
        ...(subject.username === undefined ? {} : { username: subject.username }),
        ...(subject.lastVerifiedCredentialId === undefined ? {} : { lastVerifiedCredentialId: subject.lastVerifiedCredentialId }),
        verifiedCredentialsHashes: credentialHashes(subject.credentials),
      };
      const [jwt, minifiedJwt] = await Promise.all([sign(full, subject, times), sign({}, subject, times)]);
      return { jwt, minifiedJwt, expiresAt: times.expiresAt };
    },
    async verify(token) {
      const payload = verifyToken(token, publicKey, { issuer: iss, audience: aud, now: now() });
      const { sub, sid } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || payload['environmentId'] !== environmentId) {
        throw new ApiError(401, 'unauthorized', messages.invalidToken);
      }
      return { userId: sub, sessionId: sid };
    },
  };
}
