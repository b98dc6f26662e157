import { emailSchema, type ProjectSettings } from '@latchkey/protocol';
import { ApiError } from '../../errors/ApiError.js';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** 400 `invalid_email_address` for a malformed address or a blocked sub-address (`a+b@x`). */
export function assertEmailAccepted(settings: ProjectSettings, email: string, path = 'email'): void {
  if (!emailSchema.safeParse(email).success) throw new ApiError(400, 'invalid_email_address', 'Invalid email address.', path);
  const local = email.slice(0, email.lastIndexOf('@'));
  if (settings.sdk.blockEmailSubaddresses && local.includes('+')) {
    throw new ApiError(400, 'invalid_email_address', 'Email subaddresses are not allowed.', path);
  }
}
