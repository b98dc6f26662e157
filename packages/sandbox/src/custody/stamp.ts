import { createHash } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { acceptedOrigin } from '../webauthn/acceptedOrigin.js';
import { CustodyError, custodyMessages } from './CustodyError.js';

/**
 * The two stamps of the custody protocol (SPEC §7, FACTS.md "Custody stamp"):
 * - `X-Stamp`: base64url of `{ publicKey, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature }`, the
 *   signature a hex DER ECDSA-P256-SHA256 over the exact body bytes (high S accepted, as the
 *   public client does not normalise);
 * - `X-Stamp-WebAuthn`: `{ authenticatorData, clientDataJson, credentialId, signature }` (base64url),
 *   an assertion whose challenge is the UTF-8 of the hex SHA-256 of the body.
 */
export type Stamp =
  | { readonly kind: 'apiKey'; readonly publicKey: string }
  | { readonly kind: 'webauthn'; readonly credentialId: string; readonly assertion: WebAuthnStamp };

export interface WebAuthnStamp {
  authenticatorData: string;
  clientDataJson: string;
  credentialId: string;
  signature: string;
}

const API_KEY_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';
const HEX = /^[0-9a-f]+$/i;

/** The challenge a WebAuthn stamp must carry for `body`, base64url (as clientDataJSON holds it). */
export function webAuthnChallenge(body: Uint8Array): string {
  const hexDigest = createHash('sha256').update(body).digest('hex');
  return Buffer.from(hexDigest, 'utf8').toString('base64url');
}

/** Reads the stamp header and, for an API-key stamp, checks its signature over `body`. */
export function readStamp(headers: { get(name: string): string | null | undefined }, body: Uint8Array): Stamp {
  const apiKeyHeader = headers.get('x-stamp');
  const webAuthnHeader = headers.get('x-stamp-webauthn');
  if (apiKeyHeader && webAuthnHeader) throw new CustodyError(16, custodyMessages.badStamp);
  if (apiKeyHeader) {
    let stamp: { publicKey?: unknown; scheme?: unknown; signature?: unknown };
    try {
      stamp = JSON.parse(Buffer.from(apiKeyHeader, 'base64url').toString('utf8'));
    } catch {
      throw new CustodyError(16, custodyMessages.badStamp);
    }
    const { publicKey, scheme, signature } = stamp;
    if (scheme !== API_KEY_SCHEME || typeof publicKey !== 'string' || typeof signature !== 'string' || !HEX.test(signature) || !/^0[23][0-9a-f]{64}$/i.test(publicKey)) {
      throw new CustodyError(16, custodyMessages.badStamp);
    }
    let valid = false;
    try {
      valid = p256.verify(Buffer.from(signature, 'hex'), body, Buffer.from(publicKey, 'hex'), { format: 'der', lowS: false });
    } catch {
      valid = false;
    }
    if (!valid) throw new CustodyError(16, custodyMessages.badSignature);
    return { kind: 'apiKey', publicKey: publicKey.toLowerCase() };
  }
  if (webAuthnHeader) {
    let stamp: Partial<WebAuthnStamp>;
    try {
      stamp = JSON.parse(webAuthnHeader);
    } catch {
      throw new CustodyError(16, custodyMessages.badStamp);
    }
    const fields = ['authenticatorData', 'clientDataJson', 'credentialId', 'signature'] as const;
    if (!fields.every((field) => typeof stamp[field] === 'string' && stamp[field] !== '')) throw new CustodyError(16, custodyMessages.badStamp);
    return { kind: 'webauthn', credentialId: stamp.credentialId!, assertion: stamp as WebAuthnStamp };
  }
  throw new CustodyError(16, custodyMessages.noStamp);
}

/** Verifies a WebAuthn stamp against the registered authenticator; returns the new counter. */
export async function verifyWebAuthnStamp(
  assertion: WebAuthnStamp,
  body: Uint8Array,
  authenticator: { credentialId: string; publicKey: string; counter: number; rpId: string },
): Promise<number> {
  let origin = '';
  try {
    origin = String(JSON.parse(Buffer.from(assertion.clientDataJson, 'base64url').toString('utf8')).origin ?? '');
  } catch {
    throw new CustodyError(16, custodyMessages.badStamp);
  }
  if (!acceptedOrigin(origin, authenticator.rpId)) throw new CustodyError(16, custodyMessages.badAssertion);
  try {
    const verification = await verifyAuthenticationResponse({
      response: {
        id: assertion.credentialId,
        rawId: assertion.credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: { authenticatorData: assertion.authenticatorData, clientDataJSON: assertion.clientDataJson, signature: assertion.signature },
      },
      expectedChallenge: webAuthnChallenge(body),
      expectedOrigin: origin,
      expectedRPID: authenticator.rpId,
      credential: { id: authenticator.credentialId, publicKey: new Uint8Array(Buffer.from(authenticator.publicKey, 'base64url')), counter: authenticator.counter },
      requireUserVerification: false,
    });
    if (!verification.verified) throw new Error('not verified');
    return verification.authenticationInfo.newCounter;
  } catch {
    throw new CustodyError(16, custodyMessages.badAssertion);
  }
}
