/** A scripted WebAuthn for headless tests: records calls and answers from the given functions. */
import type { AuthenticationCredential, PasskeyAuthenticationOptions, PasskeyRegistrationOptions, RegistrationCredential } from '@latchkey/protocol';
import type { WebAuthnCeremonies } from '../core/webauthn/WebAuthnCeremonies.js';

export const CREDENTIAL_ID = 'Y3JlZGVudGlhbC0x';

export function fakeRegistrationCredential(): RegistrationCredential {
  return {
    id: CREDENTIAL_ID,
    rawId: CREDENTIAL_ID,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
  };
}

export function fakeAuthenticationCredential(): AuthenticationCredential {
  return {
    id: CREDENTIAL_ID,
    rawId: CREDENTIAL_ID,
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlcg' },
  };
}

export function fakeRegistrationOptions(overrides: Partial<PasskeyRegistrationOptions> = {}): PasskeyRegistrationOptions {
  return {
    rp: { id: 'localhost', name: 'Latchkey Demo' },
    user: { id: 'AAECAwQFBgcICQoLDA0ODw', name: 'ada@example.com', displayName: 'ada@example.com' },
    challenge: 'Y2hhbGxlbmdl',
    pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    timeout: 300_000,
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
    excludeCredentials: [],
    attestation: 'none',
    ...overrides,
  };
}

export function fakeAuthenticationOptions(overrides: Partial<PasskeyAuthenticationOptions> = {}): PasskeyAuthenticationOptions {
  return { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', timeout: 300_000, userVerification: 'preferred', allowCredentials: [], ...overrides };
}

/** An error shaped like `@simplewebauthn/browser`'s `WebAuthnError`. */
export function webAuthnError(code: string, cause: { name: string; message: string } = { name: 'Error', message: code }): Error {
  const error = new Error(cause.message, { cause: Object.assign(new Error(cause.message), { name: cause.name }) }) as Error & { code: string };
  error.name = cause.name;
  error.code = code;
  return error;
}

export interface FakeWebAuthn extends WebAuthnCeremonies {
  readonly calls: string[];
}

export function createFakeWebAuthn(
  options: {
    supported?: boolean;
    hostname?: string;
    register?: (options: PasskeyRegistrationOptions) => Promise<RegistrationCredential>;
    authenticate?: (options: PasskeyAuthenticationOptions) => Promise<AuthenticationCredential>;
  } = {},
): FakeWebAuthn {
  const calls: string[] = [];
  return {
    calls,
    isSupported: () => options.supported ?? true,
    hostname: () => ('hostname' in options ? options.hostname : 'localhost'),
    startRegistration(registration) {
      calls.push('startRegistration');
      return (options.register ?? (async () => fakeRegistrationCredential()))(registration);
    },
    startAuthentication(authentication) {
      calls.push('startAuthentication');
      return (options.authenticate ?? (async () => fakeAuthenticationCredential()))(authentication);
    },
    cancel() {
      calls.push('cancel');
    },
  };
}

/** A promise with its resolve/reject outside. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
