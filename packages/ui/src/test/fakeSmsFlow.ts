import { vi } from 'vitest';
import type { SmsCountry, SmsFlowModel } from '../flows/PhoneSignIn/types.js';

/** A fixed SMS flow view model with spy commands, for rendering one state. */
export function fakeSmsFlow(overrides: Partial<SmsFlowModel> = {}): SmsFlowModel {
  return {
    status: 'idle',
    phone: undefined,
    sentTo: undefined,
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

export const testCountries: readonly SmsCountry[] = [
  { isoCountryCode: 'US', phoneCountryCode: '1' },
  { isoCountryCode: 'GB', phoneCountryCode: '44' },
  { isoCountryCode: 'DE', phoneCountryCode: '49' },
];

export const sentToUk = { e164: '+447400123456', international: '+44 7400 123456' };
export const invalidPhoneError = { code: 'invalid_phone', message: 'Invalid phone number.' };
export const wrongSmsCodeError = { code: 'wrong_sms_verification_token', message: 'The code is invalid or expired.' };
export const rateLimitError = { code: 'too_many_requests', message: 'Rate limit reached' };
export const tooManySmsAttemptsError = { code: 'too_many_sms_verification_attempts', message: 'Too many SMS verification attempts.' };
