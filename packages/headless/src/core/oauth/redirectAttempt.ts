import type { SocialProvider } from '@latchkey/protocol';
import type { ValueParser } from '../storage/createStore.js';

/** What survives the full-page round trip of the redirect strategy. */
export interface StoredRedirectAttempt {
  provider: SocialProvider;
  /** `signIn`, or `link` to the signed-in user. */
  purpose: 'signIn' | 'link';
  state: string;
  /** The PKCE verifier ('' for Apple's SDK, which binds the attempt to `nonce` instead). */
  verifier: string;
  /** Apple's SDK redirect: the raw nonce whose SHA-256 (hex) went to initAuth and to `AppleID.auth.init`. */
  nonce?: string;
  /** ms since epoch */
  createdAt: number;
}

/** A hand-written guard (no zod at first paint): a malformed stored value is dropped by the store. */
export const storedRedirectAttempt: ValueParser<StoredRedirectAttempt> = {
  safeParse(value) {
    const record = value as Record<string, unknown> | null;
    const ok =
      typeof record === 'object' &&
      record !== null &&
      typeof record['provider'] === 'string' &&
      (record['purpose'] === 'signIn' || record['purpose'] === 'link') &&
      typeof record['state'] === 'string' &&
      typeof record['verifier'] === 'string' &&
      (record['nonce'] === undefined || typeof record['nonce'] === 'string') &&
      typeof record['createdAt'] === 'number';
    return ok ? { success: true, data: record as unknown as StoredRedirectAttempt } : { success: false, error: new Error('not a redirect attempt') };
  },
};

/** The provider's return as the redirect page hands it back to the app (query parameters). */
export interface RedirectReturn {
  provider: string;
  state: string | undefined;
  code: string | undefined;
  error: string | undefined;
  /** The same URL without the OAuth parameters. */
  cleanUrl: string;
}

const PARAMS = ['provider', 'state', 'code', 'error'] as const;

/** The return in `url`, or undefined when the URL carries no OAuth return (a `provider` and a `state`). */
export function readRedirectReturn(url: string): RedirectReturn | undefined {
  const parsed = new URL(url);
  const provider = parsed.searchParams.get('provider');
  const state = parsed.searchParams.get('state');
  if (!provider || !state) return undefined;
  const code = parsed.searchParams.get('code') ?? undefined;
  const error = parsed.searchParams.get('error') ?? undefined;
  for (const name of PARAMS) parsed.searchParams.delete(name);
  return { provider, state, code, error, cleanUrl: parsed.href };
}

/** True when the page was opened by a social redirect return (call `completeRedirect` then). */
export function hasRedirectReturn(url: string): boolean {
  return readRedirectReturn(url) !== undefined;
}
