import type { MfaDevice, RecoveryCodes } from '@latchkey/protocol';
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
import { useStepUp, type UseStepUpReturnType } from './useStepUp.js';

/** None yet: the flow takes its client from the nearest `LatchkeyProvider`. */
export interface UseMfaDevicesParameters {}

export interface UseMfaDevicesReturnType {
  status: MfaDevicesStatus;
  /** The user's devices once `loadDevices()` ran (the default first), kept in step with the changes below. */
  devices: MfaDevice[] | undefined;
  /** `{ count, recoveryCodes }` right after `regenerateRecoveryCodes()`: the new set, shown once. */
  recoveryCodes: RecoveryCodes | undefined;
  /**
   * While a command waits for a second factor (`confirming`): the prompt's state and commands. The server refused
   * deleting a device or a new set of recovery codes with 403 `mfa_invalid_request`, as this session passed no second
   * factor in the last 5 minutes; `stepUp.stepUpFor` says which (`deleteDevice`, `regenerateRecoveryCodes`,
   * `changeDevice`). Once it passes, the command runs once more; `stepUp.cancelStepUp()` drops it.
   */
  stepUp: UseStepUpReturnType | undefined;
  /** e.g. `mfa_device_not_found`, `invalid_request` for a bad name, `too_many_verification_attempts` after a step-up. */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  loadDevices(): void;
  /** Renames a device (1–64 characters; `invalid_request` otherwise, before any request). */
  renameDevice(id: string, alias: string): void;
  makeDefaultDevice(id: string): void;
  /** Deletes a device (`mfa_device_not_found` when it is not the user's); it may ask to confirm first (`stepUp`). */
  deleteDevice(id: string): void;
  /** Replaces the recovery codes with a new set (the old ones stop working); it may ask to confirm first (`stepUp`). */
  regenerateRecoveryCodes(): void;
  /** The user saved the codes shown: recorded on the server, then forgotten here. */
  acknowledgeRecoveryCodes(): void;
  reset(): void;
}

const selectStatus = (snapshot: MfaDevicesSnapshot) => mfaDevicesStatus(snapshot);
const selectDevices = (snapshot: MfaDevicesSnapshot) => snapshot.context.devices;
const selectRecoveryCodes = (snapshot: MfaDevicesSnapshot) => snapshot.context.recoveryCodes;
const selectStepUpFor = (snapshot: MfaDevicesSnapshot) => mfaDevicesStepUpFor(snapshot);
const selectError = (snapshot: MfaDevicesSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: MfaDevicesSnapshot) => snapshot.hasTag('busy');

/**
 * The signed-in user's second-factor devices (list, rename, make default, delete) and new recovery codes — one flow
 * per component that calls it. Removing a second factor may ask for a step-up first (`stepUp`), after which the
 * command runs once more.
 */
export function useMfaDevices(_parameters: UseMfaDevicesParameters = {}): UseMfaDevicesReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(mfaDevicesMachine, { input: { client } });
  const status = useSelector(actor, selectStatus);
  const devices = useSelector(actor, selectDevices);
  const recoveryCodes = useSelector(actor, selectRecoveryCodes);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const stepUp = useStepUp(actor, useSelector(actor, selectStepUpFor));
  const commands = useMemo(
    () => ({
      loadDevices: () => actor.send({ type: 'user.loadDevices' }),
      renameDevice: (id: string, alias: string) => actor.send({ type: 'user.renameDevice', id, alias }),
      makeDefaultDevice: (id: string) => actor.send({ type: 'user.makeDefaultDevice', id }),
      deleteDevice: (id: string) => actor.send({ type: 'user.deleteDevice', id }),
      regenerateRecoveryCodes: () => actor.send({ type: 'user.regenerateRecoveryCodes' }),
      acknowledgeRecoveryCodes: () => actor.send({ type: 'user.acknowledgeRecoveryCodes' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ status, devices, recoveryCodes, stepUp, error, isBusy: isBusy || stepUp?.isBusy === true, ...commands }),
    [status, devices, recoveryCodes, stepUp, error, isBusy, commands],
  );
}
