import * as z from 'zod/mini';
import { isoDateSchema } from './common.js';
import { userSchema } from './user.js';

/** Sign-in response of SPEC §3. Without a second factor pending, `jwt` and `user` are present. */
export const signInResponseSchema = z.object({
  jwt: z.optional(z.string()),
  minifiedJwt: z.optional(z.string()),
  user: userSchema,
  expiresAt: z.optional(isoDateSchema),
  mfaToken: z.optional(z.string()),
  nextView: z.optional(z.string()),
  emailVerification: z.optional(z.object({ verificationUUID: z.string(), email: z.string() })),
  smsVerification: z.optional(z.object({ verificationUUID: z.string(), phoneNumber: z.string() })),
});
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
