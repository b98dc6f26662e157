import type { ProjectSettings, ServerErrorCode } from '@latchkey/protocol';

/**
 * What tells one code channel (e-mail, SMS) from another: where its verifications live, how its codes are
 * salted, sent and limited, its error codes and messages, and the checks of its requests. The lifecycle
 * (`verificationCodes.ts`) and what a verified code does (`verifiedRecipient.ts`) are the same for every channel.
 */
export interface CodeChannel<CreateInput, RetryInput> {
  /** The inbox channel the codes go out on. */
  readonly channel: 'email' | 'sms';
  /** The table of this channel's verifications, and its column naming where the code went. */
  readonly table: 'email_verifications' | 'sms_verifications';
  readonly recipientColumn: 'email' | 'phone_e164';
  /** Salt of the stored code hash: sha-256 of `${hashPrefix}${verificationId}:${code}`. */
  readonly hashPrefix: string;
  /** A code is valid this long after it was (re)sent. */
  readonly ttlMs: number;
  /** The wrong code that reaches this count burns the verification. */
  readonly maxWrongCodes: number;
  /** One verification may be sent at most this many times (the create plus retries). */
  readonly maxSends: number;
  /** The credential a verified code proves, and the profile field it fills when that is empty. */
  readonly credentialFormat: 'email' | 'phoneNumber';
  readonly profileKey: 'email' | 'phoneNumber';
  readonly errors: {
    /** 400: unknown, expired, used, or (on retry) another recipient's verification. */
    readonly invalid: ServerErrorCode;
    /** 400, path `verificationToken`. */
    readonly wrongCode: ServerErrorCode;
    /** 429 once the verification is burnt. */
    readonly tooManyAttempts: ServerErrorCode;
    readonly tooManyAttemptsMessage: string;
    /** 400 when the recipient belongs to another user (adding it to a signed-in user). */
    readonly taken: { readonly code: ServerErrorCode; readonly message: string; readonly path: string };
  };
  /** The message carrying a code, for an app named `app`. */
  message(app: string, code: string): { subject: string; text: string };
  /** Checks a create request: the (normalised) recipient, and any more columns to store with it. */
  acceptCreate(settings: ProjectSettings, input: CreateInput): { recipient: string; columns?: Readonly<Record<string, string>> };
  /** Checks a retry request: the recipient the verification must have been sent to. */
  acceptRetry(settings: ProjectSettings, input: RetryInput): string;
  /** Refuses a sign-in with a code when the channel is off. */
  assertSignInEnabled(settings: ProjectSettings): void;
  /** Refuses adding a verified recipient to a signed-in user when the channel is off. */
  assertAddEnabled(settings: ProjectSettings): void;
}
