import type { ProjectSettings } from '@latchkey/protocol';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { loadAppleSdk } from './loadAppleSdk.js';
import { base64urlnopad, hex } from '@scure/base';

/** Where Apple's CDN serves "Sign in with Apple JS", after the origin (`baseAuthUrl`). */
export const APPLE_SDK_PATH = '/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

/** `AppleID.auth.init`'s options (Apple's names). */
export interface AppleIdInitOptions {
  clientId: string;
  scope: string;
  redirectURI: string;
  state: string;
  /** What the ID token's `nonce` claim will be: here the SHA-256 (hex) of the kit's raw nonce. */
  nonce: string;
  /** true: Apple's popup (`signIn()` resolves with the answer); false: `signIn()` navigates the page to Apple, which returns to `redirectURI`. */
  usePopup: boolean;
}

/** What `AppleID.auth.signIn()` resolves with (popup mode). It rejects with `{ error }`, e.g. 'popup_closed_by_user'. */
export interface AppleIdSignInResponse {
  authorization: { code?: string; id_token?: string; state?: string };
  user?: unknown;
}

/** The part of Apple's global `AppleID.auth` the kit uses. */
export interface AppleIdAuth {
  init(options: AppleIdInitOptions): void;
  /** Popup mode: the answer. Redirect mode: the page leaves (the promise does not settle) unless it rejects. */
  signIn(): Promise<AppleIdSignInResponse>;
}

/** Loads the SDK from `src` and returns its `AppleID.auth` (injected in tests). */
export type AppleSdkLoader = (src: string) => Promise<AppleIdAuth>;

/**
 * The SDK URL for the project: the Apple provider entry's `baseAuthUrl` (the origin serving Apple's
 * JS; the sandbox points it at its emulation) with Apple's path, else Apple's CDN (`APPLE_SDK_URL`).
 */
export function appleSdkUrlOf(settings: ProjectSettings | undefined): string | undefined {
  const base = settings?.providers.find((entry) => entry.provider === 'apple')?.baseAuthUrl;
  return base ? `${base.replace(/\/+$/, '')}${APPLE_SDK_PATH}` : undefined;
}

/** The real loader: `loadAppleSdk` (once per page), then the global the script defines. */
export const loadAppleIdAuth: AppleSdkLoader = async (src) => {
  await loadAppleSdk({ src });
  const auth = (globalThis as { AppleID?: { auth?: Partial<AppleIdAuth> } }).AppleID?.auth;
  if (typeof auth?.init !== 'function' || typeof auth.signIn !== 'function') {
    throw new LatchkeyError('apple_sdk_load_failed', { cause: new Error('the script did not define AppleID.auth') });
  }
  return auth as AppleIdAuth;
};

/** A fresh raw nonce (base64url of 32 random bytes) and the SHA-256 hex that Apple puts in the ID token. */
export async function createAppleNonce(): Promise<{ raw: string; hashed: string }> {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const raw = base64urlnopad.encode(bytes);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(raw)));
  return { raw, hashed: hex.encode(digest) };
}

/** `signIn()`'s rejection as the flow's error: a closed popup is the user cancelling; anything else is Apple's error. */
export function appleSignInError(rejection: unknown): LatchkeyError {
  if (rejection instanceof LatchkeyError) return rejection;
  const code = typeof rejection === 'object' && rejection !== null ? (rejection as { error?: unknown }).error : undefined;
  if (code === 'popup_closed_by_user' || code === 'user_cancelled_authorize') return new LatchkeyError('user_cancelled_connection');
  return new LatchkeyError('social_oauth_error', { params: { provider: 'apple', error: typeof code === 'string' ? code : 'unknown_error' }, cause: rejection });
}
