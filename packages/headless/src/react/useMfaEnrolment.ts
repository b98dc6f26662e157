import type { MfaDevice, RecoveryCodes, TotpRegistration } from '@latchkey/protocol';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  mfaEnrolmentMachine,
  mfaEnrolmentStatus,
  mfaEnrolmentStepUpFor,
  type MfaEnrolmentSnapshot,
  type MfaEnrolmentStatus,
} from '../core/machines/mfaEnrolment/mfaEnrolmentMachine.js';
import { orderMfaMethods, type MfaMethod } from '../core/mfa/orderMfaMethods.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useLatchkey } from './useLatchkey.js';
import { useStepUp, type UseStepUpReturnType } from './useStepUp.js';

/** None yet: the flow takes its client from the nearest `LatchkeyProvider`. */
export interface UseMfaEnrolmentParameters {}

export interface UseMfaEnrolmentReturnType {
  status: MfaEnrolmentStatus;
  /** The second factors to offer, in order (SPEC §3 method settings: disabled left out, the default first). */
  methods: MfaMethod[];
  /** While enrolling an authenticator app: the TOTP `secret` and the otpauth `uri` (for a QR code). */
  registration: TotpRegistration | undefined;
  /** The device the enrolment verified (`type` `totp` or `passkey`). */
  device: MfaDevice | undefined;
  /** `{ count, recoveryCodes }`: the codes only right after they were generated (shown once). */
  recoveryCodes: RecoveryCodes | undefined;
  /**
   * While a second device or the first recovery codes wait for a second factor (`confirming`: 403
   * `mfa_invalid_request`, none passed by this session in the last 5 minutes): the prompt's state and commands.
   */
  stepUp: UseStepUpReturnType | undefined;
  /** e.g. `mfa_invalid_code` ('Invalid code'), `provider_not_available` (MFA disabled), a passkey code of SPEC §8. */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /** Fetches a secret for an authenticator app; `submitEnrolmentCode` confirms it with the app's first code. */
  startEnrolment(): void;
  submitEnrolmentCode(code: string): void;
  /** Adds a passkey as a second factor (a WebAuthn ceremony); cancelled or timed out is only logged. */
  registerPasskey(alias?: string): void;
  /** Fetches the recovery codes (generated and shown on the first call). */
  loadRecoveryCodes(): void;
  /** The user saved the codes shown: recorded on the server (`mfaBackupCodeAcknowledgement: 'complete'`), then forgotten here. */
  acknowledgeRecoveryCodes(): void;
  /** Leaves the enrolment under way (or aborts the passkey prompt). */
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: MfaEnrolmentSnapshot) => mfaEnrolmentStatus(snapshot);
const selectRegistration = (snapshot: MfaEnrolmentSnapshot) => snapshot.context.registration;
const selectDevice = (snapshot: MfaEnrolmentSnapshot) => snapshot.context.device;
const selectRecoveryCodes = (snapshot: MfaEnrolmentSnapshot) => snapshot.context.recoveryCodes;
const selectError = (snapshot: MfaEnrolmentSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: MfaEnrolmentSnapshot) => snapshot.hasTag('busy');
const selectStepUpFor = (snapshot: MfaEnrolmentSnapshot) => mfaEnrolmentStepUpFor(snapshot);

/** Adding a second factor for the signed-in user (an authenticator app or a passkey), then its recovery codes — one flow per component that calls it. */
export function useMfaEnrolment(_parameters: UseMfaEnrolmentParameters = {}): UseMfaEnrolmentReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(mfaEnrolmentMachine, { input: { client } });
  const status = useSelector(actor, selectStatus);
  const registration = useSelector(actor, selectRegistration);
  const device = useSelector(actor, selectDevice);
  const recoveryCodes = useSelector(actor, selectRecoveryCodes);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const stepUp = useStepUp(actor, useSelector(actor, selectStepUpFor));
  const { settings } = useLatchkey();
  const methods = useMemo(() => orderMfaMethods(settings), [settings]);
  const commands = useMemo(
    () => ({
      startEnrolment: () => actor.send({ type: 'user.startEnrolment' }),
      submitEnrolmentCode: (code: string) => actor.send({ type: 'user.submitEnrolmentCode', code }),
      registerPasskey: (alias?: string) => actor.send({ type: 'user.registerPasskey', alias }),
      loadRecoveryCodes: () => actor.send({ type: 'user.loadRecoveryCodes' }),
      acknowledgeRecoveryCodes: () => actor.send({ type: 'user.acknowledgeRecoveryCodes' }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ status, methods, registration, device, recoveryCodes, stepUp, error, isBusy: isBusy || stepUp?.isBusy === true, ...commands }),
    [status, methods, registration, device, recoveryCodes, stepUp, error, isBusy, commands],
  );
}
