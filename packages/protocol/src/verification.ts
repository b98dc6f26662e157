import { z } from 'zod';

/** Verification records of SPEC §3 (e-mail part; SMS joins with its issue). */

export const emailSchema = z.email({ message: 'must be a valid e-mail address' });

/** Email sign-in: the body of `emailVerifications/create`. */
export const emailSignInSchema = z.object({
  email: emailSchema,
  captchaToken: z.string().optional(),
});
export type EmailSignIn = z.infer<typeof emailSignInSchema>;

/** Email verification: the body of `emailVerifications/retry` (and the verification record). */
export const emailVerificationSchema = z.object({
  verificationUUID: z.uuid(),
  email: emailSchema,
  captchaToken: z.string().optional(),
  verificationToken: z.string().optional(),
});
export type EmailVerification = z.infer<typeof emailVerificationSchema>;

/** Answer of `emailVerifications/create` and `/retry`. */
export const verificationCreatedSchema = z.object({ verificationUUID: z.uuid() });
export type VerificationCreated = z.infer<typeof verificationCreatedSchema>;

/** Verification data: the body of `…/signin` and `…/verify`. */
export const verificationDataSchema = z.object({
  verificationUUID: z.uuid(),
  verificationToken: z.string().min(1),
  captchaToken: z.string().optional(),
  sessionPublicKey: z.string().optional(),
});
export type VerificationData = z.infer<typeof verificationDataSchema>;
