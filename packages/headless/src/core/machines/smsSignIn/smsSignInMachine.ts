import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { createSmsVerification } from '../../actions/createSmsVerification.js';
import { retrySmsVerification } from '../../actions/retrySmsVerification.js';
import { signInWithSmsVerification } from '../../actions/signInWithSmsVerification.js';
import { verifySmsVerification } from '../../actions/verifySmsVerification.js';
import { parsePhone, type ParsedPhone, type PhoneInput } from '../../validation/parsePhone.js';
import {
  attemptLimitGuard,
  codeVerificationMachine,
  codeVerificationStatus,
  type CodeVerificationStatus,
  type SendCodeInput,
  type SentCode,
  type VerifyCodeInput,
} from '../codeVerification/codeVerificationMachine.js';

export type {
  CodeVerificationClient as SmsSignInClient,
  CodeVerificationContext as SmsSignInContext,
  CodeVerificationEvent as SmsSignInEvent,
  CodeVerificationInput as SmsSignInInput,
} from '../codeVerification/codeVerificationMachine.js';

/**
 * SMS one-time-code sign-in: the code-verification machine with the SMS channel. The number (`PhoneInput`) is
 * checked while sending (the phone-number library loads then, never before): a bad one returns to `idle` with
 * 'Invalid phone number.'; a resend reuses the checked number (`sentTo`, a `ParsedPhone`). `/signin` signs in, or
 * `/verify` adds the number to the signed-in user (`purpose: 'link'`); too many resends is 'Rate limit reached'; the
 * attempt limit is 'Too many SMS verification attempts.'.
 */
export const smsSignInMachine = codeVerificationMachine.provide({
  actors: {
    sendCode: fromPromise<SentCode, SendCodeInput>(async ({ input }) => {
      const parsedPhone = (input.sentTo as ParsedPhone | undefined) ?? (await parsePhone(input.destination as PhoneInput));
      const captchaToken = await input.client.captcha?.token();
      const parts = {
        phoneCountryCode: parsedPhone.phoneCountryCode,
        phoneNumber: parsedPhone.phoneNumber,
        isoCountryCode: parsedPhone.isoCountryCode,
        ...(captchaToken === undefined ? {} : { captchaToken }),
      };
      const created = input.verificationUUID
        ? await retrySmsVerification(input.client, { verificationUUID: input.verificationUUID, ...parts })
        : await createSmsVerification(input.client, parts);
      return { verificationUUID: created.verificationUUID, sentTo: parsedPhone };
    }),
    verifyCode: fromPromise(({ input }: { input: VerifyCodeInput }) => {
      const body = { verificationUUID: input.verificationUUID, verificationToken: input.code };
      return input.purpose === 'link' ? verifySmsVerification(input.client, body) : signInWithSmsVerification(input.client, body);
    }),
  },
  guards: {
    isAttemptLimit: attemptLimitGuard(['too_many_sms_verification_attempts', 'too_many_verification_attempts']),
  },
});

export type SmsSignInMachine = typeof smsSignInMachine;
export type SmsSignInActorRef = ActorRefFrom<SmsSignInMachine>;
export type SmsSignInSnapshot = SnapshotFrom<SmsSignInMachine>;
export type SmsSignInStatus = CodeVerificationStatus;
export const smsSignInStatus: (snapshot: SmsSignInSnapshot) => SmsSignInStatus = codeVerificationStatus;
