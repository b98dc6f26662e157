import type { ProjectSettings } from '@latchkey/protocol';
import { ApiError, messages } from '../../errors/ApiError.js';
import type { CodeChannel } from '../verification/CodeChannel.js';
import { assertEmailAccepted, normalizeEmail } from './emailAddress.js';

/** A code is valid this long after it was (re)sent. */
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
/** The wrong code that reaches this count burns the verification. */
export const MAX_WRONG_EMAIL_CODES = 3;
/** One verification may be sent at most this many times (the create plus retries). */
export const MAX_EMAIL_SENDS = 5;

function assertEmailSignInEnabled(settings: ProjectSettings): void {
  if (!settings.sdk.emailSignIn) throw new ApiError(400, 'no_enabled_email_provider', 'Email sign-in is not enabled for this environment.');
}

/** E-mail codes (`/emailVerifications/*`): the code lifecycle and sign-in of `services/verification/` with e-mail's data. */
export const emailVerification: CodeChannel<{ email: string }, { verificationUUID: string; email: string }> = {
  channel: 'email',
  table: 'email_verifications',
  recipientColumn: 'email',
  hashPrefix: '',
  ttlMs: EMAIL_CODE_TTL_MS,
  maxWrongCodes: MAX_WRONG_EMAIL_CODES,
  maxSends: MAX_EMAIL_SENDS,
  credentialFormat: 'email',
  profileKey: 'email',
  errors: {
    invalid: 'invalid_email_verification',
    wrongCode: 'wrong_email_verification_token',
    tooManyAttempts: 'too_many_email_verification_attempts',
    tooManyAttemptsMessage: messages.tooManyAttempts,
    taken: { code: 'user_has_already_account_with_email', message: 'Another user already has an account with this email.', path: 'email' },
  },
  message: (app, code) => ({
    subject: `${code} is your ${app} sign-in code`,
    text: `Your ${app} verification code is ${code}. It expires in ${EMAIL_CODE_TTL_MS / 60_000} minutes. If you did not ask for it, ignore this e-mail.`,
  }),
  acceptCreate(settings, input) {
    assertEmailSignInEnabled(settings);
    const email = normalizeEmail(input.email);
    assertEmailAccepted(settings, email);
    return { recipient: email };
  },
  acceptRetry(settings, input) {
    assertEmailSignInEnabled(settings);
    return normalizeEmail(input.email);
  },
  assertSignInEnabled: assertEmailSignInEnabled,
  // Adding an e-mail to a signed-in user works even with e-mail sign-in off.
  assertAddEnabled: () => undefined,
};
