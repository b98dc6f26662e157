import type { AuthenticationCredential, PasskeyAuthenticationOptions, PasskeyRegistrationOptions, RegistrationCredential } from '@latchkey/protocol';

/**
 * The browser side of a passkey ceremony, one method per step (the shape of
 * `@simplewebauthn/browser`), injected into the client so tests and Storybook can swap it.
 */
export interface WebAuthnCeremonies {
  /** Whether this device has WebAuthn at all. */
  isSupported(): boolean;
  /** The page's host name, which the relying party id must match (SPEC §5). */
  hostname(): string | undefined;
  /** `navigator.credentials.create` with the server's options; a running ceremony is aborted first. */
  startRegistration(options: PasskeyRegistrationOptions): Promise<RegistrationCredential>;
  /** `navigator.credentials.get` for a discoverable credential; a running ceremony is aborted first. */
  startAuthentication(options: PasskeyAuthenticationOptions): Promise<AuthenticationCredential>;
  /** Aborts the running ceremony, if any. */
  cancel(): void;
}

/** Loads the ceremonies when a passkey flow first needs them. */
export type WebAuthnLoader = () => Promise<WebAuthnCeremonies>;
