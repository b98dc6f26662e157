import type { PasskeyRecord } from '@latchkey/protocol';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { passkeyMachine, type PasskeySnapshot, type PasskeyStatus } from '../core/machines/passkey/passkeyMachine.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UsePasskeyReturnType {
  status: PasskeyStatus;
  /** The user's passkeys once `load()` has run; kept in step with register, rename and remove. */
  passkeys: PasskeyRecord[] | undefined;
  /** The passkey the last `register()` added. */
  registered: PasskeyRecord | undefined;
  /** A passkey code of SPEC §8, `webauthn_not_supported`, or a server code. Warn-only cases leave none. */
  error: LatchkeyError | undefined;
  /** True while a request or a ceremony runs. */
  isBusy: boolean;
  /** True while the browser's passkey prompt is (about to be) shown. */
  isCeremony: boolean;
  /** Registers a passkey for the signed-in user. */
  register(alias?: string): void;
  /** Signs in with a discoverable credential; success signs the session in. */
  signIn(): void;
  load(): void;
  rename(id: string, alias: string): void;
  remove(id: string): void;
  /** Aborts the running ceremony. */
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: PasskeySnapshot) => snapshot.value as PasskeyStatus;
const selectPasskeys = (snapshot: PasskeySnapshot) => snapshot.context.passkeys;
const selectRegistered = (snapshot: PasskeySnapshot) => snapshot.context.registered;
const selectError = (snapshot: PasskeySnapshot) => snapshot.context.error;
const selectBusy = (snapshot: PasskeySnapshot) => snapshot.hasTag('busy');
const selectCeremony = (snapshot: PasskeySnapshot) => snapshot.hasTag('ceremony');

/** Passkeys: register, sign in, list, rename, delete — one flow per component that calls it. */
export function usePasskey(): UsePasskeyReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(passkeyMachine, { input: { client } });
  const status = useSelector(actor, selectStatus);
  const passkeys = useSelector(actor, selectPasskeys);
  const registered = useSelector(actor, selectRegistered);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const isCeremony = useSelector(actor, selectCeremony);
  const commands = useMemo(
    () => ({
      register: (alias?: string) => actor.send({ type: 'user.register', alias }),
      signIn: () => actor.send({ type: 'user.signIn' }),
      load: () => actor.send({ type: 'user.load' }),
      rename: (id: string, alias: string) => actor.send({ type: 'user.rename', id, alias }),
      remove: (id: string) => actor.send({ type: 'user.delete', id }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ status, passkeys, registered, error, isBusy, isCeremony, ...commands }),
    [status, passkeys, registered, error, isBusy, isCeremony, commands],
  );
}
