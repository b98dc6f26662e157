import type { MfaDevice, MfaUserMethods, TotpRegistration } from '@latchkey/protocol';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  mfaChallengeError,
  mfaChallengeIsBusy,
  mfaChallengeMachine,
  mfaChallengeStatus,
  type MfaChallengeSnapshot,
  type MfaChallengeStatus,
} from '../core/machines/mfaChallenge/mfaChallengeMachine.js';
import type { SessionSnapshot } from '../core/machines/session/sessionMachine.js';
import { orderMfaMethods, type MfaMethod } from '../core/mfa/orderMfaMethods.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useLatchkey } from './useLatchkey.js';

/** What the pending sign-in asks for: a code of the user's device, or (MFA required, no device yet) enrolment first. */
export type MfaChallengeKind = 'code' | 'enrolment';

/** None yet: the flow takes its client from the nearest `LatchkeyProvider` and follows its session. */
export interface UseMfaChallengeParameters {}

export interface UseMfaChallengeReturnType {
  status: MfaChallengeStatus;
  /** While the session is in `mfa`: `enrolment` when a device must be set up before its first code finishes the sign-in. */
  challenge: MfaChallengeKind | undefined;
  /** The second factors to offer, in order (SPEC §3 method settings: disabled left out, the default first). */
  methods: MfaMethod[];
  /**
   * The second factors the user has — `{ methods, hasRecoveryCodes }` of GET /users/mfa/methods, asked
   * once the session is in `mfa` with a code challenge; `undefined` until then (or when they could not
   * be loaded).
   */
  userMethods: MfaUserMethods | undefined;
  /** True when the user has a passkey as a second factor (known with `userMethods`). */
  passkeyOffered: boolean;
  /**
   * Whether the user has an authenticator app (TOTP) as a second factor; `undefined` while unknown
   * (`status` is `loadingMethods` while it is asked, or the answer failed: then let the settings'
   * `methods` decide).
   */
  totpOffered: boolean | undefined;
  /** Enrolment first (MFA required): the TOTP `secret` and the otpauth `uri` (for a QR code) while it is set up. */
  registration: TotpRegistration | undefined;
  /** Enrolment first: the device added; its next code finishes the sign-in. */
  device: MfaDevice | undefined;
  /** e.g. `mfa_invalid_code` ('Invalid code'); `too_many_verification_attempts` in `failed`. */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /** The authenticator app's code finishes the sign-in (session status `mfa`). */
  submitCode(code: string): void;
  /** A recovery code instead (each works once). */
  submitRecoveryCode(code: string): void;
  /** A passkey registered as a second factor finishes the sign-in. */
  authenticatePasskey(): void;
  /** Enrolment first: fetch a secret for an authenticator app, then confirm it with the first code. */
  startEnrolment(): void;
  submitEnrolmentCode(code: string): void;
  /** Abandons the pending sign-in (the session goes back to signed out). */
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: MfaChallengeSnapshot) => mfaChallengeStatus(snapshot);
const selectError = (snapshot: MfaChallengeSnapshot) => mfaChallengeError(snapshot);
const selectBusy = (snapshot: MfaChallengeSnapshot) => mfaChallengeIsBusy(snapshot);
const selectRegistration = (snapshot: MfaChallengeSnapshot) => snapshot.context.enrolment?.context.registration;
const selectDevice = (snapshot: MfaChallengeSnapshot) => snapshot.context.device;
const selectPasskeyOffered = (snapshot: MfaChallengeSnapshot) => snapshot.context.passkeyOffered === true;
const selectUserMethods = (snapshot: MfaChallengeSnapshot) => snapshot.context.userMethods;
const selectChallenge = (snapshot: SessionSnapshot): MfaChallengeKind | undefined =>
  snapshot.matches('mfa') ? (snapshot.context.mfaNextView === 'mfa-enrolment' ? 'enrolment' : 'code') : undefined;

/**
 * The second factor after sign-in, one flow per component that calls it: the authenticator app's code,
 * a recovery code or an MFA passkey — and, when MFA is required and the user has no device yet, setting
 * one up inside the sign-in. Once a code challenge begins it asks (once) which factors the user has.
 */
export function useMfaChallenge(_parameters: UseMfaChallengeParameters = {}): UseMfaChallengeReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(mfaChallengeMachine, { input: { client } });
  const status = useSelector(actor, selectStatus);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const registration = useSelector(actor, selectRegistration);
  const device = useSelector(actor, selectDevice);
  const passkeyOffered = useSelector(actor, selectPasskeyOffered);
  const userMethods = useSelector(actor, selectUserMethods);
  const totpOffered = userMethods === undefined ? undefined : userMethods.methods.includes('totp');
  const challenge = useSelector(client.session, selectChallenge);
  const { settings } = useLatchkey();
  const methods = useMemo(() => orderMfaMethods(settings), [settings]);
  // A code challenge began: find out (once) which second factors the user has.
  useEffect(() => {
    const snapshot = actor.getSnapshot();
    if (challenge === 'code' && snapshot.matches('idle') && snapshot.context.passkeyOffered === undefined) {
      actor.send({ type: 'user.loadMethods' });
    }
  }, [challenge, actor]);
  const commands = useMemo(
    () => ({
      submitCode: (code: string) => actor.send({ type: 'user.submitCode', code }),
      submitRecoveryCode: (code: string) => actor.send({ type: 'user.submitRecoveryCode', code }),
      authenticatePasskey: () => actor.send({ type: 'user.authenticatePasskey' }),
      startEnrolment: () => actor.send({ type: 'user.startEnrolment' }),
      submitEnrolmentCode: (code: string) => actor.send({ type: 'user.submitEnrolmentCode', code }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ status, challenge, methods, userMethods, passkeyOffered, totpOffered, registration, device, error, isBusy, ...commands }),
    [status, challenge, methods, userMethods, passkeyOffered, totpOffered, registration, device, error, isBusy, commands],
  );
}
