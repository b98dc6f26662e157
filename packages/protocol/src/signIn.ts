import * as z from 'zod/mini';
import { isoDateSchema } from './common.js';
import { userSchema } from './user.js';

const signInResponseShape = z.object({
  jwt: z.optional(z.string()),
  minifiedJwt: z.optional(z.string()),
  user: userSchema,
  expiresAt: z.optional(isoDateSchema),
  mfaToken: z.optional(z.string()),
  nextView: z.optional(z.string()),
  emailVerification: z.optional(z.object({ verificationUUID: z.string(), email: z.string() })),
  smsVerification: z.optional(z.object({ verificationUUID: z.string(), phoneNumber: z.string() })),
});

/**
 * Sign-in response of SPEC §3. Without a second factor pending, `jwt` and `user` are present; with one, `mfaToken`.
 * An answer with neither signs nobody in, and a flow must not say it did: it fails the check (`invalid_response`).
 */
export const signInResponseSchema = signInResponseShape.check(
  z.refine((response) => response.jwt !== undefined || response.mfaToken !== undefined, { message: 'a sign-in response carries a jwt or an mfaToken', path: ['jwt'] }),
);

/**
 * The answer of a second factor (POST /users/mfa/auth/*): the session itself. Another `mfaToken` instead would leave
 * the challenge where it was while the flow said it was done.
 */
export const sessionResponseSchema = signInResponseShape.check(z.refine((response) => response.jwt !== undefined, { message: 'a second factor answers with the session (jwt)', path: ['jwt'] }));
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** GET /session: the session the bearer token belongs to. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  userId: z.string(),
  createdAt: isoDateSchema,
  expiresAt: isoDateSchema,
  revokedAt: z.nullable(isoDateSchema),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
