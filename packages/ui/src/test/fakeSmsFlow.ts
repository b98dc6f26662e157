import { vi } from 'vitest';
import type { SmsFlowModel } from '../flows/SmsSignIn/SmsSignInModel.js';
import type { SmsCountry } from '../flows/SmsSignIn/countries.js';
import { smsFlowModel } from './flowModels.js';

/** A fixed SMS flow view model with `vi.fn()` commands, for rendering one state. */
export const fakeSmsFlow = (overrides: Partial<SmsFlowModel> = {}): SmsFlowModel => smsFlowModel(() => vi.fn(), overrides);

export const testCountries: readonly SmsCountry[] = [
  { isoCountryCode: 'US', phoneCountryCode: '1' },
  { isoCountryCode: 'GB', phoneCountryCode: '44' },
  { isoCountryCode: 'DE', phoneCountryCode: '49' },
];

export { invalidPhoneError, rateLimitError, sentToUk, tooManySmsAttemptsError, wrongSmsCodeError } from './flowModels.js';
