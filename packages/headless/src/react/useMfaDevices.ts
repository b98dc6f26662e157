import type { MfaDevice, RecoveryCodes } from '@latchkey/protocol';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { mfaDevicesMachine, mfaDevicesStatus, type MfaDevicesSnapshot, type MfaDevicesStatus } from '../core/machines/mfaDevices/mfaDevicesMachine.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

/** None yet: the flow takes its client from the nearest `LatchkeyProvider`. */
export interface UseMfaDevicesParameters {}

export interface UseMfaDevicesReturnType {
  status: MfaDevicesStatus;
  /** The user's devices once `loadDevices()` ran (the default first), kept in step with the changes below. */
  devices: MfaDevice[] | undefined;
  /** `{ count, recoveryCodes }` right after `regenerateRecoveryCodes()`: the new set, shown once. */
  recoveryCodes: RecoveryCodes | undefined;
  /** e.g. `mfa_device_not_found`, `invalid_request` for a bad name. */
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
  reset(): void;
}

const selectStatus = (snapshot: MfaDevicesSnapshot) => mfaDevicesStatus(snapshot);
const selectDevices = (snapshot: MfaDevicesSnapshot) => snapshot.context.devices;
const selectRecoveryCodes = (snapshot: MfaDevicesSnapshot) => snapshot.context.recoveryCodes;
const selectError = (snapshot: MfaDevicesSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: MfaDevicesSnapshot) => snapshot.hasTag('busy');

/** The signed-in user's second-factor devices (list, rename, make default, delete) and new recovery codes — one flow per component that calls it. */
export function useMfaDevices(_parameters: UseMfaDevicesParameters = {}): UseMfaDevicesReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(mfaDevicesMachine, { input: { client } });
  const status = useSelector(actor, selectStatus);
  const devices = useSelector(actor, selectDevices);
  const recoveryCodes = useSelector(actor, selectRecoveryCodes);
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
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(() => ({ status, devices, recoveryCodes, error, isBusy, ...commands }), [status, devices, recoveryCodes, error, isBusy, commands]);
}
