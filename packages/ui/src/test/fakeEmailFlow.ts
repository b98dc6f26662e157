import { vi } from 'vitest';
import type { EmailFlowModel } from '../flows/EmailSignIn/types.js';

/** A fixed e-mail flow view model with spy commands, for rendering one state. */
export function fakeEmailFlow(overrides: Partial<EmailFlowModel> = {}): EmailFlowModel {
  return {
    status: 'idle',
    email: undefined,
    error: undefined,
    isBusy: false,
    sendCode: vi.fn(),
    resendCode: vi.fn(),
    submitCode: vi.fn(),
    cancel: vi.fn(),
    reset: vi.fn(),
    ...overrides,
  };
}

export const wrongCodeError = { code: 'wrong_email_verification_token', message: 'The code is invalid or expired.' };
export const tooManyAttemptsError = {
  code: 'too_many_email_verification_attempts',
  message: 'Too many email verification attempts.',
};
