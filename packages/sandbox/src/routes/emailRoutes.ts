import { clientAddressOf } from '../http/clientAddress.js';
import { assertCaptcha } from '../services/captcha/assertCaptcha.js';
import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import { emailVerification } from '../services/email/emailVerification.js';
import { withAutomaticEmbeddedWallet } from '../services/embedded/embeddedWallets.js';
import { createVerification, retryVerification } from '../services/verification/verificationCodes.js';
import { addVerifiedRecipient, signInWithVerification } from '../services/verification/verifiedRecipient.js';

/** POST /emailVerifications/create: a new verification, its code sent to the inbox. */
async function createEmailVerification({ ctx, body, c }: RouteInput<'createEmailVerification'>) {
  await assertCaptcha(ctx, body.captchaToken);
  return createVerification(ctx, emailVerification, body, { address: clientAddressOf(c) });
}

/** POST /emailVerifications/retry: a new code for the same verification (the old one stops working). */
async function retryEmailVerification({ ctx, body, c }: RouteInput<'retryEmailVerification'>) {
  await assertCaptcha(ctx, body.captchaToken);
  return retryVerification(ctx, emailVerification, body, { address: clientAddressOf(c) });
}

/** POST /emailVerifications/signin: the code signs the address's owner in (a new user gets the automatic embedded wallet). */
async function signInWithEmailVerification({ ctx, body }: RouteInput<'signInWithEmailVerification'>) {
  return withAutomaticEmbeddedWallet(ctx, await signInWithVerification(ctx, emailVerification, body), { sessionPublicKey: body.sessionPublicKey });
}

/** POST /emailVerifications/verify: the code adds the address to the signed-in user. */
function verifyEmailVerification({ ctx, auth, body }: RouteInput<'verifyEmailVerification', 'session'>) {
  return addVerifiedRecipient(ctx, emailVerification, auth, body);
}

export const emailRoutes: RouteTable = {
  createEmailVerification: { auth: 'public', handler: createEmailVerification },
  retryEmailVerification: { auth: 'public', handler: retryEmailVerification },
  signInWithEmailVerification: { auth: 'public', handler: signInWithEmailVerification },
  verifyEmailVerification: { auth: 'session', handler: verifyEmailVerification },
};
