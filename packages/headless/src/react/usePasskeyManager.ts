import type { PasskeyRecord } from '@latchkey/protocol';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  passkeyManagerMachine,
  passkeyManagerStatus,
  type PasskeyManagerSnapshot,
  type PasskeyManagerStatus,
} from '../core/machines/passkeyManager/passkeyManagerMachine.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useStepUp, type UseStepUpReturnType } from './useStepUp.js';

/** None yet: the flow takes its client from the nearest `LatchkeyProvider`. */
export interface UsePasskeyManagerParameters {}

export interface UsePasskeyManagerReturnType {
  status: PasskeyManagerStatus;
  /** The user's passkeys once `load()` has run; kept in step with register, rename and remove. */
  passkeys: PasskeyRecord[] | undefined;
  /** The passkey the last `register()` added. */
  registered: PasskeyRecord | undefined;
  /** While a delete waits for a second factor (`confirming`: 403 `mfa_invalid_request`): the prompt's state and commands. */
  stepUp: UseStepUpReturnType | undefined;
  /** A passkey code of SPEC §8, `webauthn_not_supported`, or a server code. Warn-only cases leave none. */
  error: LatchkeyError | undefined;
  /** True while a request or a ceremony runs. */
  isBusy: boolean;
  /** True while the browser's passkey prompt is (about to be) shown. */
  isCeremony: boolean;
  /** Registers a passkey for the signed-in user (the session's user gains it). */
  register(alias?: string): void;
  load(): void;
  /** Renames a passkey (1–64 characters; `invalid_request` otherwise, before any request). */
  rename(id: string, alias: string): void;
  /** Deletes a passkey; a user with a second factor may be asked to confirm first (`stepUp`), then it runs once more. */
  remove(id: string): void;
  /** Aborts the running registration. */
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: PasskeyManagerSnapshot) => passkeyManagerStatus(snapshot);
const selectPasskeys = (snapshot: PasskeyManagerSnapshot) => snapshot.context.passkeys;
const selectRegistered = (snapshot: PasskeyManagerSnapshot) => snapshot.context.registered;
const selectError = (snapshot: PasskeyManagerSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: PasskeyManagerSnapshot) => snapshot.hasTag('busy');
const selectCeremony = (snapshot: PasskeyManagerSnapshot) => snapshot.hasTag('ceremony');

/** The signed-in user's passkeys: register, list, rename, delete — one flow per component that calls it. */
export function usePasskeyManager(_parameters: UsePasskeyManagerParameters = {}): UsePasskeyManagerReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(passkeyManagerMachine, { input: { client } });
  const status = useSelector(actor, selectStatus);
  const passkeys = useSelector(actor, selectPasskeys);
  const registered = useSelector(actor, selectRegistered);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const isCeremony = useSelector(actor, selectCeremony);
  const stepUp = useStepUp(actor, status === 'confirming' ? 'deletePasskey' : undefined);
  const commands = useMemo(
    () => ({
      register: (alias?: string) => actor.send({ type: 'user.register', alias }),
      load: () => actor.send({ type: 'user.load' }),
      rename: (id: string, alias: string) => actor.send({ type: 'user.rename', id, alias }),
      remove: (id: string) => actor.send({ type: 'user.delete', id }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ status, passkeys, registered, stepUp, error, isBusy: isBusy || stepUp?.isBusy === true, isCeremony, ...commands }),
    [status, passkeys, registered, stepUp, error, isBusy, isCeremony, commands],
  );
}
