import { LatchkeyError } from '../errors/LatchkeyError.js';
import { toPasskeyError } from './toPasskeyError.js';
import type { WebAuthnCeremonies, WebAuthnLoader } from './WebAuthnCeremonies.js';

/** The WebAuthn of the client, or `webauthn_not_supported` ('Webauthn is not supported on this device.'). */
export async function supportedWebAuthn(client: { webauthn: WebAuthnLoader }): Promise<WebAuthnCeremonies> {
  let webauthn: WebAuthnCeremonies;
  try {
    webauthn = await client.webauthn();
  } catch (error) {
    throw new LatchkeyError('webauthn_not_supported', { cause: error });
  }
  if (!webauthn.isSupported()) throw new LatchkeyError('webauthn_not_supported');
  return webauthn;
}

/** Runs a ceremony; stopping the actor (cancel, a new ceremony) aborts it in the browser. Failures become passkey codes. */
export async function runCeremony<T>(webauthn: WebAuthnCeremonies, signal: AbortSignal, start: () => Promise<T>): Promise<T> {
  if (signal.aborted) throw new LatchkeyError('passkey_ceremony_aborted');
  const abort = () => webauthn.cancel();
  signal.addEventListener('abort', abort, { once: true });
  try {
    return await start();
  } catch (error) {
    throw toPasskeyError(error);
  } finally {
    signal.removeEventListener('abort', abort);
  }
}
