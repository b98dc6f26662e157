import { EMAIL_PATTERN } from '@latchkey/protocol/constants';
import { LatchkeyError } from '../errors/LatchkeyError.js';

/** The trimmed e-mail address, or a `LatchkeyError('invalid_email_address')` before any request is made. */
export function validateEmail(email: string): string {
  const trimmed = typeof email === 'string' ? email.trim() : '';
  if (trimmed === '' || !EMAIL_PATTERN.test(trimmed)) {
    throw new LatchkeyError('invalid_email_address', { message: 'Enter a valid e-mail address.', path: 'email' });
  }
  return trimmed;
}
