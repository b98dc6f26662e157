import type { WebAuthnCeremonies } from '../../webauthn/WebAuthnCeremonies.js';
import { toBase64Url, toHex, utf8 } from '../bytes.js';
import type { Stamper } from './Stamper.js';

/** SPEC §9: passkey timeout and user verification. */
export const PASSKEY_STAMP_TIMEOUT_MS = 300_000;

/** The hashed challenge of SPEC §9: the UTF-8 bytes of the hex SHA-256 of the body, base64url. */
export async function passkeyStampChallenge(body: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', utf8(body)));
  return toBase64Url(utf8(toHex(digest)));
}

/**
 * The WebAuthn stamp (`X-Stamp-WebAuthn`): an assertion over the hashed challenge, as
 * `{ authenticatorData, clientDataJson, credentialId, signature }`.
 */
export function createPasskeyStamper(options: { webauthn: () => Promise<WebAuthnCeremonies>; rpId: string; allowCredentials?: readonly string[] }): Stamper {
  return {
    async stamp(body) {
      const webauthn = await options.webauthn();
      const assertion = await webauthn.startAuthentication({
        challenge: await passkeyStampChallenge(body),
        rpId: options.rpId,
        timeout: PASSKEY_STAMP_TIMEOUT_MS,
        userVerification: 'preferred',
        allowCredentials: (options.allowCredentials ?? []).map((id) => ({ id, type: 'public-key' as const })),
      } as never);
      const stamp = {
        authenticatorData: assertion.response.authenticatorData,
        clientDataJson: assertion.response.clientDataJSON,
        credentialId: assertion.id,
        signature: assertion.response.signature,
      };
      return { stampHeaderName: 'X-Stamp-WebAuthn', stampHeaderValue: JSON.stringify(stamp) };
    },
  };
}
