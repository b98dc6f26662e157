import type { ServerErrorCode } from '@latchkey/protocol';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A failure with a wire meaning: rendered as `{ error: { code, message, path? } }` with `status`.
 * Anything else thrown by a handler is a bug and becomes a 500 `internal_error`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** For a 429: when to try again, sent as the `Retry-After` header. */
  retryAfterSeconds: number | undefined;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ServerErrorCode,
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }

  toBody(): { error: { code: ServerErrorCode; message: string; path?: string } } {
    return { error: { code: this.code, message: this.message, ...(this.path === undefined ? {} : { path: this.path }) } };
  }
}

/** Messages used in more than one place; wording from SPEC §8 where it gives one. */
export const messages = {
  wrongCode: 'The code is invalid or expired.',
  invalidVerification: 'This verification is invalid, expired or already used.',
  tooManyAttempts: 'Too many email verification attempts.',
  rateLimit: 'Rate limit reached',
  notFound: 'Not found.',
  unknownEnvironment: 'Unknown environment.',
  missingToken: 'A bearer token is required.',
  invalidToken: 'The session token is invalid.',
  sessionExpired: 'The session has expired.',
  sessionRevoked: 'The session has been revoked.',
  /** SPEC §8: a session cookie (cookie storage) that is not, or no longer, a live session. */
  invalidCookie: 'The cookie is invalid or expired',
  foreignOrigin: 'A request signed in by the session cookie must come from an allowed origin.',
  foreignSignIn: 'A sign-in that sets the session cookie must come from an allowed origin.',
  foreignSandboxOrigin: 'The sandbox’s own routes change nothing for a page on another site.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  internal: 'Internal error.',
  emailExists: 'Email already exists.',
  usernameExists: 'Username already exists.',
  customFieldNotUnique: 'Custom field data must be unique within the environment.',
} as const;
