import * as z from 'zod/mini';
import { sessionPublicKeySchema } from './common.js';
import { EMAIL_PATTERN } from './constants.js';

/** Verification records of SPEC §3: e-mail and phone (SMS) codes. */

export const emailSchema = z.email({ pattern: EMAIL_PATTERN, message: 'must be a valid e-mail address' });

/** Email sign-in: the body of `emailVerifications/create`. */
export const emailSignInSchema = z.object({
  email: emailSchema,
  captchaToken: z.optional(z.string()),
});
export type EmailSignIn = z.infer<typeof emailSignInSchema>;

/** Email verification: the body of `emailVerifications/retry` (and the verification record). */
export const emailVerificationSchema = z.object({
  verificationUUID: z.uuid(),
  email: emailSchema,
  captchaToken: z.optional(z.string()),
  verificationToken: z.optional(z.string()),
});
export type EmailVerification = z.infer<typeof emailVerificationSchema>;

/** Answer of `emailVerifications/create` and `/retry`. */
export const verificationCreatedSchema = z.object({ verificationUUID: z.uuid() });
export type VerificationCreated = z.infer<typeof verificationCreatedSchema>;

/** Verification data: the body of `…/signin` and `…/verify`. */
export const verificationDataSchema = z.object({
  verificationUUID: z.uuid(),
  verificationToken: z.string().check(z.minLength(1)),
  captchaToken: z.optional(z.string()),
  sessionPublicKey: z.optional(sessionPublicKeySchema),
});
export type VerificationData = z.infer<typeof verificationDataSchema>;

// ---- phone (SMS) ------------------------------------------------------------------------------

/** Message of SPEC §8 for a phone number that cannot be right. */
export const INVALID_PHONE_NUMBER_MESSAGE = 'Invalid phone number.';

/** National significant number: 4 to 14 digits, no spaces, no leading `+`. */
export const phoneNumberSchema = z.string().check(z.regex(/^\d{4,14}$/, { message: INVALID_PHONE_NUMBER_MESSAGE }));
/** Country calling code without `+`, e.g. `1` or `44`. */
export const phoneCountryCodeSchema = z.string().check(z.regex(/^[1-9]\d{0,2}$/, { message: 'must be a country calling code of 1 to 3 digits, without +' }));
/** ISO 3166-1 alpha-2 country code, e.g. `US`. */
export const isoCountryCodeSchema = z.string().check(z.regex(/^[A-Z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 country code such as US' }));

/** Phone sign-in: the body of `smsVerifications/create`. */
export const phoneSignInSchema = z.object({
  phoneCountryCode: phoneCountryCodeSchema,
  phoneNumber: phoneNumberSchema,
  isoCountryCode: isoCountryCodeSchema,
  captchaToken: z.optional(z.string()),
});
export type PhoneSignIn = z.infer<typeof phoneSignInSchema>;

/** Phone verification: the body of `smsVerifications/retry` (and the verification record). */
export const phoneVerificationSchema = z.extend(phoneSignInSchema, { verificationUUID: z.uuid() });
export type PhoneVerification = z.infer<typeof phoneVerificationSchema>;
