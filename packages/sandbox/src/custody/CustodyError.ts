/**
 * A refusal of the custody emulator, rendered as the custody provider's error body
 * `{ code, message, details }` (SPEC §7). `code` is the gRPC status code the provider uses:
 * 3 invalid argument, 5 not found, 7 permission denied, 8 resource exhausted, 9 failed precondition, 16 unauthenticated.
 */
export class CustodyError extends Error {
  override readonly name = 'CustodyError';

  constructor(
    readonly code: 3 | 5 | 7 | 8 | 9 | 13 | 16,
    message: string,
    readonly details: readonly unknown[] = [],
  ) {
    super(message);
  }

  get status(): 400 | 401 | 403 | 404 | 429 | 500 {
    return ({ 3: 400, 5: 404, 7: 403, 8: 429, 9: 400, 13: 500, 16: 401 } as const)[this.code];
  }

  toBody(): { code: number; message: string; details: unknown[] } {
    return { code: this.code, message: this.message, details: [...this.details] };
  }
}

/**
 * A refusal whose writes stand: thrown by a submit's handler, it commits what the handler wrote (say, a wrong code's
 * attempt count) and is then answered like any refusal, with no activity recorded. Any other error rolls back.
 */
export class CommittedCustodyError extends CustodyError {}

/** Messages the kit reacts to (SPEC §8: error 16 'expired api key' / 'could not find public key'). */
export const custodyMessages = {
  expiredApiKey: 'expired api key',
  unknownPublicKey: 'could not find public key',
  badSignature: 'invalid stamp: the signature does not match the request body',
  badStamp: 'invalid stamp: the stamp header is malformed',
  noStamp: 'missing stamp: send an X-Stamp or X-Stamp-WebAuthn header',
  unknownAuthenticator: 'could not find authenticator',
  badAssertion: 'invalid stamp: the webauthn assertion does not verify',
  otherOrganization: 'permission denied: the stamp is not registered to this organization',
  notAllowedForParent: 'permission denied: only a user of the organization may do this',
  codeExpired: 'The code is invalid or expired.',
  passkeyProtected: 'permission denied: a passkey protects this user; only their own credentials may add api keys',
  expiringKeyAddsNoPolicy: 'permission denied: an api key that expires may not create policies; a policy would outlive it',
  passkeyProtectedWallet: 'permission denied: a passkey protects this user; only their own credentials may delete their wallets',
  apiKeyAddsNoAuthenticator: 'permission denied: an api key may not add authenticators; only an authenticator of the user may',
  tooManyOtps: 'resource exhausted: at most {count} one-time codes per user within 15 minutes',
  apiKeyOutlivesItsMaker: 'permission denied: an api key may only add api keys that expire within its own lifetime ({seconds} seconds)',
} as const;
