import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  codeVerificationStatus,
  type CodeVerificationMachine,
  type CodeVerificationSnapshot,
  type CodeVerificationStatus,
} from '../core/machines/codeVerification/codeVerificationMachine.js';
import type { Purpose } from '../core/machines/signInHandOver.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

/** What the e-mail and SMS hooks share: the code flow's view model over one channel's machine. */
export interface CodeVerificationView {
  status: CodeVerificationStatus;
  destination: unknown;
  sentTo: unknown;
  error: LatchkeyError | undefined;
  isBusy: boolean;
  sendCode(destination: unknown): void;
  resendCode(): void;
  submitCode(code: string): void;
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: CodeVerificationSnapshot) => codeVerificationStatus(snapshot);
const selectDestination = (snapshot: CodeVerificationSnapshot) => snapshot.context.destination;
const selectSentTo = (snapshot: CodeVerificationSnapshot) => snapshot.context.sentTo;
const selectError = (snapshot: CodeVerificationSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: CodeVerificationSnapshot) => snapshot.hasTag('busy');

/** Starts `machine` (one channel of the code-verification machine) for this component and reads it narrowly. */
export function useCodeVerification(machine: CodeVerificationMachine, purpose: Purpose = 'signIn'): CodeVerificationView {
  const client = useLatchkeyClient();
  const actor = useActorRef(machine, { input: { client, purpose } });
  const status = useSelector(actor, selectStatus);
  const destination = useSelector(actor, selectDestination);
  const sentTo = useSelector(actor, selectSentTo);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const commands = useMemo(
    () => ({
      sendCode: (value: unknown) => actor.send({ type: 'user.submitDestination', destination: value }),
      resendCode: () => actor.send({ type: 'user.resendCode' }),
      submitCode: (code: string) => actor.send({ type: 'user.submitCode', code }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(() => ({ status, destination, sentTo, error, isBusy, ...commands }), [status, destination, sentTo, error, isBusy, commands]);
}
