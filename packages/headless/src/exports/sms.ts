// @latchkey/headless/sms — SMS code sign-in and phone verification: actions, the machine, phone parsing
// (the phone-number library itself loads lazily). Its own entry, off a host's first chunk.

export { createSmsVerification, type CreateSmsVerificationParameters, type CreateSmsVerificationReturnType } from '../core/actions/createSmsVerification.js';
export { retrySmsVerification, type RetrySmsVerificationParameters, type RetrySmsVerificationReturnType } from '../core/actions/retrySmsVerification.js';
export { signInWithSmsVerification, type SignInWithSmsVerificationParameters, type SignInWithSmsVerificationReturnType } from '../core/actions/signInWithSmsVerification.js';
export { verifySmsVerification, type VerifySmsVerificationParameters, type VerifySmsVerificationReturnType } from '../core/actions/verifySmsVerification.js';

export {
  smsSignInMachine,
  smsSignInStatus,
  type SmsSignInActorRef,
  type SmsSignInClient,
  type SmsSignInContext,
  type SmsSignInEvent,
  type SmsSignInInput,
  type SmsSignInMachine,
  type SmsSignInSnapshot,
  type SmsSignInStatus,
} from '../core/machines/smsSignIn/smsSignInMachine.js';
export type { Purpose } from '../core/machines/signInHandOver.js';
export { looksLikePhone, parsePhone, type ParsedPhone, type PhoneInput } from '../core/validation/parsePhone.js';
