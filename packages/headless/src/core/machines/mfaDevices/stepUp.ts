import type { MfaUserMethods, SignInResponse } from '@latchkey/protocol';
import { fromPromise } from 'xstate';
import { authenticateMfaPasskey } from '../../actions/authenticateMfaPasskey.js';
import { authenticateMfaRecoveryCode } from '../../actions/authenticateMfaRecoveryCode.js';
import { authenticateMfaTotp } from '../../actions/authenticateMfaTotp.js';
import { getMfaMethods } from '../../actions/getMfaMethods.js';
import { getMfaPasskeyAuthenticationOptions } from '../../actions/getMfaPasskeyAuthenticationOptions.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import type { ApiClient } from '../../transport/createApi.js';
import { runCeremony, supportedWebAuthn } from '../../webauthn/runCeremony.js';
import type { WebAuthnLoader } from '../../webauthn/WebAuthnCeremonies.js';
import { validateAuthenticationOptions } from '../../webauthn/validatePasskeyOptions.js';
import { normalizeCode } from '../codeVerification/codeVerificationMachine.js';

/**
 * Step-up: the sandbox (and the product) refuse removing a second factor — deleting a device, regenerating the
 * recovery codes — with 403 `mfa_invalid_request` unless this session passed a second factor in the last minutes.
 * The MFA auth routes called with the **session token** as bearer are that step-up: they answer a sign-in response
 * for the same session (a fresh JWT), which the flow hands to the session before retrying the command once.
 */
export type StepUpMethod = 'totp' | 'recovery' | 'passkey';

export interface StepUpClient extends ApiClient {
  webauthn: WebAuthnLoader;
}

/** Answers that end a second-factor check (the attempts of this session are used up, or the session or token is gone). */
const ENDING_CODES: ReadonlySet<string> = new Set(['too_many_verification_attempts', 'unauthorized']);

/** An error that ends a second-factor check: the step-up, or the challenge after sign-in (sign in again). */
export function isEndingMfaError(error: unknown): boolean {
  return error instanceof LatchkeyError && ENDING_CODES.has(error.code);
}

/** A refusal that a step-up can lift: 403 `mfa_invalid_request` (the 400 of the same code — the last required device — cannot). */
export function isStepUpRequired(error: unknown): boolean {
  return error instanceof LatchkeyError && error.code === 'mfa_invalid_request' && error.status === 403;
}

const TOTP_PATTERN = /^\d{6}$/;
const RECOVERY_PATTERN = /^[a-z0-9]{4}-?[a-z0-9]{4}$/i;

/** A code shaped as the method expects (6 digits for an authenticator app, `7kq2-m9xd` for a recovery code). */
export function isWellFormedStepUpCode(method: 'totp' | 'recovery', code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return method === 'totp' ? TOTP_PATTERN.test(normalizeCode(code)) : RECOVERY_PATTERN.test(code.trim());
}

/** The actors of a step-up, as named xstate implementations (spread into `setup({ actors })`; the challenge after sign-in uses them too). */
export const stepUpActors = {
  loadStepUpMethods: fromPromise<MfaUserMethods, { client: StepUpClient }>(({ input }) => getMfaMethods(input.client)),
  stepUpWithCode: fromPromise<SignInResponse, { client: StepUpClient; method: 'totp' | 'recovery'; code: string }>(({ input }) =>
    input.method === 'recovery'
      ? authenticateMfaRecoveryCode(input.client, { code: input.code.trim() })
      : authenticateMfaTotp(input.client, { code: normalizeCode(input.code) }),
  ),
  stepUpWithPasskey: fromPromise<SignInResponse, { client: StepUpClient }>(async ({ input, signal }) => {
    const webauthn = await supportedWebAuthn(input.client);
    const options = await getMfaPasskeyAuthenticationOptions(input.client);
    validateAuthenticationOptions(options, webauthn.hostname());
    const credential = await runCeremony(webauthn, signal, () => webauthn.startAuthentication(options));
    return authenticateMfaPasskey(input.client, { credential });
  }),
};
