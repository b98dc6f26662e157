import * as z from 'zod/mini';
import { clientWalletErrorCodes, socialLinkingErrorCodes } from './clientErrorCodes.js';
import { accessErrorCodes, captchaErrorCodes, serverErrorCodes, socialLinkingServerErrorCodes, transportErrorCodes } from './errorCodes.js';

// The code lists themselves are plain data in errorCodes.ts and clientErrorCodes.ts.

export const serverErrorCodeSchema = z.enum([...serverErrorCodes, ...socialLinkingServerErrorCodes, ...transportErrorCodes, ...captchaErrorCodes, ...accessErrorCodes]);

/** Body of every non-2xx product API response. */
export const errorBodySchema = z.object({
  error: z.object({
    code: serverErrorCodeSchema,
    message: z.string(),
    /** For validation failures: where in the request the problem is, e.g. `email` or `metadata.team`. */
    path: z.optional(z.string()),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const clientWalletErrorCodeSchema = z.enum(clientWalletErrorCodes);

export const socialLinkingErrorCodeSchema = z.enum(socialLinkingErrorCodes);
