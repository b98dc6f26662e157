import type { CodeChannel } from '../verification/CodeChannel.js';
import { checkPhone, smsProvider } from './phoneNumber.js';

/** A code is valid this long after it was (re)sent. */
export const SMS_CODE_TTL_MS = 10 * 60_000;
/** The wrong code that reaches this count burns the verification. */
export const MAX_WRONG_SMS_CODES = 3;
/** One verification may be sent at most this many times (the create plus retries). */
export const MAX_SMS_SENDS = 5;
/** Credential format of a verified phone number (SPEC §3 credential kinds). */
export const PHONE_CREDENTIAL = 'phoneNumber';

export const smsMessages = {
  tooManyAttempts: 'Too many SMS verification attempts.',
  phoneTaken: 'Another account already uses this phone number.',
} as const;

type PhoneInput = { phoneCountryCode: string; phoneNumber: string; isoCountryCode: string };

/** SMS codes (`/smsVerifications/*`): the code lifecycle and sign-in of `services/verification/` with SMS's data. */
export const smsVerification: CodeChannel<PhoneInput, PhoneInput & { verificationUUID: string }> = {
  channel: 'sms',
  table: 'sms_verifications',
  recipientColumn: 'phone_e164',
  hashPrefix: 'sms:',
  ttlMs: SMS_CODE_TTL_MS,
  maxWrongCodes: MAX_WRONG_SMS_CODES,
  maxSends: MAX_SMS_SENDS,
  credentialFormat: PHONE_CREDENTIAL,
  profileKey: 'phoneNumber',
  errors: {
    invalid: 'invalid_sms_verification',
    wrongCode: 'wrong_sms_verification_token',
    tooManyAttempts: 'too_many_sms_verification_attempts',
    tooManyAttemptsMessage: smsMessages.tooManyAttempts,
    taken: { code: 'user_has_already_account_with_phone_number', message: smsMessages.phoneTaken, path: 'phoneNumber' },
  },
  message: (app, code) => ({
    subject: `SMS from ${app}`,
    text: `${code} is your ${app} verification code. It expires in ${SMS_CODE_TTL_MS / 60_000} minutes.`,
  }),
  acceptCreate(settings, input) {
    const phone = checkPhone(settings, input);
    return { recipient: phone.e164, columns: { iso_country_code: phone.isoCountryCode } };
  },
  acceptRetry: (settings, input) => checkPhone(settings, input).e164,
  assertSignInEnabled: smsProvider,
  assertAddEnabled: smsProvider,
};
