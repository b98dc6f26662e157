import type { PasskeyAttestation, PasskeyRegistrationOptions } from '@latchkey/protocol';
import { PASSKEY_ALGORITHM, PASSKEY_TIMEOUT_MS, PASSKEY_USER_VERIFICATION } from '@latchkey/protocol/constants';
import { supportedWebAuthn } from '../webauthn/runCeremony.js';
import { toPasskeyError } from '../webauthn/toPasskeyError.js';
import { validateRegistrationOptions } from '../webauthn/validatePasskeyOptions.js';
import type { WebAuthnLoader } from '../webauthn/WebAuthnCeremonies.js';
import { toBase64Url, utf8 } from './bytes.js';

/** A passkey made for an embedded wallet: the custody-side attestation and the challenge it signs. */
export interface WalletPasskey {
  challenge: string;
  attestation: PasskeyAttestation;
}

/**
 * The registration ceremony of a wallet's passkey (the wallet is created "with" it): the kit makes
 * the challenge, the browser the credential, for this page's host as relying party; custody later
 * verifies the attestation against the challenge and keeps the passkey as an authenticator of the
 * wallet's sub-organization. No WebAuthn → 'Webauthn is not supported on this device.'; a failed
 * ceremony → the passkey codes of SPEC §8.
 */
export async function createWalletPasskey(
  host: { webauthn: WebAuthnLoader },
  parameters: { appName: string; userId: string; userName: string; alias?: string | undefined },
): Promise<WalletPasskey> {
  const webauthn = await supportedWebAuthn(host);
  const hostname = webauthn.hostname();
  const name = parameters.alias ?? parameters.userName;
  const options: PasskeyRegistrationOptions = {
    rp: { ...(hostname ? { id: hostname } : {}), name: parameters.appName },
    user: { id: toBase64Url(utf8(parameters.userId).slice(0, 64)), name, displayName: name },
    challenge: toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(32))),
    pubKeyCredParams: [{ alg: PASSKEY_ALGORITHM, type: 'public-key' }],
    timeout: PASSKEY_TIMEOUT_MS,
    authenticatorSelection: { residentKey: 'preferred', userVerification: PASSKEY_USER_VERIFICATION },
    excludeCredentials: [],
    attestation: 'none',
  };
  validateRegistrationOptions(options, hostname);
  let credential: Awaited<ReturnType<Awaited<ReturnType<WebAuthnLoader>>['startRegistration']>>;
  try {
    credential = await webauthn.startRegistration(options);
  } catch (error) {
    throw toPasskeyError(error);
  }
  return {
    challenge: options.challenge,
    attestation: {
      credentialId: credential.id,
      clientDataJson: credential.response.clientDataJSON,
      attestationObject: credential.response.attestationObject,
      transports: credential.response.transports ?? [],
    },
  };
}
