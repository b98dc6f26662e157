import type { MfaDevice, MfaUserMethods, RecoveryCodes, TotpRegistration } from '@latchkey/protocol';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { mfaMachine, type MfaSnapshot, type MfaStatus } from '../core/machines/mfa/mfaMachine.js';
import type { SessionSnapshot } from '../core/machines/session/sessionMachine.js';
import { orderMfaMethods, type MfaMethod } from '../core/mfa/orderMfaMethods.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useLatchkey } from './useLatchkey.js';

/** What the pending sign-in asks for: a code of the user's device, or (MFA required, no device yet) enrolment first. */
export type MfaChallengeKind = 'code' | 'enrolment';

export interface UseMfaReturnType {
  status: MfaStatus;
  /** While the session is in `mfa`: `enrolment` when a device must be set up before its first code finishes the sign-in. */
  challenge: MfaChallengeKind | undefined;
  /** While enrolling: the TOTP `secret` and the otpauth `uri` (for a QR code). */
  registration: TotpRegistration | undefined;
  /** The device the enrolment verified. */
  device: MfaDevice | undefined;
  /** `{ count, recoveryCodes }`: the codes only right after they were generated (shown once). */
  recoveryCodes: RecoveryCodes | undefined;
  /** The user's devices once `loadDevices()` ran (the default first), kept in step with the changes below. */
  devices: MfaDevice[] | undefined;
  loadDevices(): void;
  /** Renames a device (1–64 characters; `invalid_request` otherwise, before any request). */
  renameDevice(id: string, alias: string): void;
  makeDefaultDevice(id: string): void;
  /** Deletes a device (`mfa_device_not_found` when it is not the user's). */
  deleteDevice(id: string): void;
  /** The second factors to offer, in order (SPEC §3 method settings: disabled left out, the default first). */
  methods: MfaMethod[];
  /**
   * Challenge: the second factors the user has — `{ methods, hasRecoveryCodes }` of GET
   * /users/mfa/methods, asked once the session is in `mfa` with a code challenge; `undefined` until
   * then (or when they could not be loaded).
   */
  userMethods: MfaUserMethods | undefined;
  /** Challenge: true when the user has a passkey as a second factor (known with `userMethods`). */
  passkeyOffered: boolean;
  /**
   * Challenge: whether the user has an authenticator app (TOTP) as a second factor; `undefined`
   * while unknown (`status` is `loadingMethods` while it is asked, or the answer failed: then let
   * the settings' `methods` decide).
   */
  totpOffered: boolean | undefined;
  /** e.g. `mfa_invalid_code` ('Invalid code'); `too_many_verification_attempts` in `failed`. */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /** Enrolment (signed in): fetch a secret, then confirm it with the first code. */
  startEnrolment(): void;
  submitEnrolmentCode(code: string): void;
  /** Challenge (session status `mfa`): the authenticator app's code finishes the sign-in. */
  submitCode(code: string): void;
  /** Challenge with a recovery code instead (each works once). */
  submitRecoveryCode(code: string): void;
  /** Adds a passkey as a second factor (a WebAuthn ceremony); cancelled or timed out is only logged. */
  registerPasskey(alias?: string): void;
  /** Challenge: a passkey registered as a second factor finishes the sign-in. */
  authenticatePasskey(): void;
  /** Fetches the recovery codes (generated and shown on the first call), or a new set. */
  loadRecoveryCodes(): void;
  regenerateRecoveryCodes(): void;
  /** The user saved the codes shown: recorded on the server (`mfaBackupCodeAcknowledgement: 'complete'`), then forgotten here. */
  acknowledgeRecoveryCodes(): void;
  /** Leaves enrolment, or abandons the pending sign-in. */
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: MfaSnapshot) => snapshot.value as MfaStatus;
const selectRegistration = (snapshot: MfaSnapshot) => snapshot.context.registration;
const selectDevice = (snapshot: MfaSnapshot) => snapshot.context.device;
const selectRecoveryCodes = (snapshot: MfaSnapshot) => snapshot.context.recoveryCodes;
const selectError = (snapshot: MfaSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: MfaSnapshot) => snapshot.hasTag('busy');
const selectDevices = (snapshot: MfaSnapshot) => snapshot.context.devices;
const selectPasskeyOffered = (snapshot: MfaSnapshot) => snapshot.context.passkeyOffered === true;
const selectUserMethods = (snapshot: MfaSnapshot) => snapshot.context.userMethods;
const selectChallenge = (snapshot: SessionSnapshot): MfaChallengeKind | undefined =>
  snapshot.matches('mfa') ? (snapshot.context.mfaNextView === 'mfa-enrolment' ? 'enrolment' : 'code') : undefined;

/** TOTP enrolment and the MFA challenge after sign-in, one flow per component that calls it. */
export function useMfa(): UseMfaReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(mfaMachine, { input: { client } });
  const status = useSelector(actor, selectStatus);
  const registration = useSelector(actor, selectRegistration);
  const device = useSelector(actor, selectDevice);
  const recoveryCodes = useSelector(actor, selectRecoveryCodes);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const challenge = useSelector(client.session, selectChallenge);
  const passkeyOffered = useSelector(actor, selectPasskeyOffered);
  const userMethods = useSelector(actor, selectUserMethods);
  const totpOffered = userMethods === undefined ? undefined : userMethods.methods.includes('totp');
  const devices = useSelector(actor, selectDevices);
  const { settings } = useLatchkey();
  const methods = useMemo(() => orderMfaMethods(settings), [settings]);
  // A code challenge began: find out (once) which second factors the user has.
  useEffect(() => {
    if (challenge === 'code' && actor.getSnapshot().value === 'idle' && actor.getSnapshot().context.passkeyOffered === undefined) {
      actor.send({ type: 'user.loadMethods' });
    }
  }, [challenge, actor]);
  const commands = useMemo(
    () => ({
      startEnrolment: () => actor.send({ type: 'user.startEnrolment' }),
      submitEnrolmentCode: (code: string) => actor.send({ type: 'user.submitEnrolmentCode', code }),
      submitCode: (code: string) => actor.send({ type: 'user.submitCode', code }),
      submitRecoveryCode: (code: string) => actor.send({ type: 'user.submitRecoveryCode', code }),
      loadDevices: () => actor.send({ type: 'user.loadDevices' }),
      renameDevice: (id: string, alias: string) => actor.send({ type: 'user.renameDevice', id, alias }),
      makeDefaultDevice: (id: string) => actor.send({ type: 'user.makeDefaultDevice', id }),
      deleteDevice: (id: string) => actor.send({ type: 'user.deleteDevice', id }),
      registerPasskey: (alias?: string) => actor.send({ type: 'user.registerPasskey', alias }),
      authenticatePasskey: () => actor.send({ type: 'user.authenticatePasskey' }),
      loadRecoveryCodes: () => actor.send({ type: 'user.loadRecoveryCodes' }),
      regenerateRecoveryCodes: () => actor.send({ type: 'user.regenerateRecoveryCodes' }),
      acknowledgeRecoveryCodes: () => actor.send({ type: 'user.acknowledgeRecoveryCodes' }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ status, challenge, registration, device, recoveryCodes, devices, methods, userMethods, passkeyOffered, totpOffered, error, isBusy, ...commands }),
    [status, challenge, registration, device, recoveryCodes, devices, methods, userMethods, passkeyOffered, totpOffered, error, isBusy, commands],
  );
}
