import * as z from 'zod/mini';

/** Public key set entry of SPEC §3. */
export const jwkSchema = z.object({
  kid: z.string(),
  alg: z.literal('RS256'),
  kty: z.literal('RSA'),
  use: z.literal('sig'),
  e: z.string(),
  n: z.string(),
});
export type Jwk = z.infer<typeof jwkSchema>;

export const jwksSchema = z.object({ keys: z.array(jwkSchema).check(z.minLength(1)) });
export type Jwks = z.infer<typeof jwksSchema>;
