import type { MfaDevice, MfaUserMethods, RecoveryCodes } from '@latchkey/protocol';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  mfaDevicesMachine,
  mfaDevicesStatus,
  mfaDevicesStepUpFor,
  type MfaDevicesSnapshot,
  type MfaDevicesStatus,
} from '../core/machines/mfaDevices/mfaDevicesMachine.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

/** None yet: the flow takes its client from the nearest `LatchkeyProvider`. */
export interface UseMfaDevicesParameters {}

export interface UseMfaDevicesReturnType {
  status: MfaDevicesStatus;
  /** The user's devices once `loadDevices()` ran (the default first), kept in step with the changes below. */
  devices: MfaDevice[] | undefined;
  /** `{ count, recoveryCodes }` right after `regenerateRecoveryCodes()`: the new set, shown once. */
  recoveryCodes: RecoveryCodes | undefined;
  /**
   * Set while a second factor is asked for (`loadingStepUpMethods`, `awaitingStepUp`, `steppingUp`,
   * `steppingUpWithPasskey`): what it is for — the server refused deleting a device or a new set of recovery codes
   * with 403 `mfa_invalid_request`, as this session passed no second factor in the last 5 minutes.
   */
  stepUpFor: 'deleteDevice' | 'regenerateRecoveryCodes' | 'changeDevice' | undefined;
  /** During a step-up: the user's second factors (each type of verified device, and whether a recovery code is left); undefined while loading or when unknown. */
  stepUpMethods: MfaUserMethods | undefined;
  /** e.g. `mfa_device_not_found`, `invalid_request` for a bad name; during a step-up `mfa_invalid_code` ('Invalid code'). */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  loadDevices(): void;
  /** Renames a device (1–64 characters; `invalid_request` otherwise, before any request). */
  renameDevice(id: string, alias: string): void;
  makeDefaultDevice(id: string): void;
  /** Deletes a device (`mfa_device_not_found` when it is not the user's). */
  deleteDevice(id: string): void;
  /** Replaces the recovery codes with a new set (the old ones stop working). */
  regenerateRecoveryCodes(): void;
  /** The user saved the codes shown: recorded on the server, then forgotten here. */
  acknowledgeRecoveryCodes(): void;
  /** Step-up with the authenticator app's current code; after it passes, the refused command runs once more. */
  stepUpWithCode(code: string): void;
  /** Step-up with a recovery code (it is spent). */
  stepUpWithRecoveryCode(code: string): void;
  /** Step-up with one of the user's MFA passkeys. */
  stepUpWithPasskey(): void;
  /** Leaves the step-up: the refused command is dropped and everything stays as it was. */
  cancelStepUp(): void;
  reset(): void;
}

const selectStatus = (snapshot: MfaDevicesSnapshot) => mfaDevicesStatus(snapshot);
const selectDevices = (snapshot: MfaDevicesSnapshot) => snapshot.context.devices;
const selectRecoveryCodes = (snapshot: MfaDevicesSnapshot) => snapshot.context.recoveryCodes;
const selectStepUpFor = (snapshot: MfaDevicesSnapshot) => mfaDevicesStepUpFor(snapshot);
const selectStepUpMethods = (snapshot: MfaDevicesSnapshot) => snapshot.context.stepUpMethods;
const selectError = (snapshot: MfaDevicesSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: MfaDevicesSnapshot) => snapshot.hasTag('busy');

/**
 * The signed-in user's second-factor devices (list, rename, make default, delete) and new recovery codes — one flow
 * per component that calls it. Removing a second factor may ask for a step-up first (`stepUpFor`), after which the
 * command runs once more.
 */
export function useMfaDevices(_parameters: UseMfaDevicesParameters = {}): UseMfaDevicesReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(mfaDevicesMachine, { input: { client } });
  const status = useSelector(actor, selectStatus);
  const devices = useSelector(actor, selectDevices);
  const recoveryCodes = useSelector(actor, selectRecoveryCodes);
  const stepUpFor = useSelector(actor, selectStepUpFor);
  const stepUpMethods = useSelector(actor, selectStepUpMethods);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const commands = useMemo(
    () => ({
      loadDevices: () => actor.send({ type: 'user.loadDevices' }),
      renameDevice: (id: string, alias: string) => actor.send({ type: 'user.renameDevice', id, alias }),
      makeDefaultDevice: (id: string) => actor.send({ type: 'user.makeDefaultDevice', id }),
      deleteDevice: (id: string) => actor.send({ type: 'user.deleteDevice', id }),
      regenerateRecoveryCodes: () => actor.send({ type: 'user.regenerateRecoveryCodes' }),
      acknowledgeRecoveryCodes: () => actor.send({ type: 'user.acknowledgeRecoveryCodes' }),
      stepUpWithCode: (code: string) => actor.send({ type: 'user.stepUpWithCode', code }),
      stepUpWithRecoveryCode: (code: string) => actor.send({ type: 'user.stepUpWithRecoveryCode', code }),
      stepUpWithPasskey: () => actor.send({ type: 'user.stepUpWithPasskey' }),
      cancelStepUp: () => actor.send({ type: 'user.cancelStepUp' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ status, devices, recoveryCodes, stepUpFor, stepUpMethods, error, isBusy, ...commands }),
    [status, devices, recoveryCodes, stepUpFor, stepUpMethods, error, isBusy, commands],
  );
}
