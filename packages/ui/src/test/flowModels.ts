import type { EmailFlowModel } from '../flows/EmailSignIn/EmailSignInModel.js';
import type { PasskeyFlowModel, PasskeyItem } from '../flows/Passkey/types.js';
import type { SmsFlowModel } from '../flows/SmsSignIn/SmsSignInModel.js';
import type { SendFlowModel } from '../flows/SendTransaction/SendTransactionModel.js';

/**
 * Flow view models fixed in one state, for rendering a step or a view without a machine. Shared by the jsdom tests
 * (`vi.fn()` spies, test/fake*Flow.ts) and the stories (`fn().mockName()`, stories/fixtures.ts): each passes how to
 * make a spy for a command.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a spy stands in for any command's signature
export type SpyFactory = (command: string) => (...args: any[]) => any;

export function emailFlowModel(spy: SpyFactory, overrides: Partial<EmailFlowModel> = {}): EmailFlowModel {
  return {
    status: 'idle',
    email: undefined,
    error: undefined,
    isBusy: false,
    sendCode: spy('sendCode'),
    resendCode: spy('resendCode'),
    submitCode: spy('submitCode'),
    cancel: spy('cancel'),
    reset: spy('reset'),
    ...overrides,
  };
}

export function smsFlowModel(spy: SpyFactory, overrides: Partial<SmsFlowModel> = {}): SmsFlowModel {
  return {
    status: 'idle',
    phone: undefined,
    sentTo: undefined,
    error: undefined,
    isBusy: false,
    sendCode: spy('sendCode'),
    resendCode: spy('resendCode'),
    submitCode: spy('submitCode'),
    cancel: spy('cancel'),
    reset: spy('reset'),
    ...overrides,
  };
}

export function passkeyFlowModel(spy: SpyFactory, overrides: Partial<PasskeyFlowModel> = {}): PasskeyFlowModel {
  return {
    status: 'idle',
    passkeys: undefined,
    registered: undefined,
    error: undefined,
    isBusy: false,
    isCeremony: false,
    register: spy('register'),
    signIn: spy('signIn'),
    load: spy('load'),
    rename: spy('rename'),
    remove: spy('remove'),
    cancel: spy('cancel'),
    reset: spy('reset'),
    ...overrides,
  };
}

/** The errors of SPEC §8 the code flows show, with their exact wording. */
export function sendFlowModel(spy: SpyFactory, overrides: Partial<SendFlowModel> = {}): SendFlowModel {
  return {
    status: 'idle',
    request: undefined,
    fee: undefined,
    simulation: undefined,
    signature: undefined,
    error: undefined,
    isBusy: false,
    prepare: spy('prepare'),
    confirm: spy('confirm'),
    resign: spy('resign'),
    retry: spy('retry'),
    canRetry: false,
    cancel: spy('cancel'),
    reset: spy('reset'),
    ...overrides,
  };
}

export const wrongCodeError = { code: 'wrong_email_verification_token', message: 'The code is invalid or expired.' };
export const tooManyAttemptsError = { code: 'too_many_email_verification_attempts', message: 'Too many email verification attempts.' };
export const invalidPhoneError = { code: 'invalid_phone', message: 'Invalid phone number.' };
export const wrongSmsCodeError = { code: 'wrong_sms_verification_token', message: 'The code is invalid or expired.' };
export const rateLimitError = { code: 'too_many_requests', message: 'Rate limit reached' };
export const tooManySmsAttemptsError = { code: 'too_many_sms_verification_attempts', message: 'Too many SMS verification attempts.' };

export const sentToUk = { e164: '+447400123456', international: '+44 7400 123456', phoneCountryCode: '44', phoneNumber: '7400123456', isoCountryCode: 'GB' };

export const samplePasskeys: PasskeyItem[] = [
  { id: 'pk-1', alias: 'MacBook', createdAt: '2026-03-02T10:00:00.000Z', storage: 'platform' },
  { id: 'pk-2', alias: null, createdAt: '2026-04-11T08:30:00.000Z', storage: 'cross-platform' },
];
