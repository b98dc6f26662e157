// @latchkey/headless/email — e-mail code sign-in and e-mail verification: actions and the machine.
// Its own entry, so a host's first chunk (client, session) does not carry the flow.

export { createEmailVerification, type CreateEmailVerificationParameters, type CreateEmailVerificationReturnType } from '../core/actions/createEmailVerification.js';
export { retryEmailVerification, type RetryEmailVerificationParameters, type RetryEmailVerificationReturnType } from '../core/actions/retryEmailVerification.js';
export { signInWithEmailVerification, type SignInWithEmailVerificationParameters, type SignInWithEmailVerificationReturnType } from '../core/actions/signInWithEmailVerification.js';
export { verifyEmailVerification, type VerifyEmailVerificationParameters, type VerifyEmailVerificationReturnType } from '../core/actions/verifyEmailVerification.js';

export {
  emailSignInMachine,
  emailSignInStatus,
  type EmailSignInActorRef,
  type EmailSignInClient,
  type EmailSignInContext,
  type EmailSignInEvent,
  type EmailSignInInput,
  type EmailSignInMachine,
  type EmailSignInSnapshot,
  type EmailSignInStatus,
} from '../core/machines/emailSignIn/emailSignInMachine.js';
export type { Purpose } from '../core/machines/signInHandOver.js';
