import * as z from 'zod';
import { isoDateSchema } from './common.js';
import { userSchema } from './user.js';

/** Sign-in response of SPEC §3. Without a second factor pending, `jwt` and `user` are present. */
export const signInResponseSchema = z.object({
  jwt: z.string().optional(),
  minifiedJwt: z.string().optional(),
  user: userSchema,
  expiresAt: isoDateSchema.optional(),
  mfaToken: z.string().optional(),
  nextView: z.string().optional(),
  emailVerification: z.object({ verificationUUID: z.string(), email: z.string() }).optional(),
  smsVerification: z.object({ verificationUUID: z.string(), phoneNumber: z.string() }).optional(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** GET /session: the session the bearer token belongs to. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  userId: z.string(),
  createdAt: isoDateSchema,
  expiresAt: isoDateSchema,
  revokedAt: isoDateSchema.nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
