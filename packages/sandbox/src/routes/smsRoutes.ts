import { clientAddressOf } from '../http/clientAddress.js';
import { assertCaptcha } from '../services/captcha/assertCaptcha.js';
import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import { withAutomaticEmbeddedWallet } from '../services/embedded/embeddedWallets.js';
import { smsVerification } from '../services/sms/smsVerification.js';
import { createVerification, retryVerification } from '../services/verification/verificationCodes.js';
import { addVerifiedRecipient, signInWithVerification } from '../services/verification/verifiedRecipient.js';

/** POST /smsVerifications/create: a new verification, its code sent by "SMS" to the inbox. */
async function createSmsVerification({ ctx, body, c }: RouteInput<'createSmsVerification'>) {
  await assertCaptcha(ctx, body.captchaToken);
  return createVerification(ctx, smsVerification, body, { address: clientAddressOf(c) });
}

/** POST /smsVerifications/retry: a new code for the same verification and number (the old one stops working). */
async function retrySmsVerification({ ctx, body, c }: RouteInput<'retrySmsVerification'>) {
  await assertCaptcha(ctx, body.captchaToken);
  return retryVerification(ctx, smsVerification, body, { address: clientAddressOf(c) });
}

/** POST /smsVerifications/signin: the code signs the number's owner in (a new user gets the automatic embedded wallet). */
async function signInWithSmsVerification({ ctx, body }: RouteInput<'signInWithSmsVerification'>) {
  return withAutomaticEmbeddedWallet(ctx, await signInWithVerification(ctx, smsVerification, body), { sessionPublicKey: body.sessionPublicKey });
}

/** POST /smsVerifications/verify: the code adds the number to the signed-in user. */
function verifySmsVerification({ ctx, auth, body }: RouteInput<'verifySmsVerification', 'session'>) {
  return addVerifiedRecipient(ctx, smsVerification, auth, body);
}

export const smsRoutes: RouteTable = {
  createSmsVerification: { auth: 'public', handler: createSmsVerification },
  retrySmsVerification: { auth: 'public', handler: retrySmsVerification },
  signInWithSmsVerification: { auth: 'public', handler: signInWithSmsVerification },
  verifySmsVerification: { auth: 'session', handler: verifySmsVerification },
};
