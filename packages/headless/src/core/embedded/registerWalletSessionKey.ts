import type { ProjectSettings, SessionKeyChallenge, SessionKeyResponse } from '@latchkey/protocol';
import { createSessionKeyChallenge } from '../actions/createSessionKeyChallenge.js';
import { registerSessionKey } from '../actions/registerSessionKey.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { ApiClient } from '../transport/createApi.js';
import { rawSignatureToDer, toHex, utf8 } from './bytes.js';
import type { EmbeddedWalletAccount } from './embeddedAccount.js';
import type { SessionKey } from './stampers/createSessionKeyStamper.js';
import type { Stamper } from './stampers/Stamper.js';

/** `sdk.embeddedWallets.sessionKeyDuration` in ms (default 30 minutes), as the server applies it. */
export function sessionKeyDurationMs(settings: ProjectSettings | undefined): number {
  const duration = settings?.sdk.embeddedWallets?.sessionKeyDuration;
  if (!duration) return 30 * 60_000;
  return duration.amount * { minutes: 60_000, hours: 3_600_000, days: 86_400_000 }[duration.unit];
}

/**
 * The kit checks what it is asked to sign before it signs: the custody request registering exactly its new key
 * in its own wallet's organisation. Anything else is `invalid_response` (nothing is signed).
 */
export function checkSessionKeyChallenge(challenge: SessionKeyChallenge, expected: { publicKey: string; organizationId: string }): void {
  let body: { type?: unknown; organizationId?: unknown; parameters?: { apiKeys?: { publicKey?: unknown; apiKeyName?: unknown }[] } };
  try {
    body = JSON.parse(challenge.body);
  } catch (error) {
    throw new LatchkeyError('invalid_response', { cause: error });
  }
  const keys = body.parameters?.apiKeys;
  const ok =
    body.type === 'ACTIVITY_TYPE_CREATE_API_KEYS_V2' &&
    body.organizationId === expected.organizationId &&
    Array.isArray(keys) &&
    keys.length === 1 &&
    keys[0]?.publicKey === expected.publicKey &&
    keys[0]?.apiKeyName === `session-${challenge.nonce}`;
  if (!ok) throw new LatchkeyError('invalid_response', { message: 'The session-key challenge does not register this key in this wallet.' });
}

/** A hex DER ECDSA-P256-SHA256 signature of `body` by a (non-extractable) session key. */
async function signWithKey(privateKey: CryptoKey, body: string): Promise<string> {
  const raw = new Uint8Array(await globalThis.crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, utf8(body)));
  return toHex(rawSignatureToDer(raw));
}

/**
 * Registers a new session key for the wallet. Without a passkey the session JWT suffices. With one
 * (`isAuthenticatorAttached`) the server's challenge is proven: by the current, unexpired session key when there is
 * one (no prompt), else by a fresh assertion of the wallet's passkey.
 */
export async function registerWalletSessionKey(
  host: ApiClient,
  options: { account: EmbeddedWalletAccount; key: SessionKey; previous?: { privateKey: CryptoKey } | undefined; passkeyStamper: () => Stamper },
): Promise<SessionKeyResponse> {
  const { account, key, previous } = options;
  if (!account.isAuthenticatorAttached) return registerSessionKey(host, { publicKey: key.publicKey });
  const challenge = async () => {
    const issued = await createSessionKeyChallenge(host, { publicKey: key.publicKey });
    checkSessionKeyChallenge(issued, { publicKey: key.publicKey, organizationId: account.organizationId });
    return issued;
  };
  if (previous) {
    try {
      const issued = await challenge();
      return await registerSessionKey(host, { publicKey: key.publicKey, challenge: issued.body, prevSessionKeySignature: await signWithKey(previous.privateKey, issued.body) });
    } catch (error) {
      // The previous key lapsed or was revoked: the passkey decides.
      if (!(error instanceof LatchkeyError && error.code === 'invalid_session_public_key')) throw error;
    }
  }
  const issued = await challenge();
  const stamp = await options.passkeyStamper().stamp(issued.body);
  return registerSessionKey(host, { publicKey: key.publicKey, challenge: issued.body, passkeyStamp: stamp });
}
