import { emailSchema } from '@latchkey/protocol';
import { LatchkeyError } from '../errors/LatchkeyError.js';

/** The trimmed e-mail address, or a `LatchkeyError('invalid_email_address')` before any request is made. */
export function validateEmail(email: string): string {
  const trimmed = typeof email === 'string' ? email.trim() : '';
  if (trimmed === '' || !emailSchema.safeParse(trimmed).success) {
    throw new LatchkeyError('invalid_email_address', { message: 'Enter a valid e-mail address.', path: 'email' });
  }
  return trimmed;
}
