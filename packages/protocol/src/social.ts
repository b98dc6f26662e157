import * as z from 'zod/mini';
import { secureUrlSchema, sessionPublicKeySchema } from './common.js';

/** Social (OAuth) and Telegram sign-in records of SPEC §3/§4. */

/** An OAuth `state`: opaque, at least 16 characters (it must be unguessable). */
export const oauthStateValueSchema = z.string().check(z.minLength(16, { message: 'must be at least 16 characters' }), z.maxLength(512), z.regex(/^[\x21-\x7e]+$/, { message: 'must be printable ASCII without spaces' }));

/** PKCE code verifier (RFC 7636): 43 to 128 unreserved characters. */
export const codeVerifierSchema = z.string().check(z.regex(/^[A-Za-z0-9._~-]{43,128}$/, { message: 'must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~' }));

/** PKCE S256 challenge: base64url of a SHA-256 digest (43 characters). */
export const codeChallengeSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be the base64url SHA-256 of the code verifier (43 characters)' }));

/** OAuth state record of SPEC §3: the state sent and where the provider returns to. */
export const oauthStateSchema = z.object({ state: oauthStateValueSchema, redirectUrl: secureUrlSchema });
export type OAuthState = z.infer<typeof oauthStateSchema>;

/**
 * Sign in with Apple's nonce as the kit commits to it: the SHA-256 of the raw nonce, lowercase hex
 * (64 characters). Apple puts it in the ID token's `nonce` claim; the raw nonce comes at the exchange.
 */
const hashedNonceSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/, { message: 'must be the SHA-256 of the nonce in lowercase hex (64 characters)' }));

/** The raw nonce of an Apple (SDK) exchange: 43 to 128 unreserved characters, like a PKCE verifier. */
const rawNonceSchema = codeVerifierSchema;

/**
 * POST /providers/{provider}/initAuth body: a PKCE challenge, or — Sign in with Apple's JS SDK only,
 * which has no PKCE — the hashed `nonce` the ID token will be bound to.
 */
export const oauthInitAuthSchema = z.object({
    codeChallenge: z.optional(codeChallengeSchema),
    codeChallengeMethod: z._default(z.literal('S256'), 'S256'),
    nonce: z.optional(hashedNonceSchema),
    /** Where the provider returns to; the sandbox's redirect page when omitted. */
    redirectUrl: z.optional(secureUrlSchema),
  }).check(z.refine((value) => value.codeChallenge !== undefined || value.nonce !== undefined, { message: 'is required (or, for Apple, nonce)', path: ['codeChallenge'] }));
export type OAuthInitAuth = z.input<typeof oauthInitAuthSchema>;

/** POST /providers/{provider}/initAuth answer: the provider login URL and the state it carries. */
export const oauthInitAuthResponseSchema = z.extend(oauthStateSchema, { authorizationUrl: secureUrlSchema });
export type OAuthInitAuthResponse = z.infer<typeof oauthInitAuthResponseSchema>;

/** OAuth code exchange of SPEC §3: POST /providers/{provider}/signIn and /verify. */
export const oauthCodeExchangeSchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(2048)),
  /** PKCE verifier; required for every provider except Apple's SDK flow, which sends `nonce` instead. */
  codeVerifier: z.optional(codeVerifierSchema),
  /** Apple's SDK flow: the raw nonce whose SHA-256 (hex) was sent to initAuth and is in the ID token. */
  nonce: z.optional(rawNonceSchema),
  state: oauthStateValueSchema,
  captchaToken: z.optional(z.string()),
  sessionPublicKey: z.optional(sessionPublicKeySchema),
}).check(z.refine((value) => value.codeVerifier !== undefined || value.nonce !== undefined, { message: 'is required (or, for Apple, nonce)', path: ['codeVerifier'] }));
export type OAuthCodeExchange = z.infer<typeof oauthCodeExchangeSchema>;

/** GET /providers/{provider}/redirect query: what the provider appends to the redirect URL. */
export const oauthRedirectQuerySchema = z.object({
  code: z.optional(z.string().check(z.minLength(1))),
  state: z.optional(z.string()),
  error: z.optional(z.string()),
  error_description: z.optional(z.string()),
});

/** The message the redirect page posts to its opener (SPEC §7: type, provider, code, error, state). */
export const oauthPopupMessageSchema = z.object({
  type: z.literal('authorization_response'),
  provider: z.string().check(z.minLength(1)),
  code: z.optional(z.string()),
  error: z.optional(z.string()),
  state: z.optional(z.string()),
});
export type OAuthPopupMessage = z.infer<typeof oauthPopupMessageSchema>;

/**
 * A widget field as one line: the data-check string the hash covers joins `key=value` fields with line breaks, so a
 * value holding one (or another control character) could move text between fields under the same hash — a login
 * signed for one id read as another's.
 */
const telegramText = () => z.string().check(z.regex(/^[^\u0000-\u001f\u007f]*$/, { message: 'must not contain line breaks or other control characters' }));

/** Telegram auth of SPEC §3: the data the Telegram login widget returns, camel-cased. */
export const telegramAuthSchema = z.object({
  id: z.int().check(z.positive()),
  firstName: telegramText().check(z.minLength(1)),
  lastName: z.optional(telegramText()),
  username: z.optional(telegramText()),
  photoURL: z.optional(secureUrlSchema),
  /** Unix seconds. */
  authDate: z.int().check(z.positive()),
  /** HMAC-SHA-256 of the data-check string, hex. */
  hash: z.string().check(z.regex(/^[0-9a-f]{64}$/, { message: 'must be 64 lowercase hex digits' })),
});
export type TelegramAuth = z.infer<typeof telegramAuthSchema>;

/**
 * POST /telegram/initAuth body: nothing. The answer (as initAuth's) names a fresh state, bound to the caller's
 * `Origin` — the only origin the login page will hand Telegram's data to — and the page to open with it.
 */
export const telegramInitAuthSchema = z.strictObject({});

/** GET /telegram/auth query. */
export const telegramAuthQuerySchema = z.object({ state: oauthStateValueSchema });

/** POST /telegram/signin and /telegram/verify: the widget data plus the state the kit sent. */
export const telegramSignInSchema = z.object({
  telegramAuth: telegramAuthSchema,
  state: oauthStateValueSchema,
  captchaToken: z.optional(z.string()),
  sessionPublicKey: z.optional(sessionPublicKeySchema),
});
export type TelegramSignIn = z.infer<typeof telegramSignInSchema>;

/** An HTML page (routes that answer a browser, not the kit). */
export const htmlPageSchema = z.string();
