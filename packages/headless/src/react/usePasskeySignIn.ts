import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  passkeySignInMachine,
  passkeySignInStatus,
  type PasskeySignInSnapshot,
  type PasskeySignInStatus,
} from '../core/machines/passkeySignIn/passkeySignInMachine.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

/** None yet: the flow takes its client from the nearest `LatchkeyProvider`. */
export interface UsePasskeySignInParameters {}

export interface UsePasskeySignInReturnType {
  status: PasskeySignInStatus;
  /** A passkey code of SPEC §8, `webauthn_not_supported`, or a server code. Warn-only cases leave none. */
  error: LatchkeyError | undefined;
  /** True while the ceremony and its requests run. */
  isBusy: boolean;
  /** True while the browser's passkey prompt is (about to be) shown. */
  isCeremony: boolean;
  /** Signs in with a discoverable credential; success signs the session in. */
  signIn(): void;
  /** Aborts the running ceremony; the session's sign-in ends with it. */
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: PasskeySignInSnapshot) => passkeySignInStatus(snapshot);
const selectError = (snapshot: PasskeySignInSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: PasskeySignInSnapshot) => snapshot.hasTag('busy');
const selectCeremony = (snapshot: PasskeySignInSnapshot) => snapshot.hasTag('ceremony');

/** Sign-in with a passkey (a discoverable credential), one flow per component that calls it. */
export function usePasskeySignIn(_parameters: UsePasskeySignInParameters = {}): UsePasskeySignInReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(passkeySignInMachine, { input: { client } });
  const status = useSelector(actor, selectStatus);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const isCeremony = useSelector(actor, selectCeremony);
  const commands = useMemo(
    () => ({
      signIn: () => actor.send({ type: 'user.signIn' }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(() => ({ status, error, isBusy, isCeremony, ...commands }), [status, error, isBusy, isCeremony, commands]);
}
